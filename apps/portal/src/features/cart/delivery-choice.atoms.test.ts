import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import {
  checkoutDelivery,
  chooseShopAtom,
  chooseWholesalerAtom,
  deliveryChoiceAtom,
  forgetDeliveryChoiceAtom,
} from './delivery-choice.atoms.ts';

describe('the delivery choice', () => {
  it('sends nothing before a choice, so the server keeps its rule', () => {
    const store = createStore();
    expect(checkoutDelivery(store.get(deliveryChoiceAtom), 7)).toEqual({});
  });

  it('sends the shop and the wholesaler chosen, and direct as null', () => {
    const store = createStore();
    store.set(chooseShopAtom, 7, 31);
    store.set(chooseWholesalerAtom, 7, 2);
    expect(checkoutDelivery(store.get(deliveryChoiceAtom), 7)).toEqual({ shop_id: 31, wholesaler_id: 2 });
    store.set(chooseWholesalerAtom, 7, null);
    expect(checkoutDelivery(store.get(deliveryChoiceAtom), 7)).toEqual({ shop_id: 31, wholesaler_id: null });
  });

  it("never sends one pharmacy's choice with another's order", () => {
    const store = createStore();
    store.set(chooseWholesalerAtom, 7, 2);
    expect(checkoutDelivery(store.get(deliveryChoiceAtom), 8)).toEqual({});
    store.set(chooseShopAtom, 8, 40);
    expect(store.get(deliveryChoiceAtom)).toEqual({ clientId: 8, shopId: 40, wholesalerId: null });
  });

  it('forgets the choice once the order is sent', () => {
    const store = createStore();
    store.set(chooseShopAtom, 7, 31);
    store.set(forgetDeliveryChoiceAtom);
    expect(checkoutDelivery(store.get(deliveryChoiceAtom), 7)).toEqual({});
  });
});
