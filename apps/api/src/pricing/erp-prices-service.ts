/**
 * The ERP's batches of discount groups and special prices (`PUT /api/v1/integration/discount-groups`
 * and `…/special-prices`): upserts by natural key (the group's code; the group's code and the product's
 * reference) in the batch's one transaction, only what differs written, so the same batch sent again
 * changes nothing. The writes move the pricing epoch inside that transaction (the tables' statement
 * triggers), so every instance's carts and searches see the whole batch at once from its commit, and
 * nothing of it before. The special prices are written in one statement per kind of change.
 */

import { ADMIN_PHARMACY_MESSAGES } from '@botica/api-client/admin';
import type { IntegrationDiscountGroup, IntegrationSpecialPrice } from '@botica/api-client/integration';
import { INTEGRATION_PHARMACY_MESSAGES as M } from '@botica/api-client/integration';
import { PRICE_RULE_MESSAGES } from '@botica/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { type CoreContext, inTransaction } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { lockPricingEpoch } from '../db/pricing-epoch-lock.ts';
import { HttpError } from '../http/errors.ts';
import {
  auditBatch,
  type BatchAnswer,
  BatchAnswers,
  type BatchCaller,
  ItemReader,
  lockBatchKind,
} from '../import/batch.ts';
import { code, text } from '../import/fields.ts';
import { discountGroups, specialPrices } from './tables.ts';

const groupCode = code(20);

function hasTwoDecimalsAtMost(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/**
 * Upserts the ERP's discount groups by code. A group without a code yet is taken over by its name; a
 * name is one group's only.
 */
export async function upsertDiscountGroups(
  context: CoreContext,
  items: readonly IntegrationDiscountGroup[],
  caller: BatchCaller,
): Promise<BatchAnswer<{ code: string }>> {
  const answers = new BatchAnswers(items.map((item) => ({ code: item.code })));
  const read = items.map((item, index) => {
    const reader = new ItemReader(answers, index);
    const values = {
      code: reader.required('code', item.code, groupCode, 'invalid_code'),
      name: reader.required('name', item.name, text(100), 'invalid_text'),
      description:
        item.description === undefined
          ? undefined
          : item.description.trim() === ''
            ? ''
            : reader.required(
                'description',
                item.description,
                text(1000, { multiline: true }),
                'invalid_text',
              ),
      discountPercent: item.discount_percent,
    };
    const percent = item.discount_percent;
    if (
      percent !== undefined &&
      (!Number.isFinite(percent) || percent < 0 || percent > 100 || !hasTwoDecimalsAtMost(percent))
    )
      reader.refuse(
        'discount_percent',
        'invalid_percent',
        'El descuento debe estar entre 0 y 100, con dos decimales como máximo.',
      );
    return reader.refused ? undefined : values;
  });
  answers.refuseDuplicates((index) => read[index]?.code, 'code', M.duplicateKey);
  answers.refuseDuplicates((index) => read[index]?.name?.toLowerCase(), 'name', M.duplicateKey);

  return inTransaction(context, async (tx) => {
    await lockBatchKind(tx, 'discount-groups');
    await lockPricingEpoch(tx.db);
    const stored = await tx.db.select().from(discountGroups);
    const byCode = new Map(stored.filter((group) => group.code !== null).map((group) => [group.code, group]));
    const nameOwner = new Map(stored.map((group) => [group.name.toLowerCase(), group]));
    for (const [index, values] of read.entries()) {
      if (!values || answers.refused(index)) continue;
      const name = values.name as string;
      const owner = nameOwner.get(name.toLowerCase());
      const current = byCode.get(values.code as string) ?? (owner?.code === null ? owner : undefined);
      if (owner && owner.id !== current?.id) {
        answers.refuse(index, 'name', 'name_taken', M.groupNameTaken);
        continue;
      }
      const next = {
        code: values.code as string,
        name,
        description: values.description,
        discountPercent: values.discountPercent,
      };
      if (!current) {
        const [created] = await tx.db
          .insert(discountGroups)
          .values({
            ...next,
            description: next.description ?? '',
            discountPercent: next.discountPercent ?? 0,
          })
          .returning();
        if (created) {
          byCode.set(created.code, created);
          nameOwner.set(name.toLowerCase(), created);
        }
        answers.outcome(index, 'created');
        continue;
      }
      const difference = Object.fromEntries(
        Object.entries(next).filter(
          ([key, value]) => value !== undefined && current[key as keyof typeof current] !== value,
        ),
      );
      if (Object.keys(difference).length === 0) {
        answers.outcome(index, 'unchanged');
        continue;
      }
      const [updated] = await tx.db
        .update(discountGroups)
        .set(difference)
        .where(eq(discountGroups.id, current.id))
        .returning();
      if (updated) {
        nameOwner.delete(current.name.toLowerCase());
        nameOwner.set(updated.name.toLowerCase(), updated);
        byCode.set(updated.code, updated);
      }
      answers.outcome(index, 'updated');
    }
    await auditBatch(tx, caller, 'integration.discount_groups', answers);
    return answers.answer();
  });
}

/**
 * Upserts the ERP's special prices by (group code, product reference), each below its product's list
 * price (the domain's rule, with its words). For each group of `replace`, the group's prices of the
 * products the batch does not name are removed; a price whose item is refused is kept as it was.
 * @throws HttpError 422 under `replace` when it names a group that does not exist (nothing applied).
 */
export async function upsertSpecialPrices(
  context: CoreContext,
  { items, replace = [] }: { items: readonly IntegrationSpecialPrice[]; replace?: readonly string[] },
  caller: BatchCaller,
): Promise<BatchAnswer<{ discount_group: string; reference: string }> & { removed: number }> {
  const answers = new BatchAnswers(
    items.map((item) => ({ discount_group: item.discount_group, reference: item.reference })),
  );
  const upper = (value: string) => value.trim().toUpperCase();
  answers.refuseDuplicates(
    (index) => {
      const item = items[index];
      return item ? JSON.stringify([upper(item.discount_group), upper(item.reference)]) : undefined;
    },
    'reference',
    M.duplicateKey,
  );

  return inTransaction(context, async (tx) => {
    await lockBatchKind(tx, 'special-prices');
    await lockPricingEpoch(tx.db);
    const groupCodes = [
      ...new Set([...items.map((item) => upper(item.discount_group)), ...replace.map(upper)]),
    ];
    const groups = new Map(
      (groupCodes.length === 0
        ? []
        : await tx.db
            .select({ id: discountGroups.id, code: discountGroups.code })
            .from(discountGroups)
            .where(inArray(discountGroups.code, groupCodes))
      ).map((group) => [group.code as string, group.id]),
    );
    const unknown = [...new Set(replace.map(upper))].filter((group) => !groups.has(group));
    if (unknown.length > 0)
      throw new HttpError(422, 'Algunos datos introducidos son incorrectos.', {
        replace: unknown.map((group) => M.replaceUnknownGroup(group)),
      });
    const references = [...new Set(items.map((item) => upper(item.reference)))];
    // Reads the catalogue module's products: a special price names its product by reference.
    const products = new Map(
      (references.length === 0
        ? []
        : await selectRows<{ id: number; reference: string; price_cents: number }>(
            tx.db,
            sql`select id, upper(reference) as reference, price_cents from products
                where upper(reference) in (select jsonb_array_elements_text(${JSON.stringify(references)}::jsonb))`,
          )
      ).map((row) => [row.reference, { id: Number(row.id), priceCents: Number(row.price_cents) }]),
    );
    const groupIds = [...new Set(groups.values())];
    const stored = new Map(
      (groupIds.length === 0
        ? []
        : await tx.db.select().from(specialPrices).where(inArray(specialPrices.discountGroupId, groupIds))
      ).map((row) => [`${String(row.discountGroupId)}:${String(row.productId)}`, row.priceCents]),
    );

    const writes: { discountGroupId: number; productId: number; priceCents: number }[] = [];
    const named = new Set<string>();
    for (const [index, item] of items.entries()) {
      const reader = new ItemReader(answers, index);
      const groupId = groups.get(upper(item.discount_group));
      const product = products.get(upper(item.reference));
      if (groupId !== undefined && product) named.add(`${String(groupId)}:${String(product.id)}`);
      if (answers.refused(index)) continue;
      if (groupId === undefined)
        reader.refuse(
          'discount_group',
          'unknown_discount_group',
          ADMIN_PHARMACY_MESSAGES.discountGroupUnknown,
        );
      if (!product) reader.refuse('reference', 'unknown_product', M.productUnknown);
      const cents = Math.round(item.price * 100);
      if (!Number.isFinite(item.price) || !hasTwoDecimalsAtMost(item.price) || !Number.isSafeInteger(cents))
        reader.refuse('price', 'invalid_price', PRICE_RULE_MESSAGES.priceInvalid);
      else if (cents <= 0)
        reader.refuse('price', 'invalid_price', PRICE_RULE_MESSAGES.specialPriceNotPositive);
      else if (product && cents >= product.priceCents)
        reader.refuse('price', 'price_not_below', PRICE_RULE_MESSAGES.specialPriceNotBelow);
      if (reader.refused || groupId === undefined || !product) continue;
      const before = stored.get(`${String(groupId)}:${String(product.id)}`);
      if (before === cents) {
        answers.outcome(index, 'unchanged');
        continue;
      }
      writes.push({ discountGroupId: groupId, productId: product.id, priceCents: cents });
      answers.outcome(index, before === undefined ? 'created' : 'updated');
    }
    if (writes.length > 0)
      await tx.db
        .insert(specialPrices)
        .values(writes)
        .onConflictDoUpdate({
          target: [specialPrices.discountGroupId, specialPrices.productId],
          set: { priceCents: sql`excluded.price_cents` },
        });

    const replaced = new Set(replace.map((group) => groups.get(upper(group))));
    const removals = [...stored.keys()]
      .filter((key) => !named.has(key) && replaced.has(Number(key.split(':')[0])))
      .map((key) => key.split(':').map(Number));
    if (removals.length > 0)
      await tx.db.execute(
        sql`delete from special_prices sp
            using jsonb_to_recordset(${JSON.stringify(removals.map(([g, p]) => ({ g, p })))}::jsonb) as d(g int, p int)
            where sp.discount_group_id = d.g and sp.product_id = d.p`,
      );
    await auditBatch(tx, caller, 'integration.special_prices', answers, { removed: removals.length });
    return { ...answers.answer(), removed: removals.length };
  });
}
