/**
 * The integration area's batches item by item: each item's answer (created, updated, unchanged or
 * error with its field, machine code and Spanish message), the totals, and the reading of an item's
 * fields with the CSV import's rules (`fields.ts`), so a value refused in a file is refused, with the
 * same words, in a batch.
 */
import type { BatchItemError, BatchResult, BatchTotals } from '@botica/api-client/integration';
import { INTEGRATION_PHARMACY_MESSAGES } from '@botica/api-client/integration';
import { sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit-service.ts';
import type { CoreContext } from '../core-context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { type CellReader, FORBIDDEN_CHARACTERS_REASON } from './fields.ts';

/** What became of an item that was not refused. */
export type BatchOutcome = Exclude<BatchResult, 'error'>;

/** One item's answer, named by its natural key's fields. */
export type BatchItemAnswer<Key> = { index: number } & Key & {
    result: BatchResult;
    errors?: BatchItemError[];
  };

/** The answers of a batch as its items are read and applied. */
export class BatchAnswers<Key extends Record<string, string>> {
  readonly #items: BatchItemAnswer<Key>[];

  /** @param keys each item's natural key as sent, in the batch's order. */
  constructor(keys: readonly Key[]) {
    this.#items = keys.map((key, index) => ({ index, ...key, result: 'unchanged' }));
  }

  /** Refuses an item (it changes nothing); several refusals of one item are all answered. */
  refuse(index: number, field: string, code: string, message: string): void {
    const item = this.#items[index];
    if (!item) throw new RangeError(`no item ${String(index)} in the batch`);
    item.result = 'error';
    item.errors = [...(item.errors ?? []), { field, code, message }];
  }

  /** Whether an item has been refused. */
  refused(index: number): boolean {
    return this.#items[index]?.result === 'error';
  }

  /** Records what became of an item that was not refused. */
  outcome(index: number, outcome: BatchOutcome): void {
    const item = this.#items[index];
    if (item && item.result !== 'error') item.result = outcome;
  }

  /**
   * Refuses every item whose key (as `keyOf` compares it) another item of the batch has too: which of
   * them should win cannot be told, so none is applied.
   */
  refuseDuplicates(keyOf: (index: number) => string | undefined, field: string, message: string): void {
    const seen = new Map<string, number[]>();
    this.#items.forEach((_, index) => {
      const key = keyOf(index);
      if (key === undefined) return;
      seen.set(key, [...(seen.get(key) ?? []), index]);
    });
    for (const indexes of seen.values())
      if (indexes.length > 1)
        for (const index of indexes) this.refuse(index, field, 'duplicate_key', message);
  }

  /** The keys of the items that came to `result`. */
  keysOf(result: BatchResult): Key[] {
    return this.#items
      .filter((item) => item.result === result)
      .map(({ index: _index, result: _result, errors: _errors, ...key }) => key as unknown as Key);
  }

  /** The totals. */
  totals(): BatchTotals {
    const count = (result: BatchResult) => this.#items.filter((item) => item.result === result).length;
    return {
      created: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      error: count('error'),
    };
  }

  /** The answer: every item in order, and the totals. */
  answer(): { items: BatchItemAnswer<Key>[]; totals: BatchTotals } {
    return { items: this.#items, totals: this.totals() };
  }
}

/**
 * Reads an item's fields with the import's cell readers, refusing the item under the field's path with
 * a machine code on the first problem of each field.
 */
export class ItemReader {
  readonly #answers: Pick<BatchAnswers<Record<string, string>>, 'refuse' | 'refused'>;
  readonly #index: number;

  constructor(answers: Pick<BatchAnswers<Record<string, string>>, 'refuse' | 'refused'>, index: number) {
    this.#answers = answers;
    this.#index = index;
  }

  /** Whether the item has been refused so far. */
  get refused(): boolean {
    return this.#answers.refused(this.#index);
  }

  /** Refuses the item under `field`. */
  refuse(field: string, code: string, message: string): void {
    this.#answers.refuse(this.#index, field, code, message);
  }

  /**
   * A required value read by `reader` (trimmed first; empty is refused), or undefined when refused.
   * @param code the machine word of the reader's refusals (`invalid_email`).
   */
  required<T>(field: string, value: string, reader: CellReader<T>, code: string): T | undefined {
    const trimmed = value.trim();
    if (trimmed === '') {
      this.refuse(field, 'required', INTEGRATION_PHARMACY_MESSAGES.textRequired);
      return undefined;
    }
    const read = reader(trimmed);
    if (read.ok) return read.value;
    this.refuse(field, read.reason === FORBIDDEN_CHARACTERS_REASON ? 'invalid_text' : code, read.reason);
    return undefined;
  }

  /**
   * An optional value: undefined stays undefined (left as it is), null or an empty text is null
   * (cleared), anything else is read as `required` reads it.
   */
  optional<T>(
    field: string,
    value: string | null | undefined,
    reader: CellReader<T>,
    code: string,
  ): T | null | undefined {
    if (value === undefined) return undefined;
    if (value === null || value.trim() === '') return null;
    return this.required(field, value, reader, code);
  }
}

/** A batch's answer: every item in order, and the totals. */
export interface BatchAnswer<Key> {
  items: BatchItemAnswer<Key>[];
  totals: BatchTotals;
}

/** Who sent a batch: the audit's actor (the API key) and the call's id (the audit row's object). */
export interface BatchCaller {
  actor: AuditActor;
  requestId: string;
}

/** The refusal of a batch while another of its kind is being applied. */
export const BATCH_BUSY = 'Ya se está aplicando otro lote de este tipo: vuelve a enviarlo en unos segundos.';

/**
 * Takes the lock of a kind of batch until the transaction ends, so two deliveries of the same new item
 * cannot both create it, on any instance. A batch that finds it taken is refused at once rather than
 * left waiting past the statement timeout: it changed nothing, and a batch is safe to send again.
 * @throws HttpError 409 when another batch of the kind holds it.
 */
export async function lockBatchKind(tx: CoreContext, kind: string): Promise<void> {
  const [row] = await selectRows<{ locked: boolean }>(
    tx.db,
    sql`select pg_try_advisory_xact_lock(hashtext(${`botica:integration:${kind}`})) as locked`,
  );
  if (row?.locked !== true) throw new HttpError(409, BATCH_BUSY);
}

/** Records the batch's audit row when it changed something. */
export async function auditBatch<Key extends Record<string, string>>(
  tx: CoreContext,
  caller: BatchCaller,
  action: string,
  answers: BatchAnswers<Key>,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const totals = answers.totals();
  if (totals.created + totals.updated === 0 && Object.values(extra).every((value) => !value)) return;
  await recordAudit(tx, {
    actor: caller.actor,
    action,
    objectType: 'integration_batch',
    objectId: caller.requestId,
    before: null,
    after: {
      totals,
      created: answers.keysOf('created'),
      updated: answers.keysOf('updated'),
      ...extra,
    },
  });
}
