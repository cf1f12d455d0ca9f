/**
 * Where the order about to be sent goes, as the pharmacist chose it in the cart: the shop ('Entregar
 * en') and the wholesaler of a transfer order ('Enviar como transfer a través de', none: directo al
 * laboratorio). Kept per pharmacy, so a choice never travels with another pharmacy's order, and
 * forgotten once an order is sent (the server then proposes the shop last chosen).
 */
import type { CheckoutRequest } from '@botica/api-client/schemas';
import { atom } from 'jotai';

interface DeliveryChoice {
  clientId: number;
  shopId: number | null;
  wholesalerId: number | null;
}

const choiceAtom = atom<DeliveryChoice | null>(null);

/** The choice for a pharmacy: its shop (null: not chosen yet) and wholesaler (null: direct). */
export const deliveryChoiceAtom = atom((get) => get(choiceAtom));

/** Chooses the shop, keeping the wholesaler chosen for the same pharmacy. */
export const chooseShopAtom = atom(null, (get, set, clientId: number, shopId: number) => {
  const current = get(choiceAtom);
  set(choiceAtom, {
    clientId,
    shopId,
    wholesalerId: current?.clientId === clientId ? current.wholesalerId : null,
  });
});

/** Chooses the wholesaler (null: straight to the laboratory), keeping the shop chosen. */
export const chooseWholesalerAtom = atom(null, (get, set, clientId: number, wholesalerId: number | null) => {
  const current = get(choiceAtom);
  set(choiceAtom, {
    clientId,
    shopId: current?.clientId === clientId ? current.shopId : null,
    wholesalerId,
  });
});

/** Forgets the choice (after an order is sent). */
export const forgetDeliveryChoiceAtom = atom(null, (_get, set) => set(choiceAtom, null));

/** What the checkout of pharmacy `clientId` sends of the choice: nothing when none was made for it. */
export function checkoutDelivery(
  choice: DeliveryChoice | null,
  clientId: number,
): Pick<CheckoutRequest, 'shop_id' | 'wholesaler_id'> {
  if (choice === null || choice.clientId !== clientId) return {};
  return {
    ...(choice.shopId === null ? {} : { shop_id: choice.shopId }),
    wholesaler_id: choice.wholesalerId,
  };
}
