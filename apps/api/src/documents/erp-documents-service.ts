/**
 * The documents the laboratory's ERP sends: an order's status changes (by the back office's rules,
 * the orders module's `changeOrderStatus`), its shipments (upserted by delivery note, their lines
 * checked against what the order asked for, the order's status following them) and its invoices and
 * refunds (refused unless their amounts add up, `@botica/domain`'s `invoiceDifferences`; an issued
 * one is never rewritten). Each change is audited under the key's name and e-mails the pharmacy
 * through the outbox in its own transaction.
 */
import { createHash } from 'node:crypto';
import type {
  IntegrationInvoiceRequest,
  IntegrationInvoiceResponse,
  IntegrationOrderStatusResponse,
  IntegrationShipmentRequest,
  IntegrationShipmentResponse,
} from '@botica/api-client/integration';
import {
  type AmountDifference,
  centsToEuros,
  eurosToCents,
  formatEuros,
  formatPercent,
  invoiceDifferences,
  madridDay,
} from '@botica/domain';
import { sql } from 'drizzle-orm';
import type { AuditActor } from '../audit/audit-service.ts';
import { recordAudit } from '../audit/audit-service.ts';
import { type CoreContext, inTransaction } from '../core-context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { changeOrderStatus, type OrderStatus } from '../orders/admin-orders-service.ts';
import { checkPdf } from '../training/pdf-check.ts';
import { invoiceMail, shipmentMail } from './document-mail.ts';
import { invoiceFiles, invoiceLines, invoices, shipmentLines, shipments } from './tables.ts';

type Actor = NonNullable<AuditActor>;

/** The largest amount the documents' integer columns hold, in cents. */
const MAX_STORED_CENTS = 2_147_483_647;

/** How far ahead of the server's clock an ERP's instant may be (clocks drift). */
const CLOCK_SKEW_MS = 5 * 60_000;

const NOT_A_PDF = 'El fichero no es un PDF válido.';

/**
 * Advisory locks (any constants) under which the ERP's shipments, and its invoices, are stored one at
 * a time: two deliveries of one document at once (a retry after a timeout) then find each other
 * instead of both inserting, and numbers unique across series cannot race either.
 */
const SHIPMENTS_LOCK = 4_202_031;
const INVOICES_LOCK = 4_202_032;

interface OrderRow {
  id: number;
  number: string;
  status: OrderStatus;
  client_id: number;
  created_at: Date | string;
}

async function orderRow(context: CoreContext, orderId: number, lock = false): Promise<OrderRow | undefined> {
  const [row] = await selectRows<OrderRow>(
    context.db,
    sql`select id, number, status, client_id, created_at from orders where id = ${orderId}
        ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** 422 when an instant is in the future or before the order was sent. */
function checkInstant(context: CoreContext, field: string, at: Date, order: OrderRow): void {
  if (at.getTime() > context.now().getTime() + CLOCK_SKEW_MS)
    throw new HttpError(422, 'Revisa la fecha.', { [field]: ['No puede ser una fecha futura.'] });
  if (at.getTime() < new Date(order.created_at).getTime())
    throw new HttpError(422, 'Revisa la fecha.', {
      [field]: [`No puede ser anterior al pedido ${order.number}.`],
    });
}

// ─── Status ────────────────────────────────────────────────────────────────────────────────────

/**
 * The ERP's change of an order's status, by the back office's rules (409 for a move they refuse, 422
 * for a cancellation without a reason); the status it already has changes nothing.
 */
export async function changeOrderStatusFromErp(
  context: CoreContext,
  change: { orderId: number; status: OrderStatus; at?: string | undefined; note?: string | undefined },
  actor: Actor,
): Promise<IntegrationOrderStatusResponse['data']> {
  const order = await orderRow(context, change.orderId);
  if (!order) throw new HttpError(404, 'El pedido no existe.');
  const at = change.at === undefined ? undefined : new Date(change.at);
  if (at) checkInstant(context, 'at', at, order);
  if (order.status === change.status)
    return { id: order.id, number: order.number, status: order.status, changed: false };
  await changeOrderStatus(context, {
    orderId: order.id,
    status: change.status,
    reason: change.note,
    actor,
    at,
  });
  return { id: order.id, number: order.number, status: change.status, changed: true };
}

/** The statuses an order goes through, in order; cancelled is off this path. */
const FORWARD: readonly OrderStatus[] = ['received', 'processing', 'shipped', 'delivered'];

/** Moves an order forward to `target` one step at a time (never back), each step by the rules. */
async function moveForward(
  tx: CoreContext,
  order: OrderRow,
  target: OrderStatus,
  actor: Actor,
  at: Date,
): Promise<OrderStatus> {
  let status = order.status;
  while (FORWARD.indexOf(status) < FORWARD.indexOf(target)) {
    const next = FORWARD[FORWARD.indexOf(status) + 1] as OrderStatus;
    await changeOrderStatus(tx, { orderId: order.id, status: next, actor, at });
    status = next;
  }
  return status;
}

// ─── Shipments ─────────────────────────────────────────────────────────────────────────────────

interface OrderedLine {
  product_id: number;
  reference: string;
  name: string;
  quantity: number | string;
}

async function orderedLines(context: CoreContext, orderId: number): Promise<Map<string, OrderedLine>> {
  const rows = await selectRows<OrderedLine>(
    context.db,
    sql`select min(product_id) as product_id, reference, min(name) as name, sum(quantity) as quantity
        from order_lines where order_id = ${orderId} group by reference`,
  );
  return new Map(rows.map((row) => [row.reference, row]));
}

/** The shipment as stored, in a form that compares equal when nothing changed. */
function shipmentState(shipment: {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
  status: string;
  packages: number;
  shippedAt: Date;
  deliveredAt: Date | null;
  lines: readonly { reference: string; quantity: number; lot: string | null; expiresOn: string | null }[];
}): string {
  return JSON.stringify({
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: shipment.trackingUrl,
    status: shipment.status,
    packages: shipment.packages,
    shippedAt: shipment.shippedAt.toISOString(),
    deliveredAt: shipment.deliveredAt?.toISOString() ?? null,
    lines: shipment.lines.map(({ reference, quantity, lot, expiresOn }) => [
      reference,
      quantity,
      lot,
      expiresOn,
    ]),
  });
}

interface ClientRow {
  name: string;
  email: string;
  tax_id: string;
  address: string;
  postal_code: string;
  city: string;
  province: string;
  recargo_equivalencia: boolean;
}

async function clientOf(context: CoreContext, clientId: number): Promise<ClientRow> {
  const [client] = await selectRows<ClientRow>(
    context.db,
    sql`select name, email, tax_id, address, postal_code, city, province, recargo_equivalencia
        from clients where id = ${clientId}`,
  );
  if (!client) throw new Error(`client ${clientId} vanished`);
  return client;
}

/**
 * Creates or replaces the shipment of a delivery note. Its lines must be products of the order, and
 * with the order's other shipments never more units than ordered; the order's status follows; the
 * order's first shipment e-mails the pharmacy. Sent again unchanged, nothing happens.
 */
export async function upsertErpShipment(
  context: CoreContext,
  body: IntegrationShipmentRequest,
  { actor, portalOrigin }: { actor: Actor; portalOrigin: string },
): Promise<IntegrationShipmentResponse['data']> {
  return inTransaction(context, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(${SHIPMENTS_LOCK})`);
    const order = await orderRow(tx, body.order_id, true);
    if (!order)
      throw new HttpError(422, 'Revisa el pedido del envío.', {
        order_id: [`No existe el pedido ${body.order_id}.`],
      });
    const [existing] = await selectRows<{ id: number; order_id: number; delivered_at: Date | string | null }>(
      tx.db,
      sql`select id, order_id, delivered_at from shipments where delivery_note = ${body.number} for update`,
    );
    if (existing && existing.order_id !== order.id)
      throw new HttpError(422, 'El albarán es de otro pedido.', {
        order_id: [`El albarán ${body.number} ya es de otro pedido: no cambia de pedido.`],
      });
    if (order.status === 'cancelled')
      throw new HttpError(409, `El pedido ${order.number} está cancelado: no puede enviarse.`);

    const shippedAt = new Date(body.shipped_at);
    checkInstant(tx, 'shipped_at', shippedAt, order);
    const status = body.status ?? 'in_transit';
    // Delivered without saying when: when it was first reported delivered.
    const deliveredAt = body.delivered_at
      ? new Date(body.delivered_at)
      : status === 'delivered'
        ? existing?.delivered_at
          ? new Date(existing.delivered_at)
          : tx.now()
        : null;
    if (deliveredAt && deliveredAt.getTime() < shippedAt.getTime())
      throw new HttpError(422, 'Revisa la fecha de entrega.', {
        delivered_at: ['No puede ser anterior a la salida.'],
      });

    // The lines: products of the order, never more units than it asked for with the other shipments.
    const ordered = await orderedLines(tx, order.id);
    const elsewhere = await selectRows<{ reference: string; quantity: number | string }>(
      tx.db,
      sql`select l.reference, sum(l.quantity) as quantity from shipment_lines l
          join shipments s on s.id = l.shipment_id
          where s.order_id = ${order.id} and s.id <> ${existing?.id ?? 0} group by l.reference`,
    );
    const shippedElsewhere = new Map(elsewhere.map((row) => [row.reference, Number(row.quantity)]));
    const errors: Record<string, string[]> = {};
    const units = new Map<string, number>();
    body.lines.forEach((line, index) => {
      const product = ordered.get(line.reference);
      if (!product) {
        errors[`lines.${index}.reference`] = [
          `El pedido ${order.number} no lleva la referencia ${line.reference}.`,
        ];
        return;
      }
      const sent = (units.get(line.reference) ?? 0) + line.quantity;
      units.set(line.reference, sent);
      const before = shippedElsewhere.get(line.reference) ?? 0;
      const asked = Number(product.quantity);
      if (before + sent > asked)
        errors[`lines.${index}.quantity`] = [
          `El pedido ${order.number} lleva ${asked} unidades de ${line.reference}` +
            (before > 0 ? ` y ya se enviaron ${before} en otros albaranes: quedan ${asked - before}.` : '.'),
        ];
    });
    if (Object.keys(errors).length > 0) throw new HttpError(422, 'Revisa las líneas del envío.', errors);

    const lines = body.lines.map((line, position) => {
      const product = ordered.get(line.reference) as OrderedLine;
      return {
        productId: product.product_id,
        position,
        reference: line.reference,
        name: product.name,
        quantity: line.quantity,
        lot: line.lot ?? null,
        expiresOn: line.expires_on ?? null,
      };
    });
    const fields = {
      carrier: body.carrier,
      trackingNumber: body.tracking_number,
      trackingUrl: body.tracking_url,
      status,
      packages: body.packages ?? 1,
      shippedAt,
      deliveredAt,
    };
    const reference = { id: order.id, number: order.number };

    let id: number;
    let result: IntegrationShipmentResponse['data']['result'];
    if (existing) {
      id = existing.id;
      const [stored] = await tx.db.select().from(shipments).where(sql`${shipments.id} = ${id}`);
      const storedLines = await tx.db
        .select()
        .from(shipmentLines)
        .where(sql`${shipmentLines.shipmentId} = ${id}`)
        .orderBy(shipmentLines.position);
      if (!stored) throw new Error('the shipment vanished while locked');
      const before = shipmentState({ ...stored, lines: storedLines });
      if (before === shipmentState({ ...fields, lines })) {
        return { id, number: body.number, order: reference, order_status: order.status, result: 'unchanged' };
      }
      await tx.db.update(shipments).set(fields).where(sql`${shipments.id} = ${id}`);
      await tx.db.delete(shipmentLines).where(sql`${shipmentLines.shipmentId} = ${id}`);
      result = 'updated';
    } else {
      const [others] = await selectRows<{ count: number | string }>(
        tx.db,
        sql`select count(*) as count from shipments where order_id = ${order.id}`,
      );
      const [row] = await tx.db
        .insert(shipments)
        .values({ ...fields, clientId: order.client_id, orderId: order.id, deliveryNote: body.number })
        .returning({ id: shipments.id });
      if (!row) throw new Error('the shipment was not stored');
      id = row.id;
      result = 'created';
      if (Number(others?.count ?? 0) === 0) {
        const client = await clientOf(tx, order.client_id);
        await enqueueMail(
          tx,
          shipmentMail({
            pharmacy: { name: client.name, email: client.email },
            orderNumber: order.number,
            deliveryNote: body.number,
            carrier: fields.carrier,
            trackingNumber: fields.trackingNumber,
            trackingUrl: fields.trackingUrl,
            shippedAt,
            packages: fields.packages,
            lines,
            portalOrigin,
            laboratory: tx.settings.laboratory,
          }),
        );
      }
    }
    await tx.db.insert(shipmentLines).values(lines.map((line) => ({ ...line, shipmentId: id })));
    await recordAudit(tx, {
      actor,
      action: result === 'created' ? 'shipment.created' : 'shipment.updated',
      objectType: 'shipment',
      objectId: id,
      before: null,
      after: {
        number: body.number,
        order: order.number,
        status,
        carrier: fields.carrier,
        tracking_number: fields.trackingNumber,
        lines: lines.map(({ reference, quantity, lot, expiresOn }) => ({
          reference,
          quantity,
          lot,
          expires_on: expiresOn,
        })),
      },
    });

    // The order follows its shipments: on its way once one has left, delivered once every unit has
    // arrived; a shipment being prepared puts it in preparation.
    const all = await selectRows<{ status: string; delivered_at: Date | string | null }>(
      tx.db,
      sql`select status, delivered_at from shipments where order_id = ${order.id}`,
    );
    const shippedUnits = [...units.entries()].reduce((sum, [, quantity]) => sum + quantity, 0);
    const orderedUnits = [...ordered.values()].reduce((sum, line) => sum + Number(line.quantity), 0);
    const elsewhereUnits = [...shippedElsewhere.values()].reduce((sum, quantity) => sum + quantity, 0);
    const everyUnit = shippedUnits + elsewhereUnits >= orderedUnits;
    const target: OrderStatus =
      everyUnit && all.every((each) => each.status === 'delivered')
        ? 'delivered'
        : all.some((each) => each.status !== 'preparing')
          ? 'shipped'
          : 'processing';
    const orderStatus = await moveForward(
      tx,
      order,
      target,
      actor,
      target === 'delivered' && deliveredAt ? deliveredAt : shippedAt,
    );
    return { id, number: body.number, order: reference, order_status: orderStatus, result };
  });
}

// ─── Invoices and refunds ──────────────────────────────────────────────────────────────────────

/** The SHA-256 of a value's JSON with its keys sorted: equal for the same content, however ordered. */
function digestOf(value: unknown): string {
  const canonical = (item: unknown): unknown =>
    Array.isArray(item)
      ? item.map(canonical)
      : item !== null && typeof item === 'object'
        ? Object.fromEntries(
            Object.entries(item as Record<string, unknown>)
              .filter(([, each]) => each !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([key, each]) => [key, canonical(each)]),
          )
        : item;
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
}

/** A difference as the ERP reads it: in euros (a rate in percent), and which way. */
function differenceText({ field, expected, received, difference }: AmountDifference): string {
  if (field.endsWith('.rate'))
    return `El recargo de equivalencia de ese tipo es del ${formatPercent(expected)}, no del ${formatPercent(received)}.`;
  const gap = formatEuros(Math.abs(difference));
  return `Debería ser ${formatEuros(expected)} y es ${formatEuros(received)}: ${gap} de ${difference > 0 ? 'más' : 'menos'}.`;
}

/** The 422 of a document that does not add up: a sentence naming the first difference, all per field. */
function notAddingUp(number: string, differences: readonly AmountDifference[]): HttpError {
  const errors: Record<string, string[]> = {};
  for (const each of differences) errors[each.field] = [...(errors[each.field] ?? []), differenceText(each)];
  const [first] = differences;
  const more = differences.length > 1 ? ` (y ${differences.length - 1} diferencias más)` : '';
  const what =
    first?.field === 'total'
      ? `el total debería ser ${formatEuros(first.expected)} y es ${formatEuros(first.received)}`
      : first
        ? `en ${first.field}, ${differenceText(first).replace(/^D/, 'd').replace(/\.$/, '')}`
        : '';
  return new HttpError(422, `Los importes de ${number} no cuadran: ${what}${more}.`, errors);
}

/** The trailing digits of a number: its consecutive within the series and year. */
function sequenceOf(number: string): number {
  return Number(/(\d+)$/.exec(number)?.[1] ?? Number.NaN);
}

interface StoredDocument {
  id: number;
  kind: 'invoice' | 'refund';
  series: string;
  number: string;
  order_id: number;
  order_number: string;
  total_cents: number;
  source_digest: string | null;
  has_file: boolean;
}

async function findDocument(
  context: CoreContext,
  series: string,
  number: string,
  lock = false,
): Promise<StoredDocument | undefined> {
  const [row] = await selectRows<StoredDocument>(
    context.db,
    sql`select d.id, d.kind, d.series, d.number, d.order_id, o.number as order_number, d.total_cents,
               d.source_digest, exists (select 1 from invoice_files f where f.invoice_id = d.id) as has_file
        from invoices d join orders o on o.id = d.order_id
        where d.series = ${series} and d.number = ${number}
        ${lock ? sql`for update of d` : sql``}`,
  );
  return row;
}

function documentAnswer(
  row: StoredDocument,
  result: IntegrationInvoiceResponse['data']['result'],
): IntegrationInvoiceResponse['data'] {
  return {
    id: row.id,
    kind: row.kind,
    series: row.series,
    number: row.number,
    order: { id: row.order_id, number: row.order_number },
    total: centsToEuros(row.total_cents),
    pdf: row.has_file ? 'erp' : 'botica',
    result,
  };
}

/** Every amount of a document with its field, and the document with each amount made `turn(amount)`. */
function amountFields(body: IntegrationInvoiceRequest) {
  const fields: [string, number][] = [
    ...body.lines.flatMap((line, index): [string, number][] => [
      [`lines.${index}.unit_price`, line.unit_price],
      [`lines.${index}.discount`, line.discount ?? 0],
      [`lines.${index}.base`, line.base],
    ]),
    ...(body.discounts ?? []).map((line, index): [string, number] => [
      `discounts.${index}.amount`,
      line.amount,
    ]),
    ...body.taxes.flatMap((tax, index): [string, number][] => [
      [`taxes.${index}.base`, tax.base],
      [`taxes.${index}.amount`, tax.amount],
    ]),
    ...(body.surcharges ?? []).flatMap((line, index): [string, number][] => [
      [`surcharges.${index}.base`, line.base],
      [`surcharges.${index}.amount`, line.amount],
    ]),
    ['total', body.total],
  ];
  const turned = (turn: (amount: number) => number): IntegrationInvoiceRequest => ({
    ...body,
    lines: body.lines.map((line) => ({
      ...line,
      unit_price: turn(line.unit_price),
      ...(line.discount === undefined ? {} : { discount: turn(line.discount) }),
      base: turn(line.base),
    })),
    ...(body.discounts === undefined
      ? {}
      : { discounts: body.discounts.map((line) => ({ ...line, amount: turn(line.amount) })) }),
    taxes: body.taxes.map((tax) => ({ ...tax, base: turn(tax.base), amount: turn(tax.amount) })),
    ...(body.surcharges === undefined
      ? {}
      : {
          surcharges: body.surcharges.map((line) => ({
            ...line,
            base: turn(line.base),
            amount: turn(line.amount),
          })),
        }),
    total: turn(body.total),
  });
  return { fields, turned };
}

/**
 * A document with its amounts as the tables keep them, positive: a refund sent with all its amounts
 * negative is turned; any other negative amount is 422 under its field.
 */
export function positiveDocument(body: IntegrationInvoiceRequest): IntegrationInvoiceRequest {
  const { fields, turned } = amountFields(body);
  const negative = fields.filter(([, amount]) => amount < 0);
  if (negative.length === 0) return body;
  if (body.kind === 'refund' && fields.every(([, amount]) => amount <= 0))
    return turned((amount) => (amount === 0 ? 0 : -amount));
  const message =
    body.kind === 'refund'
      ? 'Un abono lleva todos sus importes en positivo o todos en negativo.'
      : 'Los importes de una factura no pueden ser negativos.';
  throw new HttpError(422, message, Object.fromEntries(negative.map(([field]) => [field, [message]])));
}

/**
 * Stores an issued invoice or refund from the ERP: refused (422) unless its lines are products of
 * the order and its amounts add up; the same document again is `unchanged`; other content under an
 * issued number is 409. E-mails the pharmacy in the same transaction.
 */
export async function upsertErpInvoice(
  context: CoreContext,
  sent: IntegrationInvoiceRequest,
  { actor, portalOrigin }: { actor: Actor; portalOrigin: string },
): Promise<{ created: boolean; data: IntegrationInvoiceResponse['data'] }> {
  const body = positiveDocument(sent);
  const digest = digestOf(body);
  return inTransaction(context, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(${INVOICES_LOCK})`);
    const existing = await findDocument(tx, body.series, body.number, true);
    if (existing) {
      if (existing.source_digest === digest)
        return { created: false, data: documentAnswer(existing, 'unchanged') };
      throw new HttpError(
        409,
        `${existing.number} ya está emitida con otro contenido: una factura emitida no se rescribe, se corrige con una factura rectificativa.`,
      );
    }
    const [sameNumber] = await selectRows<{ series: string }>(
      tx.db,
      sql`select series from invoices where number = ${body.number}`,
    );
    if (sameNumber)
      throw new HttpError(
        409,
        `El número ${body.number} ya es de un documento de la serie ${sameNumber.series}.`,
      );

    const order = await orderRow(tx, body.order_id);
    if (!order)
      throw new HttpError(422, 'Revisa el pedido de la factura.', {
        order_id: [`No existe el pedido ${body.order_id}.`],
      });
    const issuedAt = new Date(body.issued_at);
    checkInstant(tx, 'issued_at', issuedAt, order);

    let corrects: StoredDocument | undefined;
    if (body.kind === 'refund' && body.corrects) {
      corrects = await findDocument(tx, body.corrects.series, body.corrects.number);
      if (corrects?.kind !== 'invoice')
        throw new HttpError(422, 'Revisa la factura que corrige.', {
          corrects: [`No existe la factura ${body.corrects.number} de la serie ${body.corrects.series}.`],
        });
      if (corrects.order_id !== order.id)
        throw new HttpError(422, 'Revisa el pedido del abono.', {
          order_id: [`La factura ${corrects.number} es del pedido ${corrects.order_number}.`],
        });
    }

    const ordered = await orderedLines(tx, order.id);
    const unknown: Record<string, string[]> = {};
    body.lines.forEach((line, index) => {
      if (!ordered.has(line.reference))
        unknown[`lines.${index}.reference`] = [
          `El pedido ${order.number} no lleva la referencia ${line.reference}.`,
        ];
    });
    if (Object.keys(unknown).length > 0)
      throw new HttpError(422, 'Revisa las líneas de la factura.', unknown);

    const client = await clientOf(tx, order.client_id);
    const lines = body.lines.map((line) => ({
      quantity: line.quantity,
      unitPriceCents: eurosToCents(line.unit_price),
      discountCents: eurosToCents(line.discount ?? 0),
      baseCents: eurosToCents(line.base),
      vatRate: line.vat_rate,
    }));
    const discounts = (body.discounts ?? []).map((line) => ({
      group_name: line.group_name,
      discount_percent: line.discount_percent,
      amount_cents: eurosToCents(line.amount),
    }));
    const taxes = body.taxes.map((tax) => ({
      rate: tax.rate,
      base_cents: eurosToCents(tax.base),
      amount_cents: eurosToCents(tax.amount),
    }));
    const surcharges = (body.surcharges ?? []).map((line) => ({
      vat_rate: line.vat_rate,
      rate: line.rate,
      base_cents: eurosToCents(line.base),
      amount_cents: eurosToCents(line.amount),
    }));
    const totalCents = eurosToCents(body.total);
    const differences = invoiceDifferences({
      lines,
      discounts: discounts.map((line) => ({ amountCents: line.amount_cents })),
      taxes: taxes.map((tax) => ({
        rate: tax.rate,
        baseCents: tax.base_cents,
        amountCents: tax.amount_cents,
      })),
      surcharges: surcharges.map((line) => ({
        vatRate: line.vat_rate,
        rate: line.rate,
        baseCents: line.base_cents,
        amountCents: line.amount_cents,
      })),
      recargoEquivalencia: client.recargo_equivalencia,
      totalCents,
    });
    if (differences.length > 0) throw notAddingUp(body.number, differences);
    const priceCents = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
    const largest = Math.max(
      priceCents,
      totalCents,
      ...lines.map((line) => line.quantity * line.unitPriceCents),
    );
    if (largest > MAX_STORED_CENTS)
      throw new HttpError(422, 'Los importes superan lo que una factura puede guardar.', {
        total: [`Máximo ${formatEuros(MAX_STORED_CENTS)}.`],
      });

    const year = madridDay(issuedAt).year;
    const sequence = sequenceOf(body.number);
    if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > 2_147_483_647)
      throw new HttpError(422, 'Revisa el número.', {
        number: ['Acaba en su consecutivo: de 1 a 2.147.483.647.'],
      });
    const [taken] = await selectRows<{ number: string }>(
      tx.db,
      sql`select number from invoices where series = ${body.series} and year = ${year} and sequence = ${sequence}`,
    );
    if (taken)
      throw new HttpError(
        409,
        `El consecutivo ${sequence} de la serie ${body.series} en ${year} ya es el documento ${taken.number}.`,
      );

    const discountCents = lines.reduce((sum, line) => sum + line.discountCents, 0);
    const taxCents =
      taxes.reduce((sum, tax) => sum + tax.amount_cents, 0) +
      surcharges.reduce((sum, line) => sum + line.amount_cents, 0);
    const [stored] = await tx.db
      .insert(invoices)
      .values({
        kind: body.kind,
        clientId: order.client_id,
        series: body.series,
        year,
        sequence,
        number: body.number,
        issuedAt,
        orderId: order.id,
        correctsId: corrects?.id ?? null,
        reason: body.kind === 'refund' ? (body.reason ?? null) : null,
        customer: {
          name: client.name,
          tax_id: client.tax_id,
          address: client.address,
          postal_code: client.postal_code,
          city: client.city,
          province: client.province,
        },
        priceCents,
        discountCents,
        taxCents,
        totalCents,
        discounts,
        taxes,
        recargoEquivalencia: client.recargo_equivalencia,
        surcharges,
        sourceDigest: digest,
      })
      .returning({ id: invoices.id });
    if (!stored) throw new Error('the invoice was not stored');
    await tx.db.insert(invoiceLines).values(
      body.lines.map((line, position) => {
        const product = ordered.get(line.reference) as OrderedLine;
        const cents = lines[position] as (typeof lines)[number];
        return {
          invoiceId: stored.id,
          productId: product.product_id,
          position,
          reference: line.reference,
          name: product.name,
          quantity: line.quantity,
          unitPriceCents: cents.unitPriceCents,
          priceCents: cents.quantity * cents.unitPriceCents,
          netCents: cents.baseCents,
          vatRate: line.vat_rate,
        };
      }),
    );
    await recordAudit(tx, {
      actor,
      action: body.kind === 'refund' ? 'refund.received' : 'invoice.received',
      objectType: 'invoice',
      objectId: stored.id,
      before: null,
      after: { number: body.number, order: order.number, total_cents: totalCents },
    });
    await enqueueMail(
      tx,
      invoiceMail({
        pharmacy: { name: client.name, email: client.email },
        kind: body.kind,
        number: body.number,
        issuedAt,
        orderNumber: order.number,
        totalCents,
        corrects: corrects && body.reason ? { number: corrects.number, reason: body.reason } : undefined,
        portalOrigin,
        laboratory: tx.settings.laboratory,
      }),
    );
    const row = await findDocument(tx, body.series, body.number);
    if (!row) throw new Error('the invoice vanished');
    return { created: true, data: documentAnswer(row, 'created') };
  });
}

/**
 * Stores the ERP's own PDF of a document (replacing an earlier one): checked by its structure, 422
 * under `file` when it is not a PDF, 404 for an unknown document.
 */
export async function storeErpInvoicePdf(
  context: CoreContext,
  { series, number }: { series: string; number: string },
  bytes: Buffer,
  actor: Actor,
): Promise<IntegrationInvoiceResponse['data']> {
  if (!checkPdf(bytes)) throw new HttpError(422, NOT_A_PDF, { file: [NOT_A_PDF] });
  return inTransaction(context, async (tx) => {
    const document = await findDocument(tx, series, number, true);
    if (!document) throw new HttpError(404, 'La factura no existe.');
    const content = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    const at = tx.now();
    await tx.db
      .insert(invoiceFiles)
      .values({ invoiceId: document.id, size: bytes.length, content, uploadedAt: at })
      .onConflictDoUpdate({
        target: invoiceFiles.invoiceId,
        set: { size: bytes.length, content, uploadedAt: at },
      });
    await recordAudit(tx, {
      actor,
      action: 'invoice.pdf_uploaded',
      objectType: 'invoice',
      objectId: document.id,
      before: { pdf: document.has_file ? 'erp' : 'botica' },
      after: { pdf: 'erp', size: bytes.length },
    });
    return documentAnswer({ ...document, has_file: true }, 'pdf_stored');
  });
}

/** The ERP's own PDF of a document, if it sent one. */
export async function erpPdfOf(context: CoreContext, invoiceId: number): Promise<Buffer | null> {
  const [row] = await context.db
    .select({ content: invoiceFiles.content })
    .from(invoiceFiles)
    .where(sql`${invoiceFiles.invoiceId} = ${invoiceId}`);
  return row ? Buffer.from(row.content) : null;
}
