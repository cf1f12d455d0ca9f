import { QUANTITY_MAX, QUANTITY_MIN } from '@botica/domain';
import { describe, expect, it } from 'vitest';
import {
  acknowledge,
  applyChange,
  type CartChange,
  type CartEdits,
  type CartLine,
  type CartProduct,
  dropFailed,
  fromServer,
  isAsShown,
  linesKey,
  NO_CART,
  NO_EDITS,
  newerCart,
  normaliseChange,
  type PendingChange,
  recordChange,
  replay,
  type ServerCart,
  saveRequest,
} from './cart-changes.ts';

const product = (id: number): CartProduct => ({
  id,
  reference: `BT-${String(id).padStart(5, '0')}`,
  name: `Producto ${id}`,
  format: '60 cápsulas',
  price: 10 * id,
  final_price: null,
  vat_rate: 10,
  stock: 'in_stock',
  image: { thumbnail: `/t/${id}`, miniproduct: `/m/${id}`, full: `/f/${id}` },
});

const line = (id: number, quantity: number): CartLine => ({ product: product(id), quantity });

const server = (lines: CartLine[], version: number): ServerCart => ({
  ...NO_CART,
  lines,
  cartId: 7,
  clientId: 3,
  version,
  equivalenceSurcharge: false,
});

const quantities = (lines: readonly CartLine[]) => lines.map((l) => [l.product.id, l.quantity]);

/** Records changes one after another, as the pharmacist makes them on screen. */
function record(base: ServerCart | null, changes: CartChange[], from: CartEdits = NO_EDITS) {
  let edits = from;
  let lines = replay(base, from.pending).lines;
  for (const change of changes) {
    const recorded = recordChange(edits, lines, normaliseChange(change));
    edits = recorded.edits;
    lines = recorded.lines;
  }
  return { edits, lines };
}

/** What the real server does with a save: it keeps exactly the lines it was sent, and moves on a version. */
function serverSaves(request: { products: { id: number; quantity: number }[] }, version: number): ServerCart {
  return server(
    request.products.map((p) => line(p.id, p.quantity)),
    version,
  );
}

describe('a change applied to lines', () => {
  it('adds a new line at the end, or units to the product’s line', () => {
    const added = applyChange([line(1, 2)], { kind: 'add', product: product(2), quantity: 3 });
    expect(quantities(added.lines)).toEqual([
      [1, 2],
      [2, 3],
    ]);
    expect(added.effect).toMatchObject({ kind: 'quantity', previousQuantity: 0, quantity: 3 });
    const more = applyChange(added.lines, { kind: 'add', product: product(1), quantity: 5 });
    expect(quantities(more.lines)).toEqual([
      [1, 7],
      [2, 3],
    ]);
    expect(more.effect).toMatchObject({ kind: 'quantity', previousQuantity: 2, quantity: 7 });
  });

  it('never adds past the most units a line can have, and then does nothing', () => {
    const full = [line(1, QUANTITY_MAX)];
    const added = applyChange(full, { kind: 'add', product: product(1), quantity: 4 });
    expect(added.lines).toBe(full);
    expect(added.effect).toBeNull();
    const near = applyChange([line(1, QUANTITY_MAX - 1)], { kind: 'add', product: product(1), quantity: 4 });
    expect(quantities(near.lines)).toEqual([[1, QUANTITY_MAX]]);
  });

  it('sets the quantity of a line there is, and ignores one that is not there', () => {
    const lines = [line(1, 2)];
    expect(quantities(applyChange(lines, { kind: 'set', productId: 1, quantity: 6 }).lines)).toEqual([
      [1, 6],
    ]);
    const absent = applyChange(lines, { kind: 'set', productId: 9, quantity: 6 });
    expect(absent.lines).toBe(lines);
    expect(absent.effect).toBeNull();
    expect(applyChange(lines, { kind: 'set', productId: 1, quantity: 2 }).effect).toBeNull();
  });

  it('removes a line, remembering where it was; restores it there unless it is back already', () => {
    const lines = [line(1, 1), line(2, 2), line(3, 3)];
    const removed = applyChange(lines, { kind: 'remove', productId: 2 });
    expect(quantities(removed.lines)).toEqual([
      [1, 1],
      [3, 3],
    ]);
    expect(removed.effect).toEqual({ kind: 'removed', line: lines[1], index: 1 });
    const restored = applyChange(removed.lines, { kind: 'restore', line: line(2, 2), index: 1 });
    expect(quantities(restored.lines)).toEqual(quantities(lines));
    const twice = applyChange(restored.lines, { kind: 'restore', line: line(2, 5), index: 0 });
    expect(twice.lines).toBe(restored.lines);
  });

  it('restores at the end when the cart has fewer lines now', () => {
    const restored = applyChange([line(1, 1)], { kind: 'restore', line: line(4, 4), index: 3 });
    expect(quantities(restored.lines)).toEqual([
      [1, 1],
      [4, 4],
    ]);
  });

  it('normalises quantities as the server takes them', () => {
    expect(normaliseChange({ kind: 'set', productId: 1, quantity: 0 })).toEqual({
      kind: 'set',
      productId: 1,
      quantity: QUANTITY_MIN,
    });
    expect(normaliseChange({ kind: 'add', product: product(1), quantity: 123456 })).toMatchObject({
      quantity: QUANTITY_MAX,
    });
  });
});

describe('the server’s cart and the pending changes', () => {
  it('reads the server’s answer, and a 204 as no cart (version 0)', () => {
    expect(fromServer(null)).toBe(NO_CART);
    expect(NO_CART.version).toBe(0);
  });

  it('shows the server’s lines with every pending change on top, and each change’s effect on them', () => {
    const base = server([line(1, 2)], 4);
    const { edits, lines } = record(base, [
      { kind: 'add', product: product(1), quantity: 1 },
      { kind: 'remove', productId: 1 },
    ]);
    expect(lines).toEqual([]);
    const replayed = replay(base, edits.pending);
    expect(replayed.lines).toEqual(lines);
    expect(replayed.pending.map((entry) => entry.effect?.kind)).toEqual(['quantity', 'removed']);
  });

  it('a save sends the lines on screen, the version they were made from and the last revision', () => {
    const base = server([line(1, 2)], 4);
    const { edits, lines } = record(base, [{ kind: 'set', productId: 1, quantity: 5 }]);
    expect(saveRequest(base, lines, edits.revision)).toEqual({
      products: [{ id: 1, quantity: 5 }],
      version: 4,
      revision: 1,
    });
  });

  it('a save’s answer acknowledges what it sent; a change made meanwhile stays pending and on screen', () => {
    const base = server([line(1, 2)], 4);
    const first = record(base, [{ kind: 'set', productId: 1, quantity: 5 }]);
    const request = saveRequest(base, first.lines, first.edits.revision);
    const meanwhile = record(base, [{ kind: 'set', productId: 1, quantity: 8 }], first.edits);
    const { acknowledged, pending } = acknowledge(meanwhile.edits.pending, request.revision);
    expect(acknowledged.map((entry) => entry.revision)).toEqual([1]);
    expect(pending.map((entry) => entry.revision)).toEqual([2]);
    const answer = serverSaves(request, 5);
    expect(quantities(replay(answer, pending).lines)).toEqual([[1, 8]]);
  });

  it('a failed save drops what it sent and keeps what came after', () => {
    const { edits } = record(NO_CART, [
      { kind: 'add', product: product(1), quantity: 1 },
      { kind: 'add', product: product(2), quantity: 1 },
      { kind: 'add', product: product(3), quantity: 1 },
    ]);
    expect(dropFailed(edits.pending, 2).map((entry) => entry.revision)).toEqual([3]);
  });

  it('a 409 replays the same changes on the cart the server holds now: both people’s changes stay', () => {
    const seen = server([line(1, 2)], 4);
    const { edits } = record(seen, [
      { kind: 'add', product: product(1), quantity: 3 },
      { kind: 'remove', productId: 2 },
    ]);
    // Another tab added product 2 and product 3 meanwhile.
    const now = server([line(1, 2), line(2, 1), line(3, 6)], 5);
    const replayed = replay(now, edits.pending);
    expect(quantities(replayed.lines)).toEqual([
      [1, 5],
      [3, 6],
    ]);
    expect(saveRequest(now, replayed.lines, edits.revision).version).toBe(5);
  });

  it('adds many lines in one change, to what the cart holds, with no toast owed; a 409 adds them to the newer cart', () => {
    const seen = server([line(1, 2)], 4);
    const { edits, lines } = record(seen, [
      { kind: 'add-lines', lines: [line(1, 3), line(4, 2), line(5, 0)] },
    ]);
    expect(edits.pending).toHaveLength(1);
    expect(edits.pending[0]?.effect).toBeNull();
    expect(quantities(lines)).toEqual([
      [1, 5],
      [4, 2],
      [5, QUANTITY_MIN],
    ]);
    const now = server([line(1, 2), line(2, 1), line(4, QUANTITY_MAX)], 5);
    expect(quantities(replay(now, edits.pending).lines)).toEqual([
      [1, 5],
      [2, 1],
      [4, QUANTITY_MAX],
      [5, QUANTITY_MIN],
    ]);
  });

  it('a load keeps the newer of what it read and what a save acknowledged meanwhile', () => {
    const saved = server([line(1, 3)], 6);
    const read = server([line(1, 2)], 5);
    expect(newerCart(saved, read)).toBe(saved);
    expect(newerCart(read, saved)).toBe(saved);
    expect(newerCart(null, read)).toBe(read);
    expect(newerCart(saved, null)).toBe(saved);
    // After an order there is no cart (version 0): what the server holds then wins.
    expect(newerCart(NO_CART, read)).toBe(read);
  });

  it('sends only the cart the screen showed, saved, with nothing pending', () => {
    const shown = linesKey([line(2, 1), line(1, 4)]);
    expect(shown).toBe('1×4,2×1');
    const saved = server([line(1, 4), line(2, 1)], 3);
    expect(isAsShown(shown, saved, [])).toBe(true);
    expect(isAsShown(shown, server([line(1, 5), line(2, 1)], 4), [])).toBe(false);
    expect(isAsShown(shown, null, [])).toBe(false);
    const pending: PendingChange[] = [
      { revision: 1, change: { kind: 'remove', productId: 1 }, effect: null },
    ];
    expect(isAsShown(shown, saved, pending)).toBe(false);
  });
});

/** A small seeded generator (mulberry32): the same cases on every run, and a failure names its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const quantity = () => (next() < 0.1 ? int(QUANTITY_MAX - 5, QUANTITY_MAX + 50) : int(-2, 30));
  const change = (): CartChange => {
    const id = int(1, 6);
    const kind = int(0, 3);
    if (kind === 0) return { kind: 'add', product: product(id), quantity: quantity() };
    if (kind === 1) return { kind: 'set', productId: id, quantity: quantity() };
    if (kind === 2) return { kind: 'remove', productId: id };
    return { kind: 'restore', line: line(id, int(1, 40)), index: int(0, 6) };
  };
  const cart = (version: number): ServerCart => {
    const ids = [1, 2, 3, 4, 5, 6].filter(() => next() < 0.5);
    return server(
      ids.map((id) => line(id, int(1, 40))),
      version,
    );
  };
  return { int, change, changes: (n: number) => Array.from({ length: n }, change), cart };
}

const SEEDS = Array.from({ length: 300 }, (_, index) => index + 1);

describe('properties of the change model, over generated carts and changes', () => {
  it('lines never repeat a product and every quantity is one the server takes', () => {
    for (const seed of SEEDS) {
      const gen = random(seed);
      const { lines } = record(gen.cart(3), gen.changes(gen.int(0, 25)));
      const ids = lines.map((l) => l.product.id);
      expect(new Set(ids).size, `seed ${seed}`).toBe(ids.length);
      for (const l of lines) {
        expect(l.quantity, `seed ${seed}`).toBeGreaterThanOrEqual(QUANTITY_MIN);
        expect(l.quantity, `seed ${seed}`).toBeLessThanOrEqual(QUANTITY_MAX);
      }
    }
  });

  it('what the screen shows is the server’s cart with the pending changes replayed', () => {
    for (const seed of SEEDS) {
      const gen = random(seed);
      const base = gen.cart(2);
      const { edits, lines } = record(base, gen.changes(gen.int(0, 25)));
      expect(replay(base, edits.pending).lines, `seed ${seed}`).toEqual(lines);
    }
  });

  it('a save returning never changes what the screen shows, whatever was changed while it was on its way', () => {
    for (const seed of SEEDS) {
      const gen = random(seed);
      const base = gen.cart(2);
      const before = record(base, gen.changes(gen.int(1, 10)));
      const request = saveRequest(base, before.lines, before.edits.revision);
      const after = record(base, gen.changes(gen.int(0, 10)), before.edits);
      const { acknowledged, pending } = acknowledge(after.edits.pending, request.revision);
      expect(acknowledged.length + pending.length, `seed ${seed}`).toBe(after.edits.pending.length);
      expect(replay(serverSaves(request, 3), pending).lines, `seed ${seed}`).toEqual(after.lines);
    }
  });

  it('saving in several steps ends with the server holding exactly the last lines on screen', () => {
    for (const seed of SEEDS) {
      const gen = random(seed);
      let base = gen.cart(1);
      let edits = NO_EDITS;
      let lines = base.lines;
      for (let round = 0; round < 4; round += 1) {
        const recorded = record(base, gen.changes(gen.int(0, 6)), edits);
        const request = saveRequest(base, recorded.lines, recorded.edits.revision);
        const meanwhile = record(base, gen.changes(gen.int(0, 3)), recorded.edits);
        base = serverSaves(request, base.version + 1);
        edits = {
          ...meanwhile.edits,
          pending: acknowledge(meanwhile.edits.pending, request.revision).pending,
        };
        lines = meanwhile.lines;
      }
      const last = saveRequest(base, replay(base, edits.pending).lines, edits.revision);
      expect(linesKey(serverSaves(last, 99).lines), `seed ${seed}`).toBe(linesKey(lines));
    }
  });

  it('a 409 replay keeps the other person’s lines the pharmacist did not touch, and the pharmacist’s last word on the rest', () => {
    for (const seed of SEEDS) {
      const gen = random(seed);
      const seen = gen.cart(1);
      const changes = gen.changes(gen.int(1, 12)).map(normaliseChange);
      const { edits } = record(seen, changes);
      const now = gen.cart(2);
      const replayed = replay(now, edits.pending).lines;
      const touched = new Set(
        changes.map((c) =>
          c.kind === 'add'
            ? c.product.id
            : c.kind === 'restore'
              ? c.line.product.id
              : 'productId' in c
                ? c.productId
                : 0,
        ),
      );
      for (const other of now.lines.filter((l) => !touched.has(l.product.id))) {
        expect(replayed, `seed ${seed}`).toContainEqual(other);
      }
      const lastFor = new Map(
        changes.map((c) => [
          c.kind === 'add'
            ? c.product.id
            : c.kind === 'restore'
              ? c.line.product.id
              : 'productId' in c
                ? c.productId
                : 0,
          c,
        ]),
      );
      for (const [id, last] of lastFor) {
        const shown = replayed.find((l) => l.product.id === id);
        if (last.kind === 'remove') expect(shown, `seed ${seed}`).toBeUndefined();
        if (last.kind === 'add' || last.kind === 'restore') expect(shown, `seed ${seed}`).toBeDefined();
        if (last.kind === 'set' && shown !== undefined)
          expect(shown.quantity, `seed ${seed}`).toBe(last.quantity);
      }
    }
  });

  it('a failed save drops exactly what it sent', () => {
    for (const seed of SEEDS) {
      const gen = random(seed);
      const { edits } = record(gen.cart(1), gen.changes(gen.int(0, 12)));
      const sent = gen.int(0, edits.revision);
      const kept = dropFailed(edits.pending, sent);
      expect(kept, `seed ${seed}`).toEqual(acknowledge(edits.pending, sent).pending);
      expect(
        kept.every((entry) => entry.revision > sent),
        `seed ${seed}`,
      ).toBe(true);
    }
  });

  it('the cart sent is the same cart whatever the order of its lines', () => {
    for (const seed of SEEDS) {
      const gen = random(seed);
      const { lines } = record(gen.cart(1), gen.changes(gen.int(0, 12)));
      const shuffled = [...lines].sort(() => gen.int(-1, 1));
      expect(isAsShown(linesKey(lines), server(shuffled, 2), []), `seed ${seed}`).toBe(true);
    }
  });
});
