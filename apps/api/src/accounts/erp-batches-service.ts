/**
 * The ERP's batches of sales reps and pharmacies (`PUT /api/v1/integration/sales-reps` and
 * `…/pharmacies`): each item upserted by its natural key (the rep's ERP code, the pharmacy's tax id) in
 * the batch's one transaction, only what differs written, so the same batch sent again changes
 * nothing. An item the rules refuse is answered as an error and the others are applied beside it. A
 * batch that changes something writes one audit row, named by its API key.
 *
 * Batches of one kind run one at a time (`lockBatchKind`), so two deliveries of the same new pharmacy
 * cannot both create it.
 */
import { ADMIN_PHARMACY_MESSAGES } from '@botica/api-client/admin';
import type {
  IntegrationPharmacy,
  IntegrationSalesRep,
  IntegrationShop,
} from '@botica/api-client/integration';
import { INTEGRATION_PHARMACY_MESSAGES as M } from '@botica/api-client/integration';
import { normaliseTaxId } from '@botica/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type CoreContext, inTransaction } from '../context.ts';
import { selectRows } from '../db/database.ts';
import {
  auditBatch,
  type BatchAnswer,
  BatchAnswers,
  type BatchCaller,
  ItemReader,
  lockBatchKind,
} from '../import/batch.ts';
import { code, email, phone, postalCode, taxId, text } from '../import/fields.ts';
import { changes as changed } from '../import/kind.ts';
import { clients, salesReps, shops, users } from './tables.ts';

const repCode = code(40);
const pharmacyCode = code(20);
const shopCode = code(20);

/**
 * Upserts the ERP's sales reps by code. A rep without a code yet is taken over by his e-mail (the one
 * rep of that address). `active` moves his back-office users with him: deactivated, their sessions
 * are refused from their next request; reactivated, they may log in again.
 */
export async function upsertSalesReps(
  context: CoreContext,
  items: readonly IntegrationSalesRep[],
  caller: BatchCaller,
): Promise<BatchAnswer<{ code: string }>> {
  const answers = new BatchAnswers(items.map((item) => ({ code: item.code })));
  const read = items.map((item, index) => {
    const reader = new ItemReader(answers, index);
    const values = {
      code: reader.required('code', item.code, repCode, 'invalid_code'),
      name: reader.required('name', item.name, text(120), 'invalid_text'),
      email: reader.optional('email', item.email, email, 'invalid_email'),
      phone: reader.optional('phone', item.phone, phone, 'invalid_phone'),
      isActive: item.active,
    };
    return reader.refused ? undefined : values;
  });
  answers.refuseDuplicates((index) => read[index]?.code, 'code', M.duplicateKey);

  return inTransaction(context, async (tx) => {
    await lockBatchKind(tx, 'sales-reps');
    const stored = await tx.db.select().from(salesReps);
    const byCode = new Map(stored.filter((rep) => rep.code !== null).map((rep) => [rep.code as string, rep]));
    // Reps taken over by e-mail in this batch: another code cannot take the same one over again.
    const claimed = new Set<number>();
    for (const [index, values] of read.entries()) {
      if (!values || answers.refused(index)) continue;
      const code = values.code as string;
      let current = byCode.get(code);
      if (!current && values.email) {
        const free = stored.filter(
          (rep) => rep.email.toLowerCase() === values.email && rep.code === null && !claimed.has(rep.id),
        );
        if (free.length > 1) {
          answers.refuse(index, 'email', 'ambiguous_email', M.emailTaken);
          continue;
        }
        current = free[0];
        if (current) claimed.add(current.id);
      }
      const next = {
        code,
        name: values.name as string,
        email: values.email === null ? '' : values.email,
        phone: values.phone === null ? '' : values.phone,
        isActive: values.isActive,
      };
      if (!current) {
        const [created] = await tx.db
          .insert(salesReps)
          .values({
            ...next,
            email: next.email ?? '',
            phone: next.phone ?? '',
            zone: '',
            isActive: next.isActive ?? true,
          })
          .returning();
        if (created) byCode.set(code, created);
        answers.outcome(index, 'created');
        continue;
      }
      const difference = changed(current, next);
      if (Object.keys(difference).length === 0) {
        answers.outcome(index, 'unchanged');
        continue;
      }
      const [updated] = await tx.db
        .update(salesReps)
        .set(difference)
        .where(eq(salesReps.id, current.id))
        .returning();
      if (updated) byCode.set(code, updated);
      if (difference.isActive !== undefined)
        await tx.db
          .update(users)
          .set({ isActive: difference.isActive })
          .where(and(eq(users.salesRepId, current.id), eq(users.role, 'sales_rep')));
      answers.outcome(index, 'updated');
    }
    await auditBatch(tx, caller, 'integration.sales_reps', answers);
    return answers.answer();
  });
}

/** A pharmacy's item as read: its values, and its shops' (absent: its shops are left alone). */
interface ReadPharmacy {
  taxId: string;
  values: {
    name: string;
    erpCode: string | undefined;
    email: string;
    phone: string;
    address: string;
    postalCode: string;
    city: string;
    province: string;
    recargoEquivalencia: boolean;
    isActive: boolean | undefined;
  };
  discountGroup: string | null | undefined;
  salesRepCode: string | null | undefined;
  shops: ReadShop[] | undefined;
}

interface ReadShop {
  code: string;
  name: string;
  address: string;
  postalCode: string;
  city: string;
  province: string;
  phone: string;
  isMain: boolean;
}

function readShops(reader: ItemReader, list: readonly IntegrationShop[], pharmacyPhone: string | undefined) {
  const result: ReadShop[] = [];
  const codes = new Set<string>();
  list.forEach((shop, position) => {
    const at = (field: string) => `shops.${String(position)}.${field}`;
    const values = {
      code: reader.required(at('code'), shop.code, shopCode, 'invalid_code'),
      name: reader.required(at('name'), shop.name, text(200), 'invalid_text'),
      address: reader.required(at('address'), shop.address, text(200), 'invalid_text'),
      postalCode: reader.required(at('postal_code'), shop.postal_code, postalCode, 'invalid_postal_code'),
      city: reader.required(at('city'), shop.city, text(100), 'invalid_text'),
      province: reader.required(at('province'), shop.province, text(100), 'invalid_text'),
      phone: reader.optional(at('phone'), shop.phone, phone, 'invalid_phone') ?? pharmacyPhone,
    };
    if (values.code !== undefined) {
      if (codes.has(values.code)) reader.refuse(at('code'), 'duplicate_shop', M.shopCodeRepeated);
      codes.add(values.code);
    }
    if (Object.values(values).some((value) => value === undefined)) return;
    result.push({ ...(values as Omit<ReadShop, 'isMain'>), isMain: shop.main === true });
  });
  const mains = list.flatMap((shop, position) => (shop.main === true ? [position] : []));
  if (mains.length > 1)
    reader.refuse(`shops.${String(mains[1])}.main`, 'main_shop_repeated', M.mainShopRepeated);
  // None marked main: the first is, as the order's delivery would take it.
  const first = result[0];
  if (mains.length === 0 && first) first.isMain = true;
  return result;
}

function readPharmacy(reader: ItemReader, item: IntegrationPharmacy): ReadPharmacy | undefined {
  const tax = reader.required('tax_id', item.tax_id, taxId, 'invalid_tax_id');
  const pharmacyPhone = reader.required('phone', item.phone, phone, 'invalid_phone');
  const values = {
    name: reader.required('name', item.name, text(200), 'invalid_text'),
    erpCode: reader.optional('erp_code', item.erp_code, pharmacyCode, 'invalid_code') ?? undefined,
    email: reader.required('email', item.email, email, 'invalid_email'),
    phone: pharmacyPhone,
    address: reader.required('address', item.address, text(200), 'invalid_text'),
    postalCode: reader.required('postal_code', item.postal_code, postalCode, 'invalid_postal_code'),
    city: reader.required('city', item.city, text(100), 'invalid_text'),
    province: reader.required('province', item.province, text(100), 'invalid_text'),
    recargoEquivalencia: item.recargo_equivalencia,
    isActive: item.active,
  };
  const upper = (value: string | null | undefined) =>
    typeof value === 'string' ? value.trim().toUpperCase() || null : value;
  const shopsRead = item.shops === undefined ? undefined : readShops(reader, item.shops, pharmacyPhone);
  if (reader.refused || tax === undefined) return undefined;
  return {
    taxId: tax,
    values: values as ReadPharmacy['values'],
    discountGroup: upper(item.discount_group),
    salesRepCode: upper(item.sales_rep_code),
    shops: shopsRead,
  };
}

type StoredShop = typeof shops.$inferSelect;

/**
 * Replaces a pharmacy's shops with `wanted`, by code; answers whether anything changed. A shop left out
 * (or one the ERP never named, without a code) is deleted: nothing keeps a reference to a shop, since
 * an order copies its delivery address into its mails when it is sent, so deactivating one instead
 * would keep nothing worth keeping.
 */
async function replaceShops(
  tx: CoreContext,
  clientId: number,
  stored: readonly StoredShop[],
  wanted: readonly ReadShop[],
): Promise<boolean> {
  const wantedCodes = new Set(wanted.map((shop) => shop.code));
  const gone = stored.filter((shop) => shop.code === null || !wantedCodes.has(shop.code));
  if (gone.length > 0)
    await tx.db.delete(shops).where(
      inArray(
        shops.id,
        gone.map((shop) => shop.id),
      ),
    );
  let difference = gone.length > 0;
  const byCode = new Map(stored.filter((shop) => shop.code !== null).map((shop) => [shop.code, shop]));
  for (const shop of wanted) {
    const current = byCode.get(shop.code);
    if (!current) {
      await tx.db.insert(shops).values({ clientId, ...shop });
      difference = true;
      continue;
    }
    const update = changed(current, shop);
    if (Object.keys(update).length === 0) continue;
    await tx.db.update(shops).set(update).where(eq(shops.id, current.id));
    difference = true;
  }
  return difference;
}

/** A new pharmacy of the batch, with its shops. */
interface Creation {
  row: typeof clients.$inferInsert & { taxId: string };
  shops: readonly ReadShop[];
}

/** Rows a multi-row insert carries at once: well under the drivers' 65,535 parameters. */
const INSERT_CHUNK = 500;

/** Creates the batch's new pharmacies and their shops, a few statements for the whole batch. */
async function createPharmacies(tx: CoreContext, creations: readonly Creation[]): Promise<void> {
  for (let start = 0; start < creations.length; start += INSERT_CHUNK) {
    const chunk = creations.slice(start, start + INSERT_CHUNK);
    const created = await tx.db
      .insert(clients)
      .values(chunk.map((creation) => creation.row))
      .returning({ id: clients.id, taxId: clients.taxId });
    const ids = new Map(created.map((row) => [row.taxId, row.id]));
    const shopRows = chunk.flatMap((creation) =>
      creation.shops.map((shop) => ({ clientId: ids.get(creation.row.taxId) ?? 0, ...shop })),
    );
    for (let from = 0; from < shopRows.length; from += INSERT_CHUNK)
      await tx.db.insert(shops).values(shopRows.slice(from, from + INSERT_CHUNK));
  }
}

/**
 * Writes the batch's changed pharmacies (whole rows, as they are to be), a statement per few hundred,
 * and moves their users' activation with theirs.
 */
async function updatePharmacies(tx: CoreContext, rows: readonly (typeof clients.$inferSelect)[]) {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK).map((row) => ({
      id: row.id,
      name: row.name,
      erp_code: row.erpCode,
      email: row.email,
      phone: row.phone,
      address: row.address,
      postal_code: row.postalCode,
      city: row.city,
      province: row.province,
      recargo_equivalencia: row.recargoEquivalencia,
      discount_group_id: row.discountGroupId,
      sales_rep_id: row.salesRepId,
      is_active: row.isActive,
    }));
    await tx.db.execute(sql`
      with before as (
        select c.id, c.is_active from clients c
        join jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as d(id int) on d.id = c.id
      ), changed as (
        update clients c set name = d.name, erp_code = d.erp_code, email = d.email, phone = d.phone,
          address = d.address, postal_code = d.postal_code, city = d.city, province = d.province,
          recargo_equivalencia = d.recargo_equivalencia, discount_group_id = d.discount_group_id,
          sales_rep_id = d.sales_rep_id, is_active = d.is_active
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as d(id int, name text, erp_code text,
          email text, phone text, address text, postal_code text, city text, province text,
          recargo_equivalencia boolean, discount_group_id int, sales_rep_id int, is_active boolean)
        where c.id = d.id
        returning c.id, c.is_active
      )
      update users u set is_active = changed.is_active
      from changed join before on before.id = changed.id
      where u.client_id = changed.id and u.role = 'client' and changed.is_active <> before.is_active`);
  }
}

/** A code's entry: undefined when it names nothing, null or undefined as given (clear, leave). */
function lookup<V>(map: Map<string, V>, key: string | null | undefined): V | null | undefined {
  if (key === undefined || key === null) return key;
  return map.get(key);
}

/**
 * Upserts the ERP's pharmacies by tax id (checked with the domain's CIF/NIF/NIE rule), with their
 * shops when the item lists them. A new pharmacy gets no user. The discount group and the sales rep
 * are named by their codes, and refused as the back office's pharmacy edit refuses an unknown one,
 * with its words. A pharmacy deactivated (`active: false`) has its users deactivated with it, so
 * their sessions are refused from their next request; reactivated, its users are too.
 */
export async function upsertPharmacies(
  context: CoreContext,
  items: readonly IntegrationPharmacy[],
  caller: BatchCaller,
): Promise<BatchAnswer<{ tax_id: string }>> {
  const answers = new BatchAnswers(items.map((item) => ({ tax_id: item.tax_id })));
  const read = items.map((item, index) => readPharmacy(new ItemReader(answers, index), item));
  answers.refuseDuplicates(
    (index) => (read[index] ? normaliseTaxId(read[index].taxId) : undefined),
    'tax_id',
    M.duplicateKey,
  );

  return inTransaction(context, async (tx) => {
    await lockBatchKind(tx, 'pharmacies');
    // Reads the pricing module's discount_groups: a group is named by its ERP code.
    const groups = new Map(
      (
        await selectRows<{ id: number; code: string }>(
          tx.db,
          sql`select id, code from discount_groups where code is not null`,
        )
      ).map((row) => [row.code, Number(row.id)]),
    );
    const reps = new Map(
      (
        await tx.db
          .select({ id: salesReps.id, code: salesReps.code, isActive: salesReps.isActive })
          .from(salesReps)
      )
        .filter((rep) => rep.code !== null)
        .map((rep) => [rep.code as string, rep]),
    );
    const taxIds = read.flatMap((item) => (item ? [item.taxId] : []));
    const stored =
      taxIds.length === 0 ? [] : await tx.db.select().from(clients).where(inArray(clients.taxId, taxIds));
    const byTaxId = new Map(stored.map((row) => [row.taxId, row]));
    const erpCodes = read.flatMap((item) => (item?.values.erpCode ? [item.values.erpCode] : []));
    erpCodes.push(...taxIds);
    const codeOwners = new Map(
      (erpCodes.length === 0
        ? []
        : await tx.db
            .select({ taxId: clients.taxId, erpCode: clients.erpCode })
            .from(clients)
            .where(inArray(sql`upper(${clients.erpCode})`, erpCodes))
      ).map((row) => [row.erpCode.toUpperCase(), row.taxId]),
    );
    const clientIds = stored.map((row) => row.id);
    const storedShops = new Map<number, StoredShop[]>();
    if (clientIds.length > 0)
      for (const shop of await tx.db.select().from(shops).where(inArray(shops.clientId, clientIds)))
        storedShops.set(shop.clientId, [...(storedShops.get(shop.clientId) ?? []), shop]);

    const creations: Creation[] = [];
    const updates: (typeof clients.$inferSelect)[] = [];
    for (const [index, item] of read.entries()) {
      if (!item || answers.refused(index)) continue;
      const group = lookup(groups, item.discountGroup);
      if (group === undefined && item.discountGroup !== undefined)
        answers.refuse(
          index,
          'discount_group',
          'unknown_discount_group',
          ADMIN_PHARMACY_MESSAGES.discountGroupUnknown,
        );
      const rep = lookup(reps, item.salesRepCode);
      if (rep === undefined && item.salesRepCode !== undefined)
        answers.refuse(index, 'sales_rep_code', 'unknown_sales_rep', ADMIN_PHARMACY_MESSAGES.salesRepUnknown);
      const current = byTaxId.get(item.taxId);
      if (rep && !rep.isActive && rep.id !== current?.salesRepId)
        answers.refuse(index, 'sales_rep_code', 'inactive_sales_rep', M.salesRepInactive);
      const erpCode = item.values.erpCode ?? (current ? undefined : item.taxId);
      const owner = erpCode === undefined ? undefined : codeOwners.get(erpCode);
      if (owner !== undefined && owner !== item.taxId)
        answers.refuse(index, 'erp_code', 'erp_code_taken', M.erpCodeTaken);
      if (answers.refused(index)) continue;
      if (erpCode !== undefined) codeOwners.set(erpCode, item.taxId);

      const next = {
        ...item.values,
        erpCode,
        discountGroupId: group === undefined ? undefined : (group ?? null),
        salesRepId: rep === undefined ? undefined : (rep?.id ?? null),
      };
      if (!current) {
        creations.push({
          row: {
            ...next,
            taxId: item.taxId,
            erpCode: erpCode ?? item.taxId,
            discountGroupId: next.discountGroupId ?? null,
            salesRepId: next.salesRepId ?? null,
            isActive: next.isActive ?? true,
          },
          shops: item.shops ?? [],
        });
        answers.outcome(index, 'created');
        continue;
      }
      const difference = changed(current, next);
      if (Object.keys(difference).length > 0) updates.push({ ...current, ...difference });
      const shopsChanged = item.shops
        ? await replaceShops(tx, current.id, storedShops.get(current.id) ?? [], item.shops)
        : false;
      answers.outcome(index, Object.keys(difference).length > 0 || shopsChanged ? 'updated' : 'unchanged');
    }
    await createPharmacies(tx, creations);
    await updatePharmacies(tx, updates);
    await auditBatch(tx, caller, 'integration.pharmacies', answers);
    return answers.answer();
  });
}
