/**
 * The cart ('Mi pedido') and its sync with the server: load = configurations, fetch (204 → empty;
 * any error → empty); add / update / remove change the lines, mark the cart dirty and save at once;
 * while a save is in flight the saving flag is up; on success the server's cart replaces the local
 * one and dirty clears; on failure saving stops, the error is shown and the cart is reloaded.
 *
 * The server's cart lives in the portal's server-state cache (`cart-queries.ts`): loads read it into
 * the cache, and every save, reorder and checkout is a mutation whose answer (the cart as saved) is
 * written there. This module keeps only what the pharmacist's screen adds to it: the changes not
 * acknowledged yet, and the flags of what is running.
 *
 * A save is always made from a cart this visit loaded from the server, never from one it could not
 * load (that is how a cart saved on another device was once overwritten): the local cart is the
 * server's cart (the cache's, with its `version`) plus the pharmacist's changes not yet acknowledged
 * (`pending`), kept as changes ('add 3 of this product'), not as lines; the change model
 * (`cart-changes.ts`) says what a change does, what a save sends and what its answer acknowledges.
 * A save sends the lines and the version they were made from; when the server says the cart has
 * moved on (409: another tab, another user of the pharmacy, an order sent), the cart is loaded again
 * and the same changes are applied to it and saved, so both people's changes end on the server.
 * Changes made while a save is in flight wait in `pending` and are sent as soon as it returns, so
 * the server always ends with the last quantity the pharmacist chose.
 *
 * A quantity field waits 500 ms before it hands a change on, so the screen can be ahead of
 * `pending`. Every action that reads the cart takes those edits first (`flushPendingEdits` of the
 * environment, see settleCartAtom), and 'ENVIAR PEDIDO' sends the lines the screen showed when it was
 * pressed, or nothing and says why: never other lines or quantities.
 */
import type { Cart, CartLineVolume, Order, ReorderResponse } from '@botica/api-client/schemas';
import {
  addToCartToast,
  type CartTotals,
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
import { MutationObserver, type QueryClient } from '@tanstack/react-query';
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
  normaliseChange,
  type PendingChange,
  recordChange,
  replay,
  type ServerCart,
  saveRequest,
} from './cart-changes.ts';
import {
  CART_KEY,
  CONFIGURATIONS_KEY,
  type ConfigurationsAnswer,
  cachedCart,
  fetchCartInto,
  isCartEntry,
  type MonthlyPurchasesAnswer,
  monthlyPurchasesKey,
} from './cart-queries.ts';
import { priceChanges } from './price-changes.ts';

export type { CartLine, CartProduct } from './cart-changes.ts';

/** A failed call as the cart sees it: the HTTP status, or 'timeout'/'network', and the message. */
export interface CartCallError {
  status: number | 'timeout' | 'network';
  message?: string | undefined;
}

/** What the cart needs from the API (the portal wires it to @botica/api-client). */
export interface CartGateway {
  configurations(): Promise<ConfigurationsAnswer>;
  /** The client's cart, or null when the server answers 204. */
  fetchCart(): Promise<Cart | null>;
  /**
   * Replaces the cart's lines. `version` is the version of the cart the lines were made from (0: no
   * cart); a cart that has moved on since answers 409 and keeps its lines.
   */
  saveCart(products: { id: number; quantity: number }[], version: number): Promise<Cart>;
  checkout(clientId: number, cartId: number): Promise<Order>;
  /** Adds an order's lines to the cart the server holds; answers with the cart as saved. */
  reorder(clientId: number, orderId: number): Promise<ReorderResponse>;
  monthlyPurchases(clientId: number): Promise<MonthlyPurchasesAnswer>;
}

/** What the cart tells the pharmacist. */
export type CartNotification =
  | { kind: 'saved'; product: CartProduct; previousQuantity: number; quantity: number; text: string }
  | { kind: 'removed'; product: CartProduct; quantity: number; undo: () => void }
  | { kind: 'error'; entry: ErrorEntry };

/** The cart's collaborators: the API, and where its notifications go (toasts, dialogs). */
export interface CartEnvironment {
  gateway: CartGateway;
  /** The portal's server-state cache, which holds the server's cart. */
  queryClient: QueryClient;
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

/** What the screen adds to the server's cart: pending changes and what is running. */
interface CartState {
  status: 'idle' | 'loading' | 'ready';
  /** Changes not acknowledged by the server yet, oldest first. */
  pending: PendingChange[];
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
  pending: [],
  saving: false,
  checkingOut: false,
  revision: 0,
  equivalenceSurcharge: false,
};

/** Of conflicting saves in a row (another tab keeps saving), the last one that is retried. */
const CONFLICT_RETRIES = 3;

/** The cart's calls run whatever the browser thinks of the connection: a call that cannot go out fails and says so. */
const NETWORK_MODE = 'always';

const cartStateAtom = atom<CartState>(initialState);

/** Bumped whenever one of the cart's entries of the cache changes, so what is read from it is read again. */
const cacheChangesAtom = atom(0);

const environmentAtom = atom<CartEnvironment | null>(null);
const stopWatchingCacheAtom = atom<(() => void) | null>(null);

/**
 * The cart's collaborators; set once by the app (and by tests). Setting them watches their cache:
 * a change of the cart's entries (a load, a save's answer, a session's end clearing it) shows at once.
 */
export const cartEnvironmentAtom = atom(
  (get) => get(environmentAtom),
  (get, set, env: CartEnvironment | null) => {
    get(stopWatchingCacheAtom)?.();
    set(environmentAtom, env);
    if (env === null) {
      set(stopWatchingCacheAtom, null);
      return;
    }
    // Nothing observes these entries the way a screen's query does: kept until the session ends or
    // the visit does (cart-loading.ts), never collected as unused while the pharmacist shops.
    for (const queryKey of [CART_KEY, CONFIGURATIONS_KEY, monthlyPurchasesKey(0).slice(0, 2)]) {
      env.queryClient.setQueryDefaults(queryKey, { gcTime: Number.POSITIVE_INFINITY });
    }
    const stop = env.queryClient.getQueryCache().subscribe((event) => {
      if (!isCartEntry(event.query.queryKey)) return;
      if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
      const cart = cachedCart(env.queryClient);
      if (cart != null && cart.recargo_equivalencia !== get(cartStateAtom).equivalenceSurcharge) {
        set(cartStateAtom, (state) => ({ ...state, equivalenceSurcharge: cart.recargo_equivalencia }));
      }
      set(cacheChangesAtom, (count) => count + 1);
    });
    set(stopWatchingCacheAtom, () => stop);
  },
);

function environment(get: Getter): CartEnvironment {
  const env = get(cartEnvironmentAtom);
  if (env === null) throw new Error('cartEnvironmentAtom is not set: the app must provide the cart gateway.');
  return env;
}

/**
 * Reads the cache of the cart's environment, again whenever one of the cart's entries changes;
 * undefined while there is no environment.
 */
export function readCartCache<T>(get: Getter, read: (queryClient: QueryClient) => T): T | undefined {
  get(cacheChangesAtom);
  const env = get(cartEnvironmentAtom);
  return env === null ? undefined : read(env.queryClient);
}

/** One model of each answer, so an answer read again gives the same lines (and nothing renders again). */
const serverCarts = new WeakMap<Cart, ServerCart>();
function serverCartOf(cart: Cart | null): ServerCart {
  if (cart === null) return fromServer(null);
  let model = serverCarts.get(cart);
  if (model === undefined) {
    model = fromServer(cart);
    serverCarts.set(cart, model);
  }
  return model;
}

/** The server's cart as the cache holds it; null until it is loaded, and while it cannot be. */
const serverCartAtom = atom((get): ServerCart | null => {
  const cart = readCartCache(get, cachedCart);
  return cart === undefined ? null : serverCartOf(cart);
});

const configurations = new WeakMap<ConfigurationsAnswer, OrderConfiguration | null>();
/** The order rules' configuration, once loaded (null when it could not be). */
export const orderConfigurationAtom = atom((get): OrderConfiguration | null => {
  const answer = readCartCache(get, (queryClient) => {
    const state = queryClient.getQueryState<ConfigurationsAnswer>(CONFIGURATIONS_KEY);
    return state?.status === 'success' ? state.data : undefined;
  });
  if (answer === undefined) return null;
  let config = configurations.get(answer);
  if (config === undefined) {
    try {
      config = parseConfiguration(answer.data);
    } catch {
      // A configuration without the order rules: they stay unknown (the server still applies them).
      config = null;
    }
    configurations.set(answer, config);
  }
  return config;
});

/** The lines of the cart, in order: the server's cart with the pending changes applied. */
export const cartLinesAtom = atom((get) => replay(get(serverCartAtom), get(cartStateAtom).pending).lines);

/**
 * The lines on screen whose price the laboratory changed since the cart was last saved, as the
 * server's cart says (until the next save's answer stops saying it).
 */
export const cartPriceChangesAtom = atom((get) =>
  priceChanges(readCartCache(get, cachedCart), new Set(get(cartLinesAtom).map((line) => line.product.id))),
);
const NO_VOLUMES: ReadonlyMap<number, CartLineVolume> = new Map();
const lineVolumes = new WeakMap<Cart, ReadonlyMap<number, CartLineVolume>>();
/**
 * Each line's volume pricing by product id (its tiers and the client's price before them), as the
 * server's cart carries it: every line's next-tier hint reads it at the quantity on screen, with no
 * request of its own. A line the server has not answered yet has none.
 */
export const cartLineVolumesAtom = atom((get) => {
  const cart = readCartCache(get, cachedCart);
  if (!cart) return NO_VOLUMES;
  let volumes = lineVolumes.get(cart);
  if (volumes === undefined) {
    volumes = new Map(cart.items.flatMap((item) => (item.volume ? [[item.product.id, item.volume]] : [])));
    lineVolumes.set(cart, volumes);
  }
  return volumes;
});
const NO_DISCOUNTS: ServerCart['discounts'] = [];
/** The client's discount-group discounts applied to the cart. */
export const cartDiscountsAtom = atom((get) => get(serverCartAtom)?.discounts ?? NO_DISCOUNTS);
/** Whether the client is in the regime of recargo de equivalencia (as the server's cart says). */
export const cartEquivalenceSurchargeAtom = atom(
  (get) => get(serverCartAtom)?.equivalenceSurcharge ?? get(cartStateAtom).equivalenceSurcharge,
);
/** Whether the cart has loaded. */
export const cartStatusAtom = atom((get) => get(cartStateAtom).status);
/** True while a save is in flight: the quantity inputs are disabled. */
export const cartSavingAtom = atom((get) => get(cartStateAtom).saving);
/** True while local changes have not been acknowledged by the server. */
export const cartDirtyAtom = atom((get) => get(cartStateAtom).pending.length > 0);
/** True while the order is being sent (from the click on 'ENVIAR PEDIDO', including the wait for a save). */
export const cartCheckingOutAtom = atom((get) => get(cartStateAtom).checkingOut);

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

/** The revisions the last failed save dropped (both included), so a caller can tell its change was lost. */
const droppedRevisionsAtom = atom<{ from: number; to: number }>({ from: 0, to: 0 });

/** The running load and save, so that others can wait for them. */
const loadingAtom = atom<Promise<void> | null>(null);
const savingAtom = atom<Promise<void> | null>(null);

/** The load of the cart under way, if any. */
export const cartLoadingAtom = atom((get) => get(loadingAtom));

type FetchResult = { ok: true; cart: ServerCart } | { ok: false; failure: CartCallError };

/**
 * Reads the server's cart into the cache. A cart that cannot be read is not kept from before: a
 * change made then loads it first, never saving over a cart this visit could not load.
 */
async function fetchServerCart(env: CartEnvironment): Promise<FetchResult> {
  try {
    return {
      ok: true,
      cart: serverCartOf(await fetchCartInto(env.queryClient, () => env.gateway.fetchCart())),
    };
  } catch (error) {
    env.queryClient.removeQueries({ queryKey: CART_KEY, exact: true });
    return { ok: false, failure: env.toCallError(error) };
  }
}

/**
 * Runs a call as a mutation of the cache: `written` puts its answer there, with whatever goes with it.
 * The request goes out at once, before the mutation's own steps: a save started as the page hides
 * must leave before the page is gone.
 */
function mutate<Answer>(
  env: CartEnvironment,
  call: () => Promise<Answer>,
  written: (answer: Answer) => void,
): Promise<Answer> {
  const answer = call();
  // Its failure is the mutation's, which rejects with it: not a rejection left unhandled meanwhile.
  answer.catch(() => undefined);
  return new MutationObserver(env.queryClient, {
    mutationFn: () => answer,
    networkMode: NETWORK_MODE,
    onSuccess: written,
  }).mutate();
}

/**
 * Loads the cart: configurations, then the cart. A 204 gives an empty cart, and so does any error,
 * but one this visit has not loaded: a change made to it loads it first (see the module comment).
 */
export const loadCartAtom = atom(null, (get, set): Promise<void> => {
  const env = environment(get);
  const load = (async () => {
    set(cartStateAtom, (state) => ({ ...state, status: 'loading' }));
    // A configuration that cannot be read leaves the rules unknown (the server still applies them).
    await env.queryClient
      .fetchQuery({
        queryKey: CONFIGURATIONS_KEY,
        queryFn: () => env.gateway.configurations(),
        staleTime: 0,
        retry: false,
        networkMode: NETWORK_MODE,
      })
      .catch(() => undefined);
    const fetched = await fetchServerCart(env);
    set(cartStateAtom, (state) => ({ ...state, status: 'ready' }));
    // Changes a save could not send because the session had ended: sent now, on the cart just loaded.
    if (fetched.ok && get(cartStateAtom).pending.length > 0 && get(savingAtom) === null) void set(saveAtom);
  })();
  set(loadingAtom, load);
  return load.finally(() => {
    if (get(loadingAtom) === load) set(loadingAtom, null);
  });
});

/** Reads this month's purchases of a client into the cache; a failure leaves the figure out. */
export const loadMonthlyPurchasesAtom = atom(null, async (get, _set, clientId: number): Promise<void> => {
  const env = environment(get);
  await env.queryClient
    .fetchQuery({
      queryKey: monthlyPurchasesKey(clientId),
      queryFn: () => env.gateway.monthlyPurchases(clientId),
      staleTime: 0,
      retry: false,
      networkMode: NETWORK_MODE,
    })
    .catch(() => undefined);
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
  set(droppedRevisionsAtom, {
    from: get(cartStateAtom).pending[0]?.revision ?? sentRevision,
    to: sentRevision,
  });
  set(cartStateAtom, (state) => ({ ...state, pending: dropFailed(state.pending, sentRevision) }));
  notifyFailure(env, get, failure);
  await fetchServerCart(env);
}

/** Shows a failed save or order as the spec's catalogue says (the monthly cap, access, the rest). */
function notifyFailure(env: CartEnvironment, get: Getter, failure: CartCallError): void {
  env.notify({
    kind: 'error',
    entry: cartSaveError(failure.status, {
      message: failure.message,
      monthlyCapCents: get(orderConfigurationAtom)?.maximumPurchasePerMonthCents,
    }),
  });
}

/** Saves until the server holds every pending change; see the module comment. */
async function saveLoop(env: CartEnvironment, get: Getter, set: Setter): Promise<void> {
  let conflicts = 0;
  for (;;) {
    const state = get(cartStateAtom);
    if (state.pending.length === 0) return;
    const base = get(serverCartAtom);
    if (base === null) {
      // Never save over a cart this visit has not loaded: load it, then replay the changes on it.
      const loading = get(loadingAtom);
      if (loading !== null) {
        await loading;
        if (get(serverCartAtom) !== null) continue;
      }
      const fetched = await fetchServerCart(env);
      if (!fetched.ok) {
        if (fetched.failure.status === 401) return;
        await failSave(env, get, set, fetched.failure, state.revision);
      }
      continue;
    }
    const request = saveRequest(base, get(cartLinesAtom), state.revision);
    let acknowledged: PendingChange[] = [];
    try {
      await mutate(
        env,
        () => env.gateway.saveCart(request.products, request.version),
        (cart) => {
          // The changes it sent are acknowledged and the server's answer shown, in one step: what is
          // on screen does not change, and the changes made meanwhile stay on top of the answer.
          const saved = acknowledge(
            replay(get(serverCartAtom), get(cartStateAtom).pending).pending,
            request.revision,
          );
          acknowledged = saved.acknowledged;
          set(cartStateAtom, (current) => ({
            ...current,
            pending: acknowledge(current.pending, request.revision).pending,
          }));
          env.queryClient.setQueryData(CART_KEY, cart);
        },
      );
    } catch (error) {
      const failure = env.toCallError(error);
      // The session has ended (the portal asks the pharmacist to log in again): the changes stay
      // pending, on screen, and are saved after the next load of the cart (loadCartAtom).
      if (failure.status === 401) return;
      if (failure.status === 409 && conflicts < CONFLICT_RETRIES) {
        // The cart moved on (another tab, another user): replay these changes on what it holds now.
        conflicts += 1;
        const fetched = await fetchServerCart(env);
        if (fetched.ok) continue;
      }
      await failSave(env, get, set, failure, request.revision);
      continue;
    }
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
function change(get: Getter, set: Setter, cartChange: CartChange): Promise<void> {
  const lines = get(cartLinesAtom);
  set(cartStateAtom, (state) => ({
    ...state,
    ...recordChange(state, lines, normaliseChange(cartChange)).edits,
  }));
  return set(saveAtom);
}

/** Adds units of a product: increases its line, or appends a new line. Saves at once. */
export const addToCartAtom = atom(null, (get, set, product: CartProduct, quantity: number) =>
  change(get, set, { kind: 'add', product, quantity }),
);

/** Sets the quantity of a line (normalised: never below 1). Saves at once. */
export const updateCartQuantityAtom = atom(null, (get, set, productId: number, quantity: number) =>
  change(get, set, { kind: 'set', productId, quantity }),
);

/** Removes a line. Saves at once; the toast that confirms it offers to undo it. */
export const removeFromCartAtom = atom(null, (get, set, productId: number) =>
  change(get, set, { kind: 'remove', productId }),
);

/** Puts a removed line back where it was (the toast's 'Deshacer'), unless the product is back already. */
export const restoreCartLineAtom = atom(null, (get, set, line: CartLine, index: number) =>
  change(get, set, { kind: 'restore', line, index }),
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

/**
 * 'Volver a pedir': takes the quantities changed on screen and waits for their save (the server adds
 * to the cart it holds), then asks the server to add the order's lines. Its answer, the cart as
 * saved, is the cart from then on; it resolves with the answer (the products skipped or adjusted),
 * and rejects with the server's refusal.
 */
export const reorderAtom = atom(
  null,
  async (get, set, clientId: number, orderId: number): Promise<ReorderResponse> => {
    await set(settleCartAtom);
    const env = environment(get);
    return mutate(
      env,
      () => env.gateway.reorder(clientId, orderId),
      (answer) => env.queryClient.setQueryData(CART_KEY, answer.data),
    );
  },
);

/** Whether the cart as saved can be sent: saved lines that reach the minimum order. */
function isSendable(get: Getter): boolean {
  return (
    get(serverCartAtom)?.cartId != null &&
    get(cartStateAtom).pending.length === 0 &&
    get(cartLinesAtom).length > 0 &&
    get(minimumOrderAtom)?.ok === true
  );
}

/**
 * Sends the order (checkout): takes the quantities the fields still hold back, waits for the save of
 * the last change, and sends exactly the lines the screen showed when it was called. Resolves with
 * the order, after which the cart is empty and this month's purchases are read again; on failure the
 * error is shown, the cart reloaded, and it resolves with null; when the saved cart is not the one
 * shown (a save failed, another device changed it meanwhile) it sends nothing and says so.
 */
export const checkoutAtom = atom(null, async (get, set): Promise<Order | null> => {
  const env = environment(get);
  env.flushPendingEdits?.();
  if (!get(canSendOrderAtom)) return null;
  const shown = linesKey(get(cartLinesAtom));
  set(cartStateAtom, (state) => ({ ...state, checkingOut: true }));
  await set(settleCartAtom);
  if (!isAsShown(shown, get(serverCartAtom), get(cartStateAtom).pending)) {
    set(cartStateAtom, (state) => ({ ...state, checkingOut: false }));
    env.notify({ kind: 'error', entry: ORDER_NOT_AS_SHOWN });
    return null;
  }
  if (!isSendable(get)) {
    set(cartStateAtom, (state) => ({ ...state, checkingOut: false }));
    return null;
  }
  const base = get(serverCartAtom) as ServerCart;
  const clientId = base.clientId as number;
  try {
    return await mutate(
      env,
      () => env.gateway.checkout(clientId, base.cartId as number),
      () => {
        // The server has no open cart now: the next change starts a new one (version 0).
        set(cartStateAtom, (state) => ({
          ...initialState,
          status: 'ready',
          equivalenceSurcharge: state.equivalenceSurcharge,
        }));
        env.queryClient.setQueryData(CART_KEY, null);
        // The order now counts against this month's cap.
        void set(loadMonthlyPurchasesAtom, clientId);
      },
    );
  } catch (error) {
    const failure = env.toCallError(error);
    set(cartStateAtom, (state) => ({ ...state, checkingOut: false }));
    if (failure.status === 406 || failure.status === 403) notifyFailure(env, get, failure);
    await fetchServerCart(env);
    return null;
  }
});

/** Empties the local cart (after logout), and forgets the cart's entries of the cache. */
export const resetCartAtom = atom(null, (get, set) => {
  set(cartStateAtom, initialState);
  get(cartEnvironmentAtom)?.queryClient.removeQueries({ predicate: (query) => isCartEntry(query.queryKey) });
});

/**
 * Adds many products' units to what the cart holds, in one change and one conditional save (the
 * quick order): a cart that moved on meanwhile gets them added to what it holds now. Resolves
 * 'saved' once the server holds them, 'failed' when the save was refused (the error shown, the cart
 * reloaded without them), 'pending' when the session ended first (they are saved after the next
 * login, as any change).
 */
export const addLinesToCartAtom = atom(
  null,
  async (get, set, lines: readonly CartLine[]): Promise<'saved' | 'failed' | 'pending'> => {
    await set(settleCartAtom);
    const saving = change(get, set, { kind: 'add-lines', lines: [...lines] });
    const revision = get(cartStateAtom).revision;
    await saving;
    while (get(savingAtom) !== null) await get(savingAtom);
    if (get(cartStateAtom).pending.some((entry) => entry.revision === revision)) return 'pending';
    const dropped = get(droppedRevisionsAtom);
    return revision >= dropped.from && revision <= dropped.to ? 'failed' : 'saved';
  },
);
