/**
 * The cart's change model, apart from how it is synchronised: plain data and functions, no store and
 * no API, so every rule of the pending-edits model is tested on its own.
 *
 * What the pharmacist sees is the server's cart (`ServerCart`, with its `version`) plus the changes
 * not acknowledged yet (`PendingChange`), kept as changes ('add 3 of this product'), not as lines: so
 * they can be applied again to whatever cart the server holds (after a 409, after a reload) and both
 * people's changes end on the server. A save sends the lines on screen and the version they were
 * made from; its answer acknowledges the changes up to the revision it sent, and those made meanwhile
 * stay pending, applied on the cart it returned.
 */
import type { Cart, CartItem } from '@botica/api-client/schemas';
import { normaliseQuantity } from '@botica/domain';

/** A product as a cart line holds it (the wire's cart product; a catalogue product fits too). */
export type CartProduct = CartItem['product'];

/** One local line of the cart. */
export interface CartLine {
  product: CartProduct;
  quantity: number;
}

/** A change the pharmacist made, replayable on whatever cart the server holds. */
export type CartChange =
  | { kind: 'add'; product: CartProduct; quantity: number }
  | { kind: 'set'; productId: number; quantity: number }
  | { kind: 'remove'; productId: number }
  | { kind: 'restore'; line: CartLine; index: number }
  /** Many products' units added at once (the quick order): one change, one save, no toast per line. */
  | { kind: 'add-lines'; lines: CartLine[] };

/** What a change did to the lines it was applied to, for the toast owed once it is saved. */
export type ChangeEffect =
  | { kind: 'quantity'; product: CartProduct; previousQuantity: number; quantity: number }
  | { kind: 'removed'; line: CartLine; index: number };

/** A change not acknowledged by the server yet. */
export interface PendingChange {
  /** Its place among this visit's changes: a save acknowledges every change up to the one it sent. */
  revision: number;
  change: CartChange;
  /** What the change did the last time it was applied (to the newest server cart), if anything. */
  effect: ChangeEffect | null;
}

/** The server's cart as this visit last loaded or saved it. */
export interface ServerCart {
  lines: CartLine[];
  discounts: { group_name: string; discount_percent: number }[];
  cartId: number | null;
  clientId: number | null;
  /** The cart's version; 0 when the server has no open cart. */
  version: number;
  /** The cart's `recargo_equivalencia`; null when the server has no open cart (it does not say). */
  equivalenceSurcharge: boolean | null;
}

/** The server has no open cart: the next save starts one (version 0). */
export const NO_CART: ServerCart = {
  lines: [],
  discounts: [],
  cartId: null,
  clientId: null,
  version: 0,
  equivalenceSurcharge: null,
};

/** The server's answer (null: 204, no open cart) as the model keeps it. */
export function fromServer(cart: Cart | null): ServerCart {
  if (cart === null) return NO_CART;
  return {
    lines: cart.items.map((item) => ({ product: item.product, quantity: item.quantity })),
    discounts: cart.discounts.map(({ group_name, discount_percent }) => ({ group_name, discount_percent })),
    cartId: cart.id,
    clientId: cart.client_id,
    version: cart.version,
    equivalenceSurcharge: cart.recargo_equivalencia,
  };
}

/** Applies one change to lines, and says what it did (null: nothing). */
export function applyChange(
  lines: CartLine[],
  change: CartChange,
): { lines: CartLine[]; effect: ChangeEffect | null } {
  switch (change.kind) {
    case 'add': {
      const existing = lines.find((line) => line.product.id === change.product.id);
      if (existing === undefined) {
        const line = { product: change.product, quantity: change.quantity };
        return {
          lines: [...lines, line],
          effect: {
            kind: 'quantity',
            product: change.product,
            previousQuantity: 0,
            quantity: change.quantity,
          },
        };
      }
      // Never past the largest quantity a line can have, which the server would refuse.
      const quantity = normaliseQuantity(existing.quantity + change.quantity);
      if (quantity === existing.quantity) return { lines, effect: null };
      return {
        lines: lines.map((line) => (line === existing ? { ...line, quantity } : line)),
        effect: {
          kind: 'quantity',
          product: existing.product,
          previousQuantity: existing.quantity,
          quantity,
        },
      };
    }
    case 'set': {
      const existing = lines.find((line) => line.product.id === change.productId);
      if (existing === undefined || existing.quantity === change.quantity) return { lines, effect: null };
      return {
        lines: lines.map((line) => (line === existing ? { ...line, quantity: change.quantity } : line)),
        effect: {
          kind: 'quantity',
          product: existing.product,
          previousQuantity: existing.quantity,
          quantity: change.quantity,
        },
      };
    }
    case 'remove': {
      const index = lines.findIndex((line) => line.product.id === change.productId);
      const line = lines[index];
      if (line === undefined) return { lines, effect: null };
      return { lines: lines.filter((_, at) => at !== index), effect: { kind: 'removed', line, index } };
    }
    case 'restore': {
      if (lines.some((line) => line.product.id === change.line.product.id)) return { lines, effect: null };
      const at = Math.min(change.index, lines.length);
      return { lines: [...lines.slice(0, at), change.line, ...lines.slice(at)], effect: null };
    }
    case 'add-lines': {
      let added = lines;
      for (const line of change.lines) {
        added = applyChange(added, { kind: 'add', product: line.product, quantity: line.quantity }).lines;
      }
      return { lines: added, effect: null };
    }
  }
}

/** The change as the pharmacist asked it, normalised the way the server takes quantities. */
export function normaliseChange(change: CartChange): CartChange {
  if (change.kind === 'add' || change.kind === 'set')
    return { ...change, quantity: normaliseQuantity(change.quantity) };
  if (change.kind === 'add-lines') {
    return {
      ...change,
      lines: change.lines.map((line) => ({ ...line, quantity: normaliseQuantity(line.quantity) })),
    };
  }
  return change;
}

/** What the pharmacist sees: the lines of the server's cart (none when unknown) with the pending changes applied, in order. */
export function replay(
  base: ServerCart | null,
  pending: readonly PendingChange[],
): { lines: CartLine[]; pending: PendingChange[] } {
  let lines = base?.lines ?? [];
  const replayed = pending.map((entry) => {
    const applied = applyChange(lines, entry.change);
    lines = applied.lines;
    return { ...entry, effect: applied.effect };
  });
  return { lines, pending: replayed };
}

/** The pharmacist's changes: those not acknowledged yet, and the last revision given. */
export interface CartEdits {
  pending: PendingChange[];
  revision: number;
}

/** No change made yet. */
export const NO_EDITS: CartEdits = { pending: [], revision: 0 };

/** Records a change on top of what the screen shows (`lines`); returns the edits and the new lines. */
export function recordChange(
  edits: CartEdits,
  lines: CartLine[],
  change: CartChange,
): { edits: CartEdits; lines: CartLine[] } {
  const applied = applyChange(lines, change);
  const revision = edits.revision + 1;
  return {
    lines: applied.lines,
    edits: { revision, pending: [...edits.pending, { revision, change, effect: applied.effect }] },
  };
}

/** What a save sends: the lines on screen, the version of the cart they were made from, and the revision they include. */
export interface SaveRequest {
  products: { id: number; quantity: number }[];
  version: number;
  revision: number;
}

/** The save of what the screen shows, made from `base` (a cart this visit loaded: never one it could not). */
export function saveRequest(base: ServerCart, lines: readonly CartLine[], revision: number): SaveRequest {
  return {
    products: lines.map((line) => ({ id: line.product.id, quantity: line.quantity })),
    version: base.version,
    revision,
  };
}

/**
 * The server has saved a request up to `sentRevision`: those changes are acknowledged (their effects
 * are the toasts owed), the later ones stay pending, to be applied on the cart it returned.
 */
export function acknowledge(
  pending: readonly PendingChange[],
  sentRevision: number,
): { acknowledged: PendingChange[]; pending: PendingChange[] } {
  return {
    acknowledged: pending.filter((entry) => entry.revision <= sentRevision),
    pending: pending.filter((entry) => entry.revision > sentRevision),
  };
}

/** A save up to `sentRevision` failed: its changes are dropped; those made after it stay pending. */
export function dropFailed(pending: readonly PendingChange[], sentRevision: number): PendingChange[] {
  return pending.filter((entry) => entry.revision > sentRevision);
}

/**
 * Which server cart to keep when a load returns: the loaded one, unless a save acknowledged while the
 * load was on its way gave a newer version (what the load read is then older). A failed load keeps
 * what there is.
 */
export function newerCart(current: ServerCart | null, loaded: ServerCart | null): ServerCart | null {
  if (loaded === null) return current;
  if (current !== null && loaded.version < current.version) return current;
  return loaded;
}

/** Lines as `id×quantity`, in product order: the same cart whatever order the lines are in. */
export function linesKey(lines: readonly CartLine[]): string {
  return lines
    .map((line) => [line.product.id, line.quantity] as const)
    .sort(([a], [b]) => a - b)
    .map(([id, quantity]) => `${id}×${quantity}`)
    .join(',');
}

/**
 * Whether the server's cart is exactly the one the screen showed (`shown`, its `linesKey`) with
 * nothing left to save: the only cart 'ENVIAR PEDIDO' may send.
 */
export function isAsShown(
  shown: string,
  base: ServerCart | null,
  pending: readonly PendingChange[],
): boolean {
  return base !== null && pending.length === 0 && linesKey(base.lines) === shown;
}
