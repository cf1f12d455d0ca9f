/**
 * The quick order's lookup: codes as a pharmacist types or scans them, resolved to products in one
 * statement. A code is a laboratory reference as the search reads it ('BT-10399', 'bt 10399', or its
 * digits alone, '10399'), but matched whole, never as a prefix: an order line names one product. A
 * Código Nacional or an EAN-13 is checked by its check digit first, and a Spanish medicine's EAN
 * ('847000' and its CN) finds the product by either column.
 */
import type { ProductCodeKind, ProductLookupResult } from '@botica/api-client/schemas';
import { classifyProductCode, NATIONAL_CODE_EAN_PREFIX } from '@botica/domain';
import { sql } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { PRICED_COLUMNS, type PricedProductRow, productSummary } from '../pricing/pricing-service.ts';
import { normaliseReference } from '../search/text-match.ts';

/** The Spanish messages of the codes that give no product. */
export const CODE_LOOKUP_MESSAGES = {
  unknown: 'No hay ningún producto con este código.',
  withdrawn: (name: string) => `«${name}» ya no está a la venta.`,
  ambiguous: (count: number) =>
    `Este código corresponde a ${count} productos: escribe la referencia completa.`,
} as const;

/** What the statement looks for: a column and the value it must hold, per code's position. */
type Probe = { position: number; column: 'reference' | 'digits' | 'national_code' | 'ean'; value: string };

/** A code read: how it was read, and either what to look for or its problem already. */
type ReadCode =
  | { kind: ProductCodeKind; probe: Probe }
  | { kind: ProductCodeKind; problem: 'invalid_check_digit' | 'unknown'; message: string };

function readCode(code: string, position: number): ReadCode {
  const classified = classifyProductCode(code);
  if (classified === null) {
    return { kind: 'reference', problem: 'unknown', message: CODE_LOOKUP_MESSAGES.unknown };
  }
  if (classified.kind === 'invalid_check_digit') {
    return { kind: classified.of, problem: 'invalid_check_digit', message: classified.message };
  }
  if (classified.kind !== 'reference') {
    return { kind: classified.kind, probe: { position, column: classified.kind, value: classified.value } };
  }
  const reference = normaliseReference(classified.value);
  if (reference === '')
    return { kind: 'reference', problem: 'unknown', message: CODE_LOOKUP_MESSAGES.unknown };
  const column = /^\d+$/.test(reference) ? 'digits' : 'reference';
  return { kind: 'reference', probe: { position, column, value: reference } };
}

type MatchRow = PricedProductRow & { position: number; is_active: boolean };

/**
 * Every product any probe names, active or withdrawn, with the client's prices: one statement however
 * many codes, each code an index probe (references and digits on migration 0008's indexes, Códigos
 * Nacionales and EANs on migration 0043's, both columns at once through a bitmap OR), never a scan of
 * the catalogue.
 */
async function matchRows(
  context: CoreContext,
  clientId: number,
  probes: readonly Probe[],
): Promise<MatchRow[]> {
  if (probes.length === 0) return [];
  return selectRows<MatchRow>(
    context.db,
    sql`with probe as (
          select * from jsonb_to_recordset(${JSON.stringify(probes)}::jsonb)
            as x(position int, "column" text, value text)
        ),
        matched as (
          select q.position, p.id from probe q join products p on p.search_reference = q.value
            where q."column" = 'reference'
          union
          select q.position, p.id from probe q join products p on p.reference_digits = q.value
            where q."column" = 'digits'
          union
          select q.position, p.id from probe q join products p
            on p.national_code = q.value or p.ean = ${NATIONAL_CODE_EAN_PREFIX} || q.value
            where q."column" = 'national_code'
          union
          select q.position, p.id from probe q join products p
            on p.ean = q.value
              or (left(q.value, 6) = ${NATIONAL_CODE_EAN_PREFIX} and p.national_code = substr(q.value, 7))
            where q."column" = 'ean'
        )
        select m.position, p.is_active, ${PRICED_COLUMNS}
          from matched m join products p on p.id = m.id
          left join special_prices sp on sp.product_id = p.id
            and sp.discount_group_id = coalesce(
              (select c.discount_group_id from clients c where c.id = ${clientId}), 0)
          order by m.position, p.reference`,
  );
}

/**
 * The result of each code, in the order given: the active product it names (as the listing shows
 * it, with the client's price), or why there is none: `unknown`, `withdrawn` (only withdrawn
 * products have it), `invalid_check_digit`, `ambiguous` (more than one active product has it).
 */
export async function lookUpCodes(
  context: CoreContext,
  { clientId, codes }: { clientId: number; codes: readonly string[] },
): Promise<ProductLookupResult[]> {
  const read = codes.map((code, position) => readCode(code, position));
  const probes = read.flatMap((entry) => ('probe' in entry ? [entry.probe] : []));
  const byPosition = new Map<number, MatchRow[]>();
  for (const row of await matchRows(context, clientId, probes)) {
    const position = Number(row.position);
    byPosition.set(position, [...(byPosition.get(position) ?? []), row]);
  }
  const publicUrl = context.settings.publicUrl;
  return read.map((entry, position): ProductLookupResult => {
    const code = codes[position] as string;
    if (!('probe' in entry)) {
      return { code, kind: entry.kind, product: null, problem: entry.problem, message: entry.message };
    }
    const rows = byPosition.get(position) ?? [];
    const active = rows.filter((row) => row.is_active);
    const [only] = active;
    if (active.length === 1 && only) {
      return {
        code,
        kind: entry.kind,
        product: productSummary(only, publicUrl),
        problem: null,
        message: null,
      };
    }
    if (active.length > 1) {
      const message = CODE_LOOKUP_MESSAGES.ambiguous(active.length);
      return { code, kind: entry.kind, product: null, problem: 'ambiguous', message };
    }
    const [withdrawn] = rows;
    return withdrawn
      ? {
          code,
          kind: entry.kind,
          product: null,
          problem: 'withdrawn',
          message: CODE_LOOKUP_MESSAGES.withdrawn(withdrawn.name),
        }
      : { code, kind: entry.kind, product: null, problem: 'unknown', message: CODE_LOOKUP_MESSAGES.unknown };
  });
}
