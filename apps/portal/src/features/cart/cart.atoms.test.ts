import type { Cart, CartLineVolume, Order, ReorderResponse } from '@botica/api-client/schemas';
import { cartTotals, centsToEuros } from '@botica/domain';
import { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addLinesToCartAtom,
  addToCartAtom,
  type CartGateway,
  type CartNotification,
  type CartProduct,
  canSendOrderAtom,
  cartCheckingOutAtom,
  cartDirtyAtom,
  cartEnvironmentAtom,
  cartEquivalenceSurchargeAtom,
  cartLinesAtom,
  cartLineVolumesAtom,
  cartPriceChangesAtom,
  cartQuantitiesAtom,
  cartQuantityAtom,
  cartSavingAtom,
  cartStatusAtom,
  cartTotalsAtom,
  checkoutAtom,
  loadCartAtom,
  minimumOrderAtom,
  ORDER_NOT_AS_SHOWN,
  orderConfigurationAtom,
  removeFromCartAtom,
  reorderAtom,
  settleCartAtom,
  updateCartQuantityAtom,
} from './cart.atoms.ts';
import { CART_KEY, monthlyPurchasesKey } from './cart-queries.ts';

const product = (id: number, price: number): CartProduct => ({
  id,
  reference: `BT-${String(id).padStart(5, '0')}`,
  name: `Producto ${id}`,
  format: '60 cápsulas',
  price,
  final_price: null,
  vat_rate: 10,
  stock: 'in_stock',
  image: { thumbnail: `/t/${id}`, miniproduct: `/m/${id}`, full: `/f/${id}` },
});

class HttpFailure extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** A server double: it keeps the cart like the real one and lets a test hold answers back. */
class FakeServer implements CartGateway {
  products = new Map([1, 2, 3].map((id) => [id, product(id, 10 * id)]));
  lines: { id: number; quantity: number }[] = [];
  hasCart = false;
  version = 0;
  saves: { id: number; quantity: number }[][] = [];
  versionsSent: number[] = [];
  failNextSave: HttpFailure | null = null;
  held: (() => void)[] = [];
  holdSaves = false;
  /** The client's regime of recargo de equivalencia. */
  equivalenceSurcharge = false;
  /** The unit price each product's line had at the last save, when the laboratory changed it since. */
  previousPrices = new Map<number, number>();
  /** Each product's volume pricing, carried by its line (none: an older server's answer). */
  volumes = new Map<number, CartLineVolume>();
  configurationsAnswer: () => Promise<{ key: string; value: string }[]> = async () => [
    { key: 'order_minimum_amount', value: '150' },
    { key: 'maximum_purchase_per_month', value: '3000' },
  ];

  cart(): Cart {
    const items = this.lines.map((line) => {
      const p = this.products.get(line.id) as CartProduct;
      return {
        product: p,
        quantity: line.quantity,
        price: p.price * line.quantity,
        price_include_discount: 0,
        ...(this.previousPrices.has(line.id) ? { previous_price: this.previousPrices.get(line.id) } : {}),
        ...(this.volumes.has(line.id) ? { volume: this.volumes.get(line.id) } : {}),
      };
    });
    const totals = cartTotals(items, [], { equivalenceSurcharge: this.equivalenceSurcharge });
    return {
      id: 7,
      client_id: 3,
      items,
      price: centsToEuros(totals.priceCents),
      discounts: [],
      price_discount_line: 0,
      taxes: totals.vat.map((line) => ({
        rate: line.rate,
        base: centsToEuros(line.baseCents),
        amount: centsToEuros(line.amountCents),
      })),
      recargo_equivalencia: this.equivalenceSurcharge,
      surcharges: totals.surcharges.map((line) => ({
        vat_rate: line.vatRate,
        rate: line.rate,
        base: centsToEuros(line.baseCents),
        amount: centsToEuros(line.amountCents),
      })),
      price_tax: centsToEuros(totals.taxCents),
      total_price: centsToEuros(totals.totalCents),
      version: this.version,
      updated_at: '2026-11-21T10:00:00Z',
    };
  }

  async configurations() {
    return { data: await this.configurationsAnswer() };
  }
  async fetchCart() {
    return this.hasCart ? this.cart() : null;
  }
  async saveCart(products: { id: number; quantity: number }[], version: number) {
    this.saves.push(products);
    this.versionsSent.push(version);
    if (this.holdSaves) await new Promise<void>((resolve) => this.held.push(resolve));
    if (this.failNextSave) {
      const failure = this.failNextSave;
      this.failNextSave = null;
      throw failure;
    }
    if (version !== (this.hasCart ? this.version : 0)) throw new HttpFailure(409, 'El pedido ha cambiado.');
    this.lines = products;
    this.hasCart = true;
    this.version += 1;
    return this.cart();
  }
  /** Another tab or user of the pharmacy saves. */
  saveElsewhere(products: { id: number; quantity: number }[]) {
    this.lines = products;
    this.hasCart = true;
    this.version += 1;
  }
  checkouts = 0;
  async checkout(): Promise<Order> {
    this.checkouts += 1;
    this.lines = [];
    this.hasCart = false;
    return { id: 99, number: 'PW-2026-000099' } as Order;
  }
  reorders = 0;
  /** 'Volver a pedir' of an order of one unit of product 3. */
  async reorder(): Promise<ReorderResponse> {
    this.reorders += 1;
    const line = this.lines.find((candidate) => candidate.id === 3);
    if (line) line.quantity += 1;
    else this.lines = [...this.lines, { id: 3, quantity: 1 }];
    this.hasCart = true;
    this.version += 1;
    return { data: this.cart(), skipped: [], adjusted: [] };
  }
  spent = 120.5;
  monthlyPurchaseReads = 0;
  async monthlyPurchases() {
    this.monthlyPurchaseReads += 1;
    return { data: { spent: this.spent } };
  }
  release() {
    const next = this.held.shift();
    next?.();
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the cart state machine', () => {
  let server: FakeServer;
  let notifications: CartNotification[];
  let store: ReturnType<typeof createStore>;
  let queryClient: QueryClient;

  beforeEach(async () => {
    server = new FakeServer();
    notifications = [];
    store = createStore();
    queryClient = new QueryClient();
    store.set(cartEnvironmentAtom, {
      gateway: server,
      queryClient,
      notify: (notification) => notifications.push(notification),
      toCallError: (error) =>
        error instanceof HttpFailure
          ? { status: error.status, message: error.message }
          : { status: 'network' },
    });
    await store.set(loadCartAtom);
  });

  it('loads an empty cart when the server answers 204, and on any error', async () => {
    expect(store.get(cartStatusAtom)).toBe('ready');
    expect(store.get(cartLinesAtom)).toEqual([]);
    server.fetchCart = async () => {
      throw new HttpFailure(500, 'boom');
    };
    await store.set(loadCartAtom);
    expect(store.get(cartStatusAtom)).toBe('ready');
    expect(store.get(cartLinesAtom)).toEqual([]);
  });

  it('adds a new line, saves at once, and toasts once the server has it', async () => {
    const pending = store.set(addToCartAtom, product(1, 10), 3);
    expect(store.get(cartDirtyAtom)).toBe(true);
    expect(store.get(cartSavingAtom)).toBe(true);
    await pending;
    expect(store.get(cartDirtyAtom)).toBe(false);
    expect(store.get(cartSavingAtom)).toBe(false);
    expect(server.saves).toEqual([[{ id: 1, quantity: 3 }]]);
    expect(store.get(cartQuantityAtom)).toBe(3);
    expect(store.get(cartQuantitiesAtom)).toEqual({ '1': 3 });
    expect(notifications).toEqual([
      {
        kind: 'saved',
        product: expect.objectContaining({ id: 1 }),
        previousQuantity: 0,
        quantity: 3,
        text: 'Has agregado 3 unidades en tu pedido',
      },
    ]);
  });

  it('tells the lines the laboratory repriced, until a save acknowledges them, and not those removed', async () => {
    server.saveElsewhere([
      { id: 1, quantity: 2 },
      { id: 2, quantity: 1 },
    ]);
    server.products.set(1, product(1, 12.5));
    server.previousPrices.set(1, 10);
    await store.set(loadCartAtom);
    expect(store.get(cartPriceChangesAtom)).toEqual([
      { productId: 1, name: 'Producto 1', previousCents: 1000, currentCents: 1250 },
    ]);
    // The save acknowledges the new price: the server stops saying it.
    server.previousPrices.clear();
    await store.set(updateCartQuantityAtom, 2, 3);
    await store.set(settleCartAtom);
    expect(store.get(cartPriceChangesAtom)).toEqual([]);

    // A repriced line the pharmacist removes says nothing more, even before the save answers.
    server.products.set(2, product(2, 25));
    server.previousPrices.set(2, 20);
    await store.set(loadCartAtom);
    expect(store.get(cartPriceChangesAtom).map((change) => change.productId)).toEqual([2]);
    server.holdSaves = true;
    const removing = store.set(removeFromCartAtom, 2);
    expect(store.get(cartPriceChangesAtom)).toEqual([]);
    server.release();
    await removing;
  });

  it("gives each line's tiers from the cart's answers, beside the quantity on screen while a save is on its way", async () => {
    const volume = {
      price_before_tiers: 9,
      tiers: [
        { min_quantity: 6, discount_percent: 18 },
        { min_quantity: 12, discount_percent: 25 },
      ],
    };
    server.volumes.set(1, volume);
    server.saveElsewhere([{ id: 1, quantity: 4 }]);
    await store.set(loadCartAtom);
    expect([...store.get(cartLineVolumesAtom)]).toEqual([[1, volume]]);

    server.holdSaves = true;
    const saving = store.set(updateCartQuantityAtom, 1, 11);
    const adding = store.set(addToCartAtom, product(2, 20), 1);
    // The line's quantity as typed; the new line has no tiers until an answer carries them.
    expect(store.get(cartLinesAtom).map((line) => [line.product.id, line.quantity])).toEqual([
      [1, 11],
      [2, 1],
    ]);
    expect(store.get(cartLineVolumesAtom).get(1)).toEqual(volume);
    expect(store.get(cartLineVolumesAtom).has(2)).toBe(false);
    server.holdSaves = false;
    server.release();
    await saving;
    server.release();
    await adding;
    await store.set(settleCartAtom);
    // A line whose answer carries no volume (an older server) has none.
    expect([...store.get(cartLineVolumesAtom).keys()]).toEqual([1]);
  });

  it('adds to an existing line and says how many units it now has', async () => {
    await store.set(addToCartAtom, product(1, 10), 3);
    await store.set(addToCartAtom, product(1, 10), 2);
    expect(store.get(cartLinesAtom).map((line) => line.quantity)).toEqual([5]);
    expect(notifications.at(-1)).toMatchObject({ text: 'Ahora tienes 5 unidades en tu pedido' });
  });

  it('never adds past 9999 units of a line, the most the server takes', async () => {
    await store.set(addToCartAtom, product(1, 10), 9000);
    await store.set(addToCartAtom, product(1, 10), 5000);
    expect(server.lines).toEqual([{ id: 1, quantity: 9999 }]);
    expect(notifications.at(-1)).toMatchObject({ text: 'Ahora tienes 9.999 unidades en tu pedido' });
    await store.set(updateCartQuantityAtom, 1, 99_999);
    expect(server.lines).toEqual([{ id: 1, quantity: 9999 }]);
  });

  it('updates and removes lines, normalising quantities', async () => {
    await store.set(addToCartAtom, product(1, 10), 1);
    await store.set(addToCartAtom, product(2, 20), 1);
    await store.set(updateCartQuantityAtom, 1, Number.NaN);
    expect(server.saves.at(-1)).toEqual([
      { id: 1, quantity: 1 },
      { id: 2, quantity: 1 },
    ]);
    await store.set(updateCartQuantityAtom, 2, 4);
    expect(notifications.at(-1)).toMatchObject({ text: 'Ahora tienes 4 unidades en tu pedido' });
    await store.set(removeFromCartAtom, 1);
    expect(server.lines).toEqual([{ id: 2, quantity: 4 }]);
    expect(store.get(cartTotalsAtom).priceCents).toBe(8000);
  });

  it('never loses an edit made while a save is in flight: the last quantity wins', async () => {
    server.holdSaves = true;
    const first = store.set(addToCartAtom, product(1, 10), 1);
    await flush();
    const second = store.set(updateCartQuantityAtom, 1, 5);
    const third = store.set(updateCartQuantityAtom, 1, 7);
    expect(server.saves).toHaveLength(1); // one save at a time
    server.release();
    await flush();
    expect(server.saves).toHaveLength(2);
    expect(server.saves[1]).toEqual([{ id: 1, quantity: 7 }]);
    expect(store.get(cartLinesAtom)[0]?.quantity).toBe(7); // the stale answer did not overwrite it
    expect(store.get(cartDirtyAtom)).toBe(true);
    server.release();
    await Promise.all([first, second, third]);
    expect(server.lines).toEqual([{ id: 1, quantity: 7 }]);
    expect(store.get(cartDirtyAtom)).toBe(false);
    expect(store.get(cartSavingAtom)).toBe(false);
    expect(notifications.map((n) => (n.kind === 'saved' ? n.text : n.kind))).toEqual([
      'Has agregado 1 unidad en tu pedido',
      'Ahora tienes 5 unidades en tu pedido',
      'Ahora tienes 7 unidades en tu pedido',
    ]);
  });

  it('on a failed save stops saving, explains the monthly cap and reloads the cart', async () => {
    await store.set(addToCartAtom, product(1, 10), 2);
    server.failNextSave = new HttpFailure(406, 'Límite mensual superado');
    await store.set(addToCartAtom, product(2, 20), 200);
    expect(store.get(cartSavingAtom)).toBe(false);
    expect(store.get(cartDirtyAtom)).toBe(false);
    expect(store.get(cartLinesAtom).map((line) => [line.product.id, line.quantity])).toEqual([[1, 2]]);
    expect(notifications.at(-1)).toEqual({
      kind: 'error',
      entry: {
        presentation: 'dialog',
        title: 'Limite de compra superado',
        text: 'Límite mensual superado. Revisa tu pedido o contacta con el laboratorio.',
      },
    });
  });

  it('explains other save failures with the server message', async () => {
    server.failNextSave = new HttpFailure(403, 'Prohibido');
    await store.set(addToCartAtom, product(1, 10), 1);
    expect(notifications.at(-1)).toMatchObject({ kind: 'error', entry: { title: 'Acceso no disponible' } });
    server.failNextSave = new HttpFailure(500, 'Producto descatalogado');
    await store.set(addToCartAtom, product(1, 10), 1);
    expect(notifications.at(-1)).toMatchObject({
      kind: 'error',
      entry: { title: 'Error al guardar el pedido', text: 'Producto descatalogado' },
    });
  });

  it('keeps the changes a 401 refused on screen, says nothing itself, and saves them after the next load', async () => {
    await store.set(addToCartAtom, product(1, 10), 2);
    const before = notifications.length;
    server.failNextSave = new HttpFailure(401, 'No has iniciado sesión o tu sesión ha caducado.');
    await store.set(addToCartAtom, product(2, 20), 4);
    // The session's end is said by the portal ('Autentificación denegada'), not as a failed save.
    expect(notifications.slice(before)).toEqual([]);
    expect(store.get(cartSavingAtom)).toBe(false);
    expect(store.get(cartDirtyAtom)).toBe(true);
    expect(store.get(cartLinesAtom).map((line) => [line.product.id, line.quantity])).toEqual([
      [1, 2],
      [2, 4],
    ]);
    expect(server.lines).toEqual([{ id: 1, quantity: 2 }]);
    // Logged in again, the cart loads, and the change is sent on what the server holds.
    await store.set(loadCartAtom);
    await flush();
    await flush();
    expect(server.lines).toEqual([
      { id: 1, quantity: 2 },
      { id: 2, quantity: 4 },
    ]);
    expect(store.get(cartDirtyAtom)).toBe(false);
    expect(notifications.at(-1)).toMatchObject({ kind: 'saved', quantity: 4 });
  });

  it('holds the order back until the minimum is reached, then sends it and empties the cart', async () => {
    await store.set(addToCartAtom, product(3, 30), 4); // 120 € < 150 €
    expect(store.get(minimumOrderAtom)).toEqual({ ok: false, reason: 'below-minimum', missingCents: 3000 });
    expect(store.get(canSendOrderAtom)).toBe(false);
    expect(await store.set(checkoutAtom)).toBeNull();
    await store.set(updateCartQuantityAtom, 3, 5); // 150 €
    expect(store.get(minimumOrderAtom)).toEqual({ ok: true });
    expect(store.get(canSendOrderAtom)).toBe(true);
    const order = await store.set(checkoutAtom);
    expect(order?.number).toBe('PW-2026-000099');
    expect(store.get(cartLinesAtom)).toEqual([]);
    expect(store.get(canSendOrderAtom)).toBe(false);
  });

  it('adds the recargo de equivalencia when the server says the client is in the regime, and keeps it after an order', async () => {
    await store.set(addToCartAtom, product(3, 30), 5); // 150 € at 10 % VAT
    expect(store.get(cartEquivalenceSurchargeAtom)).toBe(false);
    expect(store.get(cartTotalsAtom)).toMatchObject({ surcharges: [], taxCents: 1500, totalCents: 16500 });

    server.equivalenceSurcharge = true;
    await store.set(loadCartAtom);
    expect(store.get(cartEquivalenceSurchargeAtom)).toBe(true);
    expect(store.get(cartTotalsAtom)).toMatchObject({
      vatCents: 1500,
      surcharges: [{ vatRate: 10, rate: 1.4, baseCents: 15000, amountCents: 210 }],
      taxCents: 1710,
      totalCents: 16710,
    });
    expect(centsToEuros(store.get(cartTotalsAtom).totalCents)).toBe(server.cart().total_price);

    await store.set(checkoutAtom);
    expect(store.get(cartLinesAtom)).toEqual([]);
    // The next cart is priced in the regime at once, before its first save comes back.
    server.holdSaves = true;
    const adding = store.set(addToCartAtom, product(1, 10), 1);
    expect(store.get(cartTotalsAtom).surchargeCents).toBe(14);
    server.release();
    await adding;
    expect(store.get(cartTotalsAtom).surchargeCents).toBe(14);
  });

  it('never saves over a cart it could not load: it loads it first and adds to what it holds', async () => {
    server.saveElsewhere([{ id: 2, quantity: 9 }]);
    const load = server.fetchCart.bind(server);
    server.fetchCart = async () => {
      throw new HttpFailure(401, 'No autenticado');
    };
    await store.set(loadCartAtom);
    expect(store.get(cartLinesAtom)).toEqual([]); // any error gives an empty cart
    server.fetchCart = load;
    await store.set(addToCartAtom, product(1, 10), 1);
    expect(server.lines).toEqual([
      { id: 2, quantity: 9 },
      { id: 1, quantity: 1 },
    ]);
    expect(store.get(cartQuantityAtom)).toBe(10);
    expect(notifications.at(-1)).toMatchObject({ text: 'Has agregado 1 unidad en tu pedido' });
  });

  it('when the cart cannot be loaded for a change, says so and saves nothing', async () => {
    server.saveElsewhere([{ id: 2, quantity: 9 }]);
    server.fetchCart = async () => {
      throw new HttpFailure(503, 'Mantenimiento');
    };
    await store.set(loadCartAtom);
    await store.set(addToCartAtom, product(1, 10), 1);
    expect(server.saves).toEqual([]);
    expect(server.lines).toEqual([{ id: 2, quantity: 9 }]);
    expect(notifications.at(-1)).toMatchObject({ kind: 'error' });
    expect(store.get(cartDirtyAtom)).toBe(false);
  });

  it('sends the version it saw; when another tab saved meanwhile, reloads and applies the change again', async () => {
    await store.set(addToCartAtom, product(1, 10), 2);
    expect(server.versionsSent).toEqual([0]);
    server.saveElsewhere([
      { id: 1, quantity: 2 },
      { id: 3, quantity: 4 },
    ]);
    await store.set(addToCartAtom, product(1, 10), 1);
    expect(server.versionsSent).toEqual([0, 1, 2]); // refused from version 1, then saved from 2
    expect(server.lines).toEqual([
      { id: 1, quantity: 3 },
      { id: 3, quantity: 4 },
    ]);
    expect(store.get(cartLinesAtom).map((line) => [line.product.id, line.quantity])).toEqual([
      [1, 3],
      [3, 4],
    ]);
    expect(notifications.filter((n) => n.kind === 'error')).toEqual([]);
    expect(notifications.at(-1)).toMatchObject({ text: 'Ahora tienes 3 unidades en tu pedido' });
  });

  it('adds many lines in one conditional save, to what another tab saved meanwhile, with no toast per line', async () => {
    await store.set(addToCartAtom, product(1, 10), 2);
    server.saveElsewhere([
      { id: 1, quantity: 2 },
      { id: 3, quantity: 4 },
    ]);
    const before = notifications.length;
    const outcome = await store.set(addLinesToCartAtom, [
      { product: product(1, 10), quantity: 1 },
      { product: product(2, 20), quantity: 5 },
    ]);
    expect(outcome).toBe('saved');
    expect(server.versionsSent).toEqual([0, 1, 2]); // refused from version 1, then saved once from 2
    expect(server.lines).toEqual([
      { id: 1, quantity: 3 },
      { id: 3, quantity: 4 },
      { id: 2, quantity: 5 },
    ]);
    expect(notifications.slice(before)).toEqual([]);
  });

  it('says the lines were not added when their save is refused, and shows the cart without them', async () => {
    await store.set(addToCartAtom, product(1, 10), 2);
    server.failNextSave = new HttpFailure(406, 'Has superado el límite mensual.');
    const outcome = await store.set(addLinesToCartAtom, [{ product: product(2, 20), quantity: 5 }]);
    expect(outcome).toBe('failed');
    expect(store.get(cartLinesAtom).map((line) => [line.product.id, line.quantity])).toEqual([[1, 2]]);
    expect(notifications.at(-1)).toMatchObject({ kind: 'error' });
    expect(await store.set(addLinesToCartAtom, [{ product: product(2, 20), quantity: 1 }])).toBe('saved');
  });

  it('a removal replayed after a conflict removes only that line', async () => {
    await store.set(addToCartAtom, product(1, 10), 2);
    server.saveElsewhere([
      { id: 1, quantity: 2 },
      { id: 2, quantity: 5 },
    ]);
    await store.set(removeFromCartAtom, 1);
    expect(server.lines).toEqual([{ id: 2, quantity: 5 }]);
  });

  it('gives up with the error after conflicts in a row, and shows the server cart', async () => {
    await store.set(addToCartAtom, product(1, 10), 1);
    const save = server.saveCart.bind(server);
    server.saveCart = async (products, version) => {
      server.saveElsewhere([{ id: 3, quantity: 1 }]); // someone saves before every one of ours
      return save(products, version);
    };
    await store.set(addToCartAtom, product(2, 20), 1);
    expect(notifications.at(-1)).toMatchObject({
      kind: 'error',
      entry: { title: 'Error al guardar el pedido' },
    });
    expect(store.get(cartLinesAtom).map((line) => line.product.id)).toEqual([3]);
    expect(store.get(cartSavingAtom)).toBe(false);
  });

  it('offers to undo a removal, putting the line back where it was', async () => {
    await store.set(addToCartAtom, product(1, 10), 1);
    await store.set(addToCartAtom, product(2, 20), 3);
    await store.set(addToCartAtom, product(3, 30), 1);
    await store.set(removeFromCartAtom, 2);
    const removed = notifications.at(-1);
    expect(removed).toMatchObject({
      kind: 'removed',
      quantity: 3,
      product: expect.objectContaining({ id: 2 }),
    });
    if (removed?.kind !== 'removed') throw new Error('no removal toast');
    removed.undo();
    await flush();
    await flush();
    expect(server.lines).toEqual([
      { id: 1, quantity: 1 },
      { id: 2, quantity: 3 },
      { id: 3, quantity: 1 },
    ]);
  });

  it('the click on send right after a quantity change waits for its save, then sends once', async () => {
    await store.set(addToCartAtom, product(3, 30), 4); // 120 €
    server.holdSaves = true;
    const editing = store.set(updateCartQuantityAtom, 3, 6); // 180 €: the blur of the field
    expect(store.get(cartSavingAtom)).toBe(true);
    expect(store.get(canSendOrderAtom)).toBe(true); // the button under the pointer stays pressable
    const sending = store.set(checkoutAtom);
    expect(store.get(cartCheckingOutAtom)).toBe(true);
    await flush();
    expect(server.checkouts).toBe(0);
    server.release();
    const order = await sending;
    await editing;
    expect(order?.number).toBe('PW-2026-000099');
    expect(server.checkouts).toBe(1);
    expect(server.saves.at(-1)).toEqual([{ id: 3, quantity: 6 }]);
  });

  it('does not send when the save before it leaves the order below the minimum', async () => {
    await store.set(addToCartAtom, product(3, 30), 6); // 180 €
    server.holdSaves = true;
    const editing = store.set(updateCartQuantityAtom, 3, 2); // 60 €
    expect(store.get(canSendOrderAtom)).toBe(false);
    expect(await store.set(checkoutAtom)).toBeNull();
    server.release();
    await editing;
    expect(server.checkouts).toBe(0);
  });

  /** A quantity field holding back an edit (its 500 ms pause), as `flushPendingEdits` sees it. */
  function fieldHolding(productId: number, quantity: number): () => void {
    let held = true;
    const flushPendingEdits = () => {
      if (!held) return;
      held = false;
      void store.set(updateCartQuantityAtom, productId, quantity);
    };
    const env = store.get(cartEnvironmentAtom);
    if (env) store.set(cartEnvironmentAtom, { ...env, flushPendingEdits });
    return flushPendingEdits;
  }

  it('sends the quantity a field still holds back: the send takes it first, saves it, then sends', async () => {
    await store.set(addToCartAtom, product(3, 30), 10); // 300 €
    fieldHolding(3, 13); // + three times, 150 ms before the click
    const order = await store.set(checkoutAtom);
    expect(order?.number).toBe('PW-2026-000099');
    expect(server.saves.at(-1)).toEqual([{ id: 3, quantity: 13 }]);
    expect(server.checkouts).toBe(1);
  });

  it('takes a held-back quantity that brings the order below the minimum, and then does not send', async () => {
    await store.set(addToCartAtom, product(3, 30), 10); // 300 €
    fieldHolding(3, 2); // 60 €
    expect(await store.set(checkoutAtom)).toBeNull();
    expect(server.checkouts).toBe(0);
    expect(server.lines).toEqual([{ id: 3, quantity: 2 }]);
  });

  it('refuses to send, and says so, when the saved cart is not the one on screen', async () => {
    await store.set(addToCartAtom, product(3, 30), 10);
    // Another device of the pharmacy adds a product while this one's last change is being saved.
    server.holdSaves = true;
    const editing = store.set(updateCartQuantityAtom, 3, 12);
    const sending = store.set(checkoutAtom);
    server.saveElsewhere([
      { id: 3, quantity: 10 },
      { id: 1, quantity: 4 },
    ]);
    server.release(); // 409: the change is replayed on the other device's cart
    await flush();
    server.release();
    expect(await sending).toBeNull();
    await editing;
    expect(server.checkouts).toBe(0);
    expect(notifications.at(-1)).toEqual({ kind: 'error', entry: ORDER_NOT_AS_SHOWN });
    expect(store.get(cartCheckingOutAtom)).toBe(false);
    // Both changes are on screen now; a second press sends them.
    server.holdSaves = false;
    expect(store.get(cartQuantitiesAtom)).toEqual({ '1': 4, '3': 12 });
    expect((await store.set(checkoutAtom))?.number).toBe('PW-2026-000099');
  });

  it('refuses to send, and says so, when the save of what the screen shows fails', async () => {
    await store.set(addToCartAtom, product(3, 30), 10);
    fieldHolding(3, 11);
    server.failNextSave = new HttpFailure(500, 'Error interno');
    expect(await store.set(checkoutAtom)).toBeNull();
    expect(server.checkouts).toBe(0);
    expect(notifications.at(-1)).toEqual({ kind: 'error', entry: ORDER_NOT_AS_SHOWN });
  });

  it('settles the cart: takes held-back edits and resolves once the server holds them', async () => {
    await store.set(addToCartAtom, product(1, 10), 1);
    fieldHolding(1, 7);
    server.holdSaves = true;
    const settling = store.set(settleCartAtom);
    let settled = false;
    void settling.then(() => {
      settled = true;
    });
    await flush();
    expect(settled).toBe(false);
    server.release();
    await settling;
    expect(server.lines).toEqual([{ id: 1, quantity: 7 }]);
  });

  it('keeps the server’s cart in the query cache: what a save answers is the cart there, with its version', async () => {
    await store.set(addToCartAtom, product(2, 20), 2);
    expect(queryClient.getQueryData<Cart | null>(CART_KEY)).toMatchObject({
      version: 1,
      items: [{ quantity: 2 }],
    });
    // A cart written there by anyone (another screen's mutation) is the cart on screen at once.
    server.saveElsewhere([{ id: 1, quantity: 5 }]);
    queryClient.setQueryData(CART_KEY, server.cart());
    expect(store.get(cartQuantitiesAtom)).toEqual({ '1': 5 });
  });

  it('a load that read the cart before a save came back keeps the newer cart the save answered', async () => {
    await store.set(addToCartAtom, product(1, 10), 1);
    const read = server.fetchCart.bind(server);
    let answerRead: () => void = () => undefined;
    server.fetchCart = async () => {
      const cart = await read();
      await new Promise<void>((resolve) => {
        answerRead = resolve;
      });
      return cart;
    };
    const loading = store.set(loadCartAtom);
    await flush();
    await store.set(updateCartQuantityAtom, 1, 4);
    answerRead();
    await loading;
    expect(store.get(cartQuantitiesAtom)).toEqual({ '1': 4 });
    expect(queryClient.getQueryData<Cart | null>(CART_KEY)?.version).toBe(2);
  });

  it('«Volver a pedir» settles the quantities on screen first, then the cart is the server’s answer', async () => {
    await store.set(addToCartAtom, product(1, 10), 2);
    fieldHolding(1, 6);
    const answer = await store.set(reorderAtom, 3, 12);
    expect(server.saves.at(-1)).toEqual([{ id: 1, quantity: 6 }]);
    expect(server.reorders).toBe(1);
    expect(answer.data.version).toBe(3);
    expect(store.get(cartQuantitiesAtom)).toEqual({ '1': 6, '3': 1 });
    // The next change is saved on the reordered cart's version, not refused as a conflict.
    await store.set(updateCartQuantityAtom, 3, 2);
    expect(server.versionsSent.at(-1)).toBe(3);
    expect(server.lines).toEqual([
      { id: 1, quantity: 6 },
      { id: 3, quantity: 2 },
    ]);
  });

  it('reads this month’s purchases again once an order is sent', async () => {
    await store.set(addToCartAtom, product(3, 30), 5);
    const before = server.monthlyPurchaseReads;
    await store.set(checkoutAtom);
    await flush();
    expect(server.monthlyPurchaseReads).toBe(before + 1);
    expect(queryClient.getQueryData(monthlyPurchasesKey(3))).toEqual({ data: { spent: 120.5 } });
  });

  it('keeps the cart in the cache while nothing on screen observes it, however short the cache’s memory', async () => {
    const forgetful = new QueryClient({ defaultOptions: { queries: { gcTime: 0 } } });
    const env = store.get(cartEnvironmentAtom);
    if (env) store.set(cartEnvironmentAtom, { ...env, queryClient: forgetful });
    await store.set(addToCartAtom, product(1, 10), 2);
    await store.set(loadCartAtom);
    await flush();
    await flush();
    expect(store.get(cartQuantitiesAtom)).toEqual({ '1': 2 });
    expect(store.get(orderConfigurationAtom)).not.toBeNull();
  });

  it('knows no minimum when the configuration cannot be read', async () => {
    server.configurationsAnswer = async () => [];
    await store.set(loadCartAtom);
    expect(store.get(minimumOrderAtom)).toBeNull();
    expect(store.get(canSendOrderAtom)).toBe(false);
  });
});
