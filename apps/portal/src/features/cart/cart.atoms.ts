/**
 * The cart ('Mi pedido') as a state machine: load = configurations, reset, fetch (204 →
 * empty; any error → empty); add / update / remove change the lines, mark the cart dirty and save at
 * once; while a save is in flight the saving flag is up; on success the server's cart replaces the
 * local one and dirty clears; on failure saving stops, the error is shown and the cart is reloaded.
 *
 * A save is always made from a cart this visit loaded from the server, never from one it could not
 * load (that is how a cart saved on another device was once overwritten): the local cart is the
 * server's cart (`base`, with its `version`) plus the pharmacist's changes not yet acknowledged
 * (`pending`), kept as changes ('add 3 of this product'), not as lines (the change model,
 * `cart-changes.ts`, says what a change does, what a save sends and acknowledges). A save sends the lines and
 * the version they were made from; when the server says the cart has moved on (409: another tab,
 * another user of the pharmacy, an order sent), the cart is loaded again and the same changes are
 * applied to it and saved, so both people's changes end on the server. Changes made while a save is
 * in flight wait in `pending` and are sent as soon as it returns, so the server always ends with the
 * last quantity the pharmacist chose.
 *
 * A quantity field waits 500 ms before it hands a change on, so the screen can be ahead of
 * `pending`. Every action that reads the cart takes those edits first (`flushPendingEdits` of the
 * environment, see settleCartAtom), and 'ENVIAR PEDIDO' sends the lines the screen showed when it was
 * pressed, or nothing and says why: never other lines or quantities.
 */
import type { Cart, Order } from '@botica/api-client/schemas';
import {
  addToCartToast,
  type CartTotals,
  type ConfigurationPair,
  cartSaveError,
  cartTotals,
  type ErrorEntry,
  type MinimumOrderResult,
  minimumOrderShortfall,
  type OrderConfiguration,
  parseConfiguration,
  TOAST_MS,
  totalQuantity,
} from '@botica/domain';
import { atom, type Getter, type Setter } from 'jotai';
import {
  acknowledge,
  type CartChange,
  type CartLine,
  type CartProduct,
  dropFailed,
  fromServer,
  isAsShown,
  linesKey,
  NO_CART,
  newerCart,
  normaliseChange,
  type PendingChange,
  recordChange,
  replay,
  type ServerCart,
  saveRequest,
} from './cart-changes.ts';

export type { CartLine, CartProduct } from './cart-changes.ts';

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
  /**
   * Replaces the cart's lines. `version` is the version of the cart the lines were made from (0: no
   * cart); a cart that has moved on since answers 409 and keeps its lines.
   */
  saveCart(products: { id: number; quantity: number }[], version: number): Promise<Cart>;
  checkout(clientId: number, cartId: number): Promise<Order>;
}

/** What the cart tells the pharmacist. */
export type CartNotification =
  | { kind: 'saved'; product: CartProduct; previousQuantity: number; quantity: number; text: string }
  | { kind: 'removed'; product: CartProduct; quantity: number; undo: () => void }
  | { kind: 'error'; entry: ErrorEntry };

/** The cart's collaborators: the API, and where its notifications go (toasts, dialogs). */
export interface CartEnvironment {
  gateway: CartGateway;
  notify(notification: CartNotification): void;
  /** Turns whatever a gateway call threw into a status and message. */
  toCallError(error: unknown): CartCallError;
  /**
   * Hands on at once, synchronously, every quantity the pharmacist has changed on screen that a field
   * is still holding back (its 500 ms pause): they arrive as cart changes before it returns.
   */
  flushPendingEdits?(): void;
}

/** Why 'ENVIAR PEDIDO' sent nothing: the cart saved is not the one the screen showed. */
export const ORDER_NOT_AS_SHOWN: ErrorEntry = {
  presentation: 'toast',
  title: 'No hemos enviado el pedido',
  text: 'Tu pedido ha cambiado mientras lo enviábamos. Revisa los productos y las cantidades y pulsa de nuevo «ENVIAR PEDIDO».',
  durationMs: TOAST_MS,
};

interface CartState {
  status: 'idle' | 'loading' | 'ready';
  /** The server's cart; null until it is loaded, and while it cannot be. */
  base: ServerCart | null;
  /** Changes not acknowledged by the server yet, oldest first. */
  pending: PendingChange[];
  /** `base`'s lines with `pending` applied: what the pharmacist sees. */
  lines: CartLine[];
  config: OrderConfiguration | null;
  saving: boolean;
  checkingOut: boolean;
  /** Bumped by every local change. */
  revision: number;
  /**
   * Whether the client is in the regime of recargo de equivalencia, as the last cart from the
   * server said; kept while there is no cart (after sending an order), until the next one says.
   */
  equivalenceSurcharge: boolean;
}

const initialState: CartState = {
  status: 'idle',
  base: null,
  pending: [],
  lines: [],
  config: null,
  saving: false,
  checkingOut: false,
  revision: 0,
  equivalenceSurcharge: false,
};

/** Of conflicting saves in a row (another tab keeps saving), the last one that is retried. */
const CONFLICT_RETRIES = 3;

const cartStateAtom = atom<CartState>(initialState);

/** The cart's collaborators; set once by the app (and by tests). */
export const cartEnvironmentAtom = atom<CartEnvironment | null>(null);

function environment(get: Getter): CartEnvironment {
  const env = get(cartEnvironmentAtom);
  if (env === null) throw new Error('cartEnvironmentAtom is not set: the app must provide the cart gateway.');
  return env;
}

/** The state with a new server cart (or none) and these pending changes. */
function withBase(state: CartState, base: ServerCart | null, pending: PendingChange[]): CartState {
  const equivalenceSurcharge = base?.equivalenceSurcharge ?? state.equivalenceSurcharge;
  return { ...state, base, equivalenceSurcharge, ...replay(base, pending) };
}

/** The lines of the cart, in order. */
export const cartLinesAtom = atom((get) => get(cartStateAtom).lines);
const NO_DISCOUNTS: ServerCart['discounts'] = [];
/** The client's discount-group discounts applied to the cart. */
export const cartDiscountsAtom = atom((get) => get(cartStateAtom).base?.discounts ?? NO_DISCOUNTS);
/** Whether the client is in the regime of recargo de equivalencia (as the server's cart says). */
export const cartEquivalenceSurchargeAtom = atom((get) => get(cartStateAtom).equivalenceSurcharge);
/** Whether the cart has loaded. */
export const cartStatusAtom = atom((get) => get(cartStateAtom).status);
/** True while a save is in flight: the quantity inputs are disabled. */
export const cartSavingAtom = atom((get) => get(cartStateAtom).saving);
/** True while local changes have not been acknowledged by the server. */
export const cartDirtyAtom = atom((get) => get(cartStateAtom).pending.length > 0);
/** True while the order is being sent (from the click on 'ENVIAR PEDIDO', including the wait for a save). */
export const cartCheckingOutAtom = atom((get) => get(cartStateAtom).checkingOut);
/** The order rules' configuration, once loaded. */
export const orderConfigurationAtom = atom((get) => get(cartStateAtom).config);

/** Totals in cents, computed with the same domain maths the server uses (its tax regime included). */
export const cartTotalsAtom = atom<CartTotals>((get) =>
  cartTotals(get(cartLinesAtom), get(cartDiscountsAtom), {
    equivalenceSurcharge: get(cartEquivalenceSurchargeAtom),
  }),
);

/**
 * Units in the cart per product id: what each product card shows as already in the order. Derived
 * from the lines alone, so a change of status or saving flag keeps the same object and the product
 * grids do not render again.
 */
export const cartQuantitiesAtom = atom((get) =>
  Object.fromEntries(get(cartLinesAtom).map((line) => [String(line.product.id), line.quantity])),
);

/** Total units: the badge of 'Mi pedido'. */
export const cartQuantityAtom = atom((get) => totalQuantity(get(cartLinesAtom)));

/** The minimum-order rule for the current cart, or null before the configuration is known. */
export const minimumOrderAtom = atom<MinimumOrderResult | null>((get) => {
  const config = get(orderConfigurationAtom);
  return config === null ? null : minimumOrderShortfall(config, get(cartTotalsAtom).priceCents);
});

/**
 * Whether 'ENVIAR PEDIDO' can be pressed: lines that reach the minimum order and no order on its
 * way. A save still in flight does not disable it: the send waits for the save (checkoutAtom), so
 * the click that ends the editing of a quantity is not lost.
 */
export const canSendOrderAtom = atom(
  (get) => get(cartLinesAtom).length > 0 && get(minimumOrderAtom)?.ok === true && !get(cartCheckingOutAtom),
);

/** The running load and save, so that others can wait for them. */
const loadingAtom = atom<Promise<void> | null>(null);
const savingAtom = atom<Promise<void> | null>(null);

type FetchResult = { ok: true; cart: ServerCart } | { ok: false; failure: CartCallError };

async function fetchServerCart(env: CartEnvironment): Promise<FetchResult> {
  try {
    return { ok: true, cart: fromServer(await env.gateway.fetchCart()) };
  } catch (error) {
    return { ok: false, failure: env.toCallError(error) };
  }
}

/**
 * Loads the cart: configurations, reset, fetch. A 204 gives an empty cart, and so does any error, but
 * one this visit has not loaded: a change made to it loads it first (see the module comment).
 */
export const loadCartAtom = atom(null, (get, set): Promise<void> => {
  const env = environment(get);
  const load = (async () => {
    set(cartStateAtom, (state) => ({ ...state, status: 'loading' }));
    let config: OrderConfiguration | null = null;
    try {
      config = parseConfiguration(await env.gateway.configurations());
    } catch {
      config = null;
    }
    // Reset: what the server says replaces the lines; changes the pharmacist has just made are kept.
    set(cartStateAtom, (state) => withBase({ ...state, config }, null, state.pending));
    const fetched = await fetchServerCart(env);
    set(cartStateAtom, (state) => {
      // A save acknowledged while this load was on its way is newer than what the load read.
      const base = newerCart(state.base, fetched.ok ? fetched.cart : null);
      return { ...withBase(state, base, state.pending), status: 'ready' };
    });
    // Changes a save could not send because the session had ended: sent now, on the cart just loaded.
    if (fetched.ok && get(cartStateAtom).pending.length > 0 && get(savingAtom) === null) void set(saveAtom);
  })();
  set(loadingAtom, load);
  return load.finally(() => {
    if (get(loadingAtom) === load) set(loadingAtom, null);
  });
});

/** The toasts of the changes a save acknowledged. */
function notifySaved(env: CartEnvironment, set: Setter, acknowledged: readonly PendingChange[]): void {
  for (const { effect } of acknowledged) {
    if (effect?.kind === 'quantity') {
      env.notify({
        kind: 'saved',
        product: effect.product,
        previousQuantity: effect.previousQuantity,
        quantity: effect.quantity,
        text: addToCartToast(effect.previousQuantity, effect.quantity),
      });
    } else if (effect?.kind === 'removed') {
      const { line, index } = effect;
      env.notify({
        kind: 'removed',
        product: line.product,
        quantity: line.quantity,
        undo: () => void set(restoreCartLineAtom, line, index),
      });
    }
  }
}

/**
 * A save that failed: its changes are dropped, the error is shown and the cart is reloaded;
 * changes made after it was sent stay pending.
 */
async function failSave(
  env: CartEnvironment,
  get: Getter,
  set: Setter,
  failure: CartCallError,
  sentRevision: number,
): Promise<void> {
  set(cartStateAtom, (state) => ({ ...state, pending: dropFailed(state.pending, sentRevision) }));
  notifyFailure(env, get, failure);
  await reloadServerCart(env, set);
}

/** Shows a failed save or order as the spec's catalogue says (the monthly cap, access, the rest). */
function notifyFailure(env: CartEnvironment, get: Getter, failure: CartCallError): void {
  env.notify({
    kind: 'error',
    entry: cartSaveError(failure.status, {
      message: failure.message,
      monthlyCapCents: get(cartStateAtom).config?.maximumPurchasePerMonthCents,
    }),
  });
}

/** Loads the server's cart again after a failure (none, when that fails too), keeping pending changes. */
async function reloadServerCart(env: CartEnvironment, set: Setter): Promise<void> {
  const fetched = await fetchServerCart(env);
  set(cartStateAtom, (state) => withBase(state, fetched.ok ? fetched.cart : null, state.pending));
}

/** Saves until the server holds every pending change; see the module comment. */
async function saveLoop(env: CartEnvironment, get: Getter, set: Setter): Promise<void> {
  let conflicts = 0;
  for (;;) {
    const state = get(cartStateAtom);
    if (state.pending.length === 0) return;
    if (state.base === null) {
      // Never save over a cart this visit has not loaded: load it, then replay the changes on it.
      const loading = get(loadingAtom);
      if (loading !== null) {
        await loading;
        if (get(cartStateAtom).base !== null) continue;
      }
      const fetched = await fetchServerCart(env);
      if (!fetched.ok) {
        if (fetched.failure.status === 401) return;
        await failSave(env, get, set, fetched.failure, state.revision);
        continue;
      }
      set(cartStateAtom, (current) => withBase(current, fetched.cart, current.pending));
      continue;
    }
    const request = saveRequest(state.base, state.lines, state.revision);
    let cart: Cart;
    try {
      cart = await env.gateway.saveCart(request.products, request.version);
    } catch (error) {
      const failure = env.toCallError(error);
      // The session has ended (the portal asks the pharmacist to log in again): the changes stay
      // pending, on screen, and are saved after the next load of the cart (loadCartAtom).
      if (failure.status === 401) return;
      if (failure.status === 409 && conflicts < CONFLICT_RETRIES) {
        // The cart moved on (another tab, another user): replay these changes on what it holds now.
        conflicts += 1;
        const fetched = await fetchServerCart(env);
        if (fetched.ok) {
          set(cartStateAtom, (current) => withBase(current, fetched.cart, current.pending));
          continue;
        }
      }
      await failSave(env, get, set, failure, request.revision);
      continue;
    }
    const current = get(cartStateAtom);
    const { acknowledged, pending } = acknowledge(current.pending, request.revision);
    set(cartStateAtom, withBase(current, fromServer(cart), pending));
    notifySaved(env, set, acknowledged);
  }
}

/** Starts saving unless a save is running (it sends the newer changes too); resolves when all are saved. */
const saveAtom = atom(null, (get, set): Promise<void> => {
  const running = get(savingAtom);
  if (running !== null) return running;
  const env = environment(get);
  set(cartStateAtom, (state) => ({ ...state, saving: true }));
  const save = saveLoop(env, get, set).finally(() => {
    set(cartStateAtom, (state) => ({ ...state, saving: false }));
    set(savingAtom, null);
  });
  set(savingAtom, save);
  return save;
});

/** Records a change (applied at once to what the pharmacist sees) and saves. */
function change(set: Setter, cartChange: CartChange): Promise<void> {
  set(cartStateAtom, (state) => {
    const recorded = recordChange(state, state.lines, normaliseChange(cartChange));
    return { ...state, ...recorded.edits, lines: recorded.lines };
  });
  return set(saveAtom);
}

/** Adds units of a product: increases its line, or appends a new line. Saves at once. */
export const addToCartAtom = atom(null, (_get, set, product: CartProduct, quantity: number) =>
  change(set, { kind: 'add', product, quantity }),
);

/** Sets the quantity of a line (normalised: never below 1). Saves at once. */
export const updateCartQuantityAtom = atom(null, (_get, set, productId: number, quantity: number) =>
  change(set, { kind: 'set', productId, quantity }),
);

/** Removes a line. Saves at once; the toast that confirms it offers to undo it. */
export const removeFromCartAtom = atom(null, (_get, set, productId: number) =>
  change(set, { kind: 'remove', productId }),
);

/** Puts a removed line back where it was (the toast's 'Deshacer'), unless the product is back already. */
export const restoreCartLineAtom = atom(null, (_get, set, line: CartLine, index: number) =>
  change(set, { kind: 'restore', line, index }),
);

/**
 * Takes every quantity the screen shows and a field still holds back, and waits until the server
 * holds every change (or its save failed). Every action that reads or replaces the cart (sending,
 * 'Volver a pedir', logging out) awaits it first.
 */
export const settleCartAtom = atom(null, async (get, set): Promise<void> => {
  get(cartEnvironmentAtom)?.flushPendingEdits?.();
  if (get(cartStateAtom).pending.length > 0) await set(saveAtom);
  while (get(savingAtom) !== null) await get(savingAtom);
});

/** Whether the cart as saved can be sent: saved lines that reach the minimum order. */
function isSendable(get: Getter): boolean {
  const state = get(cartStateAtom);
  return (
    state.base?.cartId != null &&
    state.pending.length === 0 &&
    state.lines.length > 0 &&
    get(minimumOrderAtom)?.ok === true
  );
}

/**
 * Sends the order (checkout): takes the quantities the fields still hold back, waits for the save of
 * the last change, and sends exactly the lines the screen showed when it was called. Resolves with
 * the order, after which the cart is empty; on failure the error is shown, the cart reloaded, and it
 * resolves with null; when the saved cart is not the one shown (a save failed, another device changed
 * it meanwhile) it sends nothing and says so.
 */
export const checkoutAtom = atom(null, async (get, set): Promise<Order | null> => {
  const env = environment(get);
  env.flushPendingEdits?.();
  if (!get(canSendOrderAtom)) return null;
  const shown = linesKey(get(cartStateAtom).lines);
  set(cartStateAtom, (state) => ({ ...state, checkingOut: true }));
  await set(settleCartAtom);
  const saved = get(cartStateAtom);
  if (!isAsShown(shown, saved.base, saved.pending)) {
    set(cartStateAtom, (state) => ({ ...state, checkingOut: false }));
    env.notify({ kind: 'error', entry: ORDER_NOT_AS_SHOWN });
    return null;
  }
  if (!isSendable(get)) {
    set(cartStateAtom, (state) => ({ ...state, checkingOut: false }));
    return null;
  }
  const { base } = get(cartStateAtom);
  try {
    const order = await env.gateway.checkout(base?.clientId as number, base?.cartId as number);
    // The server has no open cart now: the next change starts a new one (version 0).
    set(cartStateAtom, (state) => ({
      ...initialState,
      status: 'ready',
      config: state.config,
      base: NO_CART,
      equivalenceSurcharge: state.equivalenceSurcharge,
    }));
    return order;
  } catch (error) {
    const failure = env.toCallError(error);
    set(cartStateAtom, (state) => ({ ...state, checkingOut: false }));
    if (failure.status === 406 || failure.status === 403) notifyFailure(env, get, failure);
    await reloadServerCart(env, set);
    return null;
  }
});

/** Empties the local cart (after logout). */
export const resetCartAtom = atom(null, (_get, set) => {
  set(cartStateAtom, initialState);
});
