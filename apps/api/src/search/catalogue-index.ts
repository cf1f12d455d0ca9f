/**
 * The catalogue index's holder: per API process, the current `CatalogueSnapshot` of the active
 * catalogue (catalogue-index-snapshot.ts), built before the server listens and built anew after every
 * change to what it holds.
 *
 * Which changes: the pricing epoch's. Its statement triggers already move it inside every transaction
 * that writes products, categories, the products' categories and tags (migrations 0007, 0030), and the
 * migration of this index adds tags and pictures, and makes the triggers' function `pg_notify` the
 * channel `botica_catalogue` (delivered at commit, once per transaction). One epoch rather than a
 * catalogue epoch of its own: a second row bumped by the same triggers would be locked in another
 * order than the ERP's batches lock the pricing epoch (integration/catalogue-batch-service.ts), and
 * two such transactions could deadlock. The price of it: a change to prices alone (special prices,
 * tiers, a client's group) rebuilds the index needlessly, which is rare and coalesced.
 *
 * How a process hears of a change: LISTEN on one dedicated connection (PostgreSQL: a node-postgres
 * client of its own, opened again when it drops; PGlite: its in-process `listen`), and on PostgreSQL a
 * poll of the epoch every `POLL_MS` as the fallback for a notification lost while that connection was
 * down. The catalogue listing also reads the epoch with its page (catalogue-service.ts) and asks for
 * a rebuild when the snapshot is older.
 *
 * Rebuilds are coalesced: any number of changes during a build make one more build, not one each. The
 * snapshot is immutable and swapped whole, so a request that took one answers from it to the end.
 * A request that arrives after a change was heard waits for the build that includes it (answering
 * from the older snapshot only when that build fails): what a pharmacist reads after a change the
 * process knows of is never from before it, as the search's answers were under its former cache.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { selectRows } from '../db/database.ts';
import { type SharedListener, type Subscriber, startListener } from '../db/listener.ts';
import { pictureVersionSql } from '../pricing/pricing-service.ts';
import {
  CatalogueSnapshot,
  type SnapshotCategory,
  type SnapshotProduct,
  type SnapshotRows,
  type SnapshotTag,
} from './catalogue-index-snapshot.ts';

/** The channel the pricing epoch's triggers notify at commit. */
export const CATALOGUE_CHANNEL = 'botica_catalogue';
/** How often PostgreSQL's epoch is read when no notification came (the fallback). */
export const POLL_MS = 500;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** Reads the pricing epoch (one primary-key row). */
export async function readEpoch(db: Database): Promise<number> {
  const [row] = await selectRows<{ epoch: string | number }>(db, sql`select epoch from pricing_epoch`);
  return Number(row?.epoch ?? 0);
}

/**
 * Reads the active catalogue in one repeatable-read transaction, so the rows and the epoch are of one
 * moment; when the epoch is still `unlessEpoch`, reads nothing else and returns undefined.
 */
export async function loadSnapshot(
  db: Database,
  unlessEpoch?: number,
): Promise<CatalogueSnapshot | undefined> {
  // Reads the catalogue module's tables and the pricing module's epoch: the index is their copy.
  const rows = await db.transaction(
    async (tx) => {
      const epoch = await readEpoch(tx as unknown as Database);
      if (epoch === unlessEpoch) return undefined;
      const read = <T>(query: ReturnType<typeof sql>) => selectRows<T>(tx as unknown as Database, query);
      // Many rows come as one aggregated value each (JSON, or pairs in text): a tenth of the time
      // of as many rows through the driver (20,000 products, 55,000 links on PGlite: 50 ms, not 400).
      const [list] = await read<{ products: string }>(
        sql`select coalesce(json_agg(json_build_array(p.id, p.name, p.reference, p.format, p.price_cents, p.vat_rate,
                     p.stock_units, p.image_count, p.image_hue, p.picture_version, p.reference_rank)
                     order by p.name, p.id), '[]')::text as products
            from (select p.id, p.name, p.reference, p.format, p.price_cents, p.vat_rate, p.stock_units,
                         p.image_count, p.image_hue, ${pictureVersionSql(sql`p.id`, 1)} as picture_version,
                         row_number() over (order by p.reference, p.id) as reference_rank
                  from products p where p.is_active) p`,
      );
      type ProductTuple = [
        number,
        string,
        string,
        string,
        number,
        number | string,
        number,
        number,
        number,
        string | null,
        number,
      ];
      const products = (JSON.parse(list?.products ?? '[]') as ProductTuple[]).map(
        ([
          id,
          name,
          reference,
          format,
          price_cents,
          vat_rate,
          stock_units,
          image_count,
          image_hue,
          picture_version,
          reference_rank,
        ]): SnapshotProduct => ({
          id,
          name,
          reference,
          format,
          price_cents,
          vat_rate: Number(vat_rate),
          stock_units,
          image_count,
          image_hue,
          picture_version,
          reference_rank,
        }),
      );
      const categories = await read<SnapshotCategory>(
        sql`select id, name, slug, parent_id from categories order by position, name, id`,
      );
      const tags = await read<SnapshotTag>(sql`select id, name, slug from tags order by name, id`);
      const [links] = await read<{ categories: string; tags: string }>(
        sql`select (select coalesce(string_agg(product_id || ',' || category_id, ';'), '') from product_categories)
                     as categories,
                   (select coalesce(string_agg(product_id || ',' || tag_id, ';'), '') from product_tags) as tags`,
      );
      const pairs = (text: string | undefined) =>
        (text ? text.split(';') : []).map((pair) => pair.split(',').map(Number) as [number, number]);
      const productCategories = pairs(links?.categories).map(([product_id, category_id]) => ({
        product_id,
        category_id,
      }));
      const productTags = pairs(links?.tags).map(([product_id, tag_id]) => ({ product_id, tag_id }));
      // The pricing module's special prices and the accounts module's pharmacies' groups: a page is
      // priced for its pharmacy from the snapshot (catalogue-service.ts).
      const [pricing] = await read<{ prices: string; groups: string }>(
        sql`select (select coalesce(string_agg(sp.discount_group_id || ',' || sp.product_id || ',' || sp.price_cents, ';'), '')
                      from special_prices sp join products p on p.id = sp.product_id and p.is_active) as prices,
                   (select coalesce(string_agg(c.id || ',' || c.discount_group_id, ';'), '')
                      from clients c where c.discount_group_id is not null) as groups`,
      );
      const triples = (text: string | undefined) =>
        (text ? text.split(';') : []).map((triple) => triple.split(',').map(Number));
      const specialPrices = triples(pricing?.prices).map(
        ([discount_group_id = 0, product_id = 0, price_cents = 0]) => ({
          discount_group_id,
          product_id,
          price_cents,
        }),
      );
      const clientGroups = triples(pricing?.groups).map(([client_id = 0, discount_group_id = 0]) => ({
        client_id,
        discount_group_id,
      }));
      return {
        epoch,
        products,
        categories,
        tags,
        productCategories,
        productTags,
        specialPrices,
        clientGroups,
      } satisfies SnapshotRows;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return rows ? new CatalogueSnapshot(rows) : undefined;
}

/** What the holder builds a snapshot with: undefined when the epoch is still `unlessEpoch`. */
export type SnapshotLoader = (unlessEpoch?: number) => Promise<CatalogueSnapshot | undefined>;

/** The holder of the current snapshot; see the module's comment. */
export class CatalogueIndex {
  readonly #load: SnapshotLoader;
  readonly #log: Log | undefined;
  #snapshot: CatalogueSnapshot | undefined;
  /** Changes heard so far, and how many of them the current snapshot includes. */
  #requested = 1;
  #covered = 0;
  #building: Promise<void> | undefined;
  #waiters: { target: number; resolve: () => void }[] = [];
  #lastError: unknown;
  #stop: (() => Promise<void>) | undefined;
  #shared: SharedListener | undefined;
  /** Snapshots built so far (the tests count them). */
  builds = 0;

  constructor(load: SnapshotLoader, log?: Log) {
    this.#load = load;
    this.#log = log;
  }

  /** The snapshot last built, without waiting (undefined before the first). */
  get latest(): CatalogueSnapshot | undefined {
    return this.#snapshot;
  }

  /** The bytes the current snapshot holds, about (0 before the first). */
  get memoryBytes(): number {
    return this.#snapshot?.memoryBytes ?? 0;
  }

  /** Something the index holds has changed: builds again, once for any number of calls meanwhile. */
  changed(): void {
    this.#requested += 1;
    this.#kick();
  }

  /** The snapshot, built again first when it is older than `epoch` (read elsewhere). */
  async atLeast(epoch: number): Promise<CatalogueSnapshot> {
    if (!this.#snapshot || this.#snapshot.epoch < epoch) this.changed();
    return this.current();
  }

  /**
   * The snapshot to answer from: the current one, or, after a change was heard, the one that includes
   * it (the older one if that build fails).
   * @throws the build's error when there is no snapshot at all (the database unreachable at start).
   */
  async current(): Promise<CatalogueSnapshot> {
    if (this.#snapshot && this.#covered >= this.#requested) return this.#snapshot;
    const target = this.#requested;
    await new Promise<void>((resolve) => {
      this.#waiters.push({ target, resolve });
      this.#kick();
    });
    if (this.#snapshot) return this.#snapshot;
    throw this.#lastError ?? new Error('catalogue index: not built');
  }

  #kick(): void {
    if (this.#building || this.#covered >= this.#requested) return;
    this.#building = this.#build();
  }

  /**
   * Builds until the snapshot includes every change heard. It awaits a load before it can end (so
   * `#building` is set first), and clears `#building` in the same turn as the loop's last check,
   * before any waiter it released runs: a change heard after that check starts a new build.
   */
  async #build(): Promise<void> {
    try {
      while (this.#covered < this.#requested) {
        const target = this.#requested;
        const started = performance.now();
        try {
          const built = await this.#load(this.#snapshot?.epoch);
          if (built) {
            this.#snapshot = built;
            this.builds += 1;
            this.#log?.info(
              {
                products: built.products.length,
                epoch: built.epoch,
                memoryBytes: built.memoryBytes,
                ms: Math.round(performance.now() - started),
              },
              'catalogue index: built',
            );
          }
          this.#covered = target;
          this.#lastError = undefined;
        } catch (error) {
          this.#lastError = error;
          this.#log?.warn({ err: error }, 'catalogue index: could not build; the previous one answers');
          // Whoever waits answers from the older snapshot (or fails without one); the next change,
          // poll or request tries again.
          this.#release(Number.POSITIVE_INFINITY);
          return;
        }
        this.#release(this.#covered);
      }
    } finally {
      this.#building = undefined;
    }
  }

  #release(upTo: number): void {
    const waiting = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiting) {
      if (waiter.target <= upTo) waiter.resolve();
      else this.#waiters.push(waiter);
    }
  }

  /**
   * Hears of changes through the process's shared listener (src/db/listener.ts) rather than a
   * connection of its own: called before that listener starts, and before `start`.
   */
  hearOn(shared: SharedListener): void {
    this.#shared = shared;
    shared.subscribe(subscriber(this));
  }

  /**
   * Builds the first snapshot and starts hearing of changes on `db`: LISTEN (its own, unless it hears
   * on a shared listener), and on PostgreSQL the poll. A first build that fails is logged: requests
   * try again.
   */
  async start(db: Database): Promise<void> {
    try {
      await this.current();
    } catch {
      // Logged by the build; the first request builds it when the database answers.
    }
    this.#stop = this.#shared
      ? this.#shared.listener?.kind === 'in-process'
        ? async () => {}
        : poll(db, this)
      : await listen(db, this, this.#log);
  }

  /** Stops hearing of changes (the app's close). */
  async stop(): Promise<void> {
    const stop = this.#stop;
    this.#stop = undefined;
    await stop?.();
    await this.#building;
  }
}

/**
 * Hears of the changes: returns how to stop. PGlite (one process by construction) delivers its
 * notifications in process; PostgreSQL gets a LISTEN connection of its own (src/db/listener.ts),
 * rebuilt from after it drops, and beside it the poll.
 */
function subscriber(index: CatalogueIndex): Subscriber {
  return {
    channels: [CATALOGUE_CHANNEL],
    onNotification: () => index.changed(),
    // A notification may have been missed while the connection was down.
    onConnected: (again) => {
      if (again) index.changed();
    },
  };
}

async function listen(
  db: Database,
  index: CatalogueIndex,
  log: Log | undefined,
): Promise<() => Promise<void>> {
  const listener = await startListener(db, {
    ...subscriber(index),
    applicationName: 'botica-catalogue-index',
    label: 'catalogue index',
    log,
  });
  if (listener.kind === 'in-process') return () => listener.stop();
  const stopPolling = poll(db, index);
  return async () => {
    await listener.stop();
    await stopPolling();
  };
}

/** Reads the epoch every `POLL_MS`; a change, or a build owed after a failure, builds again. */
function poll(db: Database, index: CatalogueIndex): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = (async () => {
      try {
        const epoch = await readEpoch(db);
        if (!stopped && (index.latest?.epoch ?? -1) < epoch) await index.atLeast(epoch);
      } catch {
        // The database is away: the next tick asks again.
      } finally {
        running = undefined;
      }
    })();
  }, POLL_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
