/**
 * The cart ('Mi pedido') as the spec's state machine (§4): load = configurations, reset, fetch (204 →
 * empty; any error → empty); add / update / remove change the lines, mark the cart dirty and save at
 * once; while a save is in flight the saving flag is up; on success the server's cart replaces the
 * local one and dirty clears; on failure saving stops, the error is shown and the cart is reloaded.
 *
 * Quick changes never lose an edit: every local change bumps a revision; a save whose answer comes
 * back after newer edits does not overwrite them but sends them at once, so the server always ends
 * with the last quantity the pharmacist chose.
 */
import type { Cart, CartItem, Order } from '@botica/api-client/schemas';
import {
  addToCartToast,
  type CartTotals,
  type ConfigurationPair,
  cartSaveError,
  cartTotals,
  type ErrorEntry,
  type MinimumOrderResult,
  minimumOrderShortfall,
  normaliseQuantity,
  type OrderConfiguration,
  parseConfiguration,
  totalQuantity,
} from '@botica/domain';
import { atom } from 'jotai';

/** A product as a cart line holds it (the wire's cart product; a catalogue product fits too). */
export type CartProduct = CartItem['product'];

/** One local line of the cart. */
export interface CartLine {
  product: CartProduct;
  quantity: number;
}

/** A failed call as the cart sees it: the HTTP status, or 'timeout'/'network', and the message. */
export interface CartCallError {
  status: number | 'timeout' | 'network';
  message?: string | undefined;
}

/** What the cart needs from the API (the portal wires it to @botica/api-client). */
export interface CartGateway {
  configurations(): Promise<ConfigurationPair[]>;
  /** The client's cart, or null when the server answers 204. */
  fetchCart(): Promise<Cart | null>;
  saveCart(products: { id: number; quantity: number }[]): Promise<Cart>;
  checkout(clientId: number, cartId: number): Promise<Order>;
}

/** What the cart tells the pharmacist. */
export type CartNotification =
  | { kind: 'saved'; product: CartProduct; previousQuantity: number; quantity: number; text: string }
  | { kind: 'error'; entry: ErrorEntry };

/** The cart's collaborators: the API, and where its notifications go (toasts, dialogs). */
export interface CartEnvironment {
  gateway: CartGateway;
  notify(notification: CartNotification): void;
  /** Turns whatever a gateway call threw into a status and message. */
  toCallError(error: unknown): CartCallError;
}

interface PendingNotice {
  revision: number;
  product: CartProduct;
  previousQuantity: number;
  quantity: number;
}

interface CartState {
  status: 'idle' | 'loading' | 'ready';
  lines: CartLine[];
  discounts: { group_name: string; discount_percent: number }[];
  cartId: number | null;
  clientId: number | null;
  config: OrderConfiguration | null;
  dirty: boolean;
  saving: boolean;
  checkingOut: boolean;
  /** Bumped by every local change. */
  revision: number;
  /** Toasts owed once the save that carries their change succeeds. */
  notices: PendingNotice[];
}

const initialState: CartState = {
  status: 'idle',
  lines: [],
  discounts: [],
  cartId: null,
  clientId: null,
  config: null,
  dirty: false,
  saving: false,
  checkingOut: false,
  revision: 0,
  notices: [],
};

const cartStateAtom = atom<CartState>(initialState);

/** The cart's collaborators; set once by the app (and by tests). */
export const cartEnvironmentAtom = atom<CartEnvironment | null>(null);

function environment(get: <V>(a: import('jotai').Atom<V>) => V): CartEnvironment {
  const env = get(cartEnvironmentAtom);
  if (env === null) throw new Error('cartEnvironmentAtom is not set: the app must provide the cart gateway.');
  return env;
}

function fromServer(cart: Cart | null): Pick<CartState, 'lines' | 'discounts' | 'cartId' | 'clientId'> {
  if (cart === null) return { lines: [], discounts: [], cartId: null, clientId: null };
  return {
    lines: cart.items.map((item) => ({ product: item.product, quantity: item.quantity })),
    discounts: cart.discounts.map(({ group_name, discount_percent }) => ({ group_name, discount_percent })),
    cartId: cart.id,
    clientId: cart.client_id,
  };
}

/** The lines of the cart, in order. */
export const cartLinesAtom = atom((get) => get(cartStateAtom).lines);
/** The client's discount-group discounts applied to the cart. */
export const cartDiscountsAtom = atom((get) => get(cartStateAtom).discounts);
/** Whether the cart has loaded. */
export const cartStatusAtom = atom((get) => get(cartStateAtom).status);
/** True while a save is in flight: the quantity inputs are disabled. */
export const cartSavingAtom = atom((get) => get(cartStateAtom).saving);
/** True while local changes have not been acknowledged by the server. */
export const cartDirtyAtom = atom((get) => get(cartStateAtom).dirty);
/** True while the order is being sent. */
export const cartCheckingOutAtom = atom((get) => get(cartStateAtom).checkingOut);
/** The order rules' configuration, once loaded. */
export const orderConfigurationAtom = atom((get) => get(cartStateAtom).config);

/** Totals in cents, computed with the same domain maths the server uses. */
export const cartTotalsAtom = atom<CartTotals>((get) => {
  const { lines, discounts } = get(cartStateAtom);
  return cartTotals(lines, discounts);
});

/**
 * Units in the cart per product id: what each product card shows as already in the order. Derived
 * from the lines alone, so a change of status or saving flag keeps the same object and the product
 * grids do not render again.
 */
export const cartQuantitiesAtom = atom((get) =>
  Object.fromEntries(get(cartLinesAtom).map((line) => [String(line.product.id), line.quantity])),
);

/** Total units: the badge of 'Mi pedido'. */
export const cartQuantityAtom = atom((get) => totalQuantity(get(cartStateAtom).lines));

/** The minimum-order rule for the current cart, or null before the configuration is known. */
export const minimumOrderAtom = atom<MinimumOrderResult | null>((get) => {
  const { config } = get(cartStateAtom);
  return config === null ? null : minimumOrderShortfall(config, get(cartTotalsAtom).priceCents);
});

/** Whether 'Enviar pedido' is enabled: saved lines that reach the minimum order. */
export const canSendOrderAtom = atom((get) => {
  const state = get(cartStateAtom);
  const minimum = get(minimumOrderAtom);
  return (
    state.lines.length > 0 &&
    state.cartId !== null &&
    minimum?.ok === true &&
    !state.saving &&
    !state.dirty &&
    !state.checkingOut
  );
});

/** Loads the cart: configurations, reset, fetch. A 204 or any error gives an empty cart. */
export const loadCartAtom = atom(null, async (get, set) => {
  const { gateway } = environment(get);
  set(cartStateAtom, (state) => ({ ...state, status: 'loading' }));
  let config: OrderConfiguration | null = null;
  try {
    config = parseConfiguration(await gateway.configurations());
  } catch {
    config = null;
  }
  set(cartStateAtom, { ...initialState, status: 'loading', config });
  let cart: Cart | null = null;
  try {
    cart = await gateway.fetchCart();
  } catch {
    cart = null;
  }
  set(cartStateAtom, (state) => ({ ...state, ...fromServer(cart), status: 'ready' }));
});

async function reloadFromServer(gateway: CartGateway): Promise<Cart | null> {
  try {
    return await gateway.fetchCart();
  } catch {
    return null;
  }
}

/** Saves until the server holds the latest local lines; see the module comment. */
const saveAtom = atom(null, async (get, set) => {
  if (get(cartStateAtom).saving) return; // the running save loop will send the newer lines
  const env = environment(get);
  set(cartStateAtom, (state) => ({ ...state, saving: true }));
  for (;;) {
    const { lines, revision } = get(cartStateAtom);
    let cart: Cart;
    try {
      cart = await env.gateway.saveCart(
        lines.map((line) => ({ id: line.product.id, quantity: line.quantity })),
      );
    } catch (error) {
      const failure = env.toCallError(error);
      set(cartStateAtom, (state) => ({ ...state, saving: false, notices: [] }));
      env.notify({
        kind: 'error',
        entry: cartSaveError(failure.status, {
          message: failure.message,
          monthlyCapCents: get(cartStateAtom).config?.maximumPurchasePerMonthCents,
        }),
      });
      const reloaded = await reloadFromServer(env.gateway);
      set(cartStateAtom, (state) => ({ ...state, ...fromServer(reloaded), dirty: false }));
      return;
    }
    const current = get(cartStateAtom);
    const acknowledged = current.notices.filter((notice) => notice.revision <= revision);
    if (current.revision === revision) {
      set(cartStateAtom, { ...current, ...fromServer(cart), dirty: false, saving: false, notices: [] });
    } else {
      // Newer edits arrived while this save was in flight: keep them and send them now.
      set(cartStateAtom, {
        ...current,
        cartId: cart.id,
        clientId: cart.client_id,
        notices: current.notices.filter((notice) => notice.revision > revision),
      });
    }
    for (const notice of acknowledged) {
      env.notify({
        kind: 'saved',
        product: notice.product,
        previousQuantity: notice.previousQuantity,
        quantity: notice.quantity,
        text: addToCartToast(notice.previousQuantity, notice.quantity),
      });
    }
    if (current.revision === revision) return;
  }
});

function change(
  set: (atom: typeof cartStateAtom, update: (state: CartState) => CartState) => void,
  update: (lines: CartLine[]) => { lines: CartLine[]; notice?: Omit<PendingNotice, 'revision'> },
) {
  set(cartStateAtom, (state) => {
    const { lines, notice } = update(state.lines);
    const revision = state.revision + 1;
    return {
      ...state,
      lines,
      dirty: true,
      revision,
      notices: notice ? [...state.notices, { ...notice, revision }] : state.notices,
    };
  });
}

/** Adds units of a product: increases its line, or appends a new line. Saves at once. */
export const addToCartAtom = atom(null, async (_get, set, product: CartProduct, quantity: number) => {
  const units = normaliseQuantity(quantity);
  change(set, (lines) => {
    const existing = lines.find((line) => line.product.id === product.id);
    if (existing === undefined) {
      return {
        lines: [...lines, { product, quantity: units }],
        notice: { product, previousQuantity: 0, quantity: units },
      };
    }
    const next = existing.quantity + units;
    return {
      lines: lines.map((line) => (line === existing ? { ...line, quantity: next } : line)),
      notice: { product: existing.product, previousQuantity: existing.quantity, quantity: next },
    };
  });
  await set(saveAtom);
});

/** Sets the quantity of a line (normalised: never below 1). Saves at once. */
export const updateCartQuantityAtom = atom(null, async (_get, set, productId: number, quantity: number) => {
  const units = normaliseQuantity(quantity);
  change(set, (lines) => {
    const existing = lines.find((line) => line.product.id === productId);
    if (existing === undefined || existing.quantity === units) return { lines };
    return {
      lines: lines.map((line) => (line === existing ? { ...line, quantity: units } : line)),
      notice: { product: existing.product, previousQuantity: existing.quantity, quantity: units },
    };
  });
  await set(saveAtom);
});

/** Removes a line. Saves at once. */
export const removeFromCartAtom = atom(null, async (_get, set, productId: number) => {
  change(set, (lines) => ({ lines: lines.filter((line) => line.product.id !== productId) }));
  await set(saveAtom);
});

/**
 * Sends the order (checkout). Resolves with the order, after which the cart is empty; on failure the
 * error is shown, the cart reloaded, and it resolves with null.
 */
export const checkoutAtom = atom(null, async (get, set): Promise<Order | null> => {
  if (!get(canSendOrderAtom)) return null;
  const env = environment(get);
  const { clientId, cartId } = get(cartStateAtom);
  set(cartStateAtom, (state) => ({ ...state, checkingOut: true }));
  try {
    const order = await env.gateway.checkout(clientId as number, cartId as number);
    set(cartStateAtom, (state) => ({ ...initialState, status: 'ready', config: state.config }));
    return order;
  } catch (error) {
    const failure = env.toCallError(error);
    set(cartStateAtom, (state) => ({ ...state, checkingOut: false }));
    if (failure.status === 406 || failure.status === 403) {
      env.notify({
        kind: 'error',
        entry: cartSaveError(failure.status, {
          message: failure.message,
          monthlyCapCents: get(cartStateAtom).config?.maximumPurchasePerMonthCents,
        }),
      });
    }
    const reloaded = await reloadFromServer(env.gateway);
    set(cartStateAtom, (state) => ({ ...state, ...fromServer(reloaded), dirty: false }));
    return null;
  }
});

/** Empties the local cart (after logout). */
export const resetCartAtom = atom(null, (_get, set) => {
  set(cartStateAtom, initialState);
});
