/**
 * Where a pharmacy's order goes: the shop it is delivered to and the wholesaler a transfer order
 * travels through. The cart's choices (`deliveryOptions`), the checkout's check and snapshot of them
 * (`orderDestination`, in the checkout's transaction), and the laboratory's wholesalers and each
 * pharmacy's list of them for the back office. The pharmacy's and shops' rows are the accounts
 * module's tables, read here, never written.
 */
import type { PharmacyWholesaler, Wholesaler } from '@botica/api-client/admin';
import { WHOLESALER_MESSAGES } from '@botica/api-client/admin';
import {
  DELIVERY_MESSAGES,
  type DeliveryOptions,
  type OrderDelivery,
  type OrderTransfer,
} from '@botica/api-client/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit-service.ts';
import { type CoreContext, inTransaction } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { clientWholesalers, userShopChoices, wholesalers } from './tables.ts';

/** A transfer order's wholesaler as an order keeps it. */
export interface StoredTransfer extends OrderTransfer {
  wholesaler_id: number;
}

/** The stored transfer as the wire shows it. */
export function transferOnWire(stored: unknown): OrderTransfer | null {
  if (stored === null || stored === undefined) return null;
  const value = (typeof stored === 'string' ? JSON.parse(stored) : stored) as StoredTransfer;
  return { code: value.code, name: value.name, customer_number: value.customer_number ?? null };
}

/** The stored destination as the wire shows it. */
export function deliveryOnWire(stored: unknown): OrderDelivery {
  const value = (typeof stored === 'string' ? JSON.parse(stored) : stored) as OrderDelivery;
  return {
    shop_id: value.shop_id ?? null,
    name: value.name,
    address: value.address,
    postal_code: value.postal_code,
    city: value.city,
    province: value.province,
    phone: value.phone,
  };
}

/**
 * The destination of an order read from `orders o` joined to `clients c`: the one kept as sent, or,
 * for an order written without one, the main shop, else the pharmacy's registered address.
 */
export const orderDeliverySql = sql`coalesce(o.delivery, (
  select jsonb_build_object('shop_id', s.id, 'name', coalesce(s.name, c.name),
    'address', coalesce(s.address, c.address), 'postal_code', coalesce(s.postal_code, c.postal_code),
    'city', coalesce(s.city, c.city), 'province', coalesce(s.province, c.province),
    'phone', coalesce(s.phone, c.phone))
  from (select 1) one left join lateral (
    select id, name, address, postal_code, city, province, phone from shops
    where client_id = c.id order by is_main desc, id limit 1
  ) s on true))`;

interface ShopRow {
  id: number;
  name: string;
  address: string;
  postal_code: string;
  city: string;
  province: string;
  phone: string;
  is_main: boolean;
}

async function shopsOf(context: CoreContext, clientId: number): Promise<ShopRow[]> {
  return selectRows<ShopRow>(
    context.db,
    sql`select id, name, address, postal_code, city, province, phone, is_main from shops
        where client_id = ${clientId} order by is_main desc, id`,
  );
}

async function wholesalersOfClient(context: CoreContext, clientId: number): Promise<PharmacyWholesaler[]> {
  return selectRows<PharmacyWholesaler>(
    context.db,
    sql`select w.id as wholesaler_id, w.code, w.name, cw.customer_number
        from client_wholesalers cw join wholesalers w on w.id = cw.wholesaler_id
        where cw.client_id = ${clientId} order by w.name, w.id`,
  );
}

/**
 * `GET /api/v1/clients/{clientId}/delivery-options`: the pharmacy's shops, the one the cart proposes
 * to the user (its last choice while still a shop of the pharmacy, else the main one) and its
 * wholesalers.
 */
export async function deliveryOptions(
  context: CoreContext,
  { clientId, userId }: { clientId: number; userId: number },
): Promise<DeliveryOptions> {
  const shops = await shopsOf(context, clientId);
  const [choice] = await context.db
    .select({ shopId: userShopChoices.shopId })
    .from(userShopChoices)
    .where(eq(userShopChoices.userId, userId));
  const chosen = shops.find((shop) => shop.id === choice?.shopId);
  return {
    shops: shops.map(({ phone: _phone, ...shop }) => shop),
    default_shop_id: (chosen ?? shops[0])?.id ?? null,
    wholesalers: (await wholesalersOfClient(context, clientId)).map((row) => ({
      id: row.wholesaler_id,
      code: row.code,
      name: row.name,
      customer_number: row.customer_number,
    })),
  };
}

/** Where a new order goes, as the order keeps it. */
export interface OrderDestination {
  shopId: number | null;
  delivery: OrderDelivery;
  transfer: StoredTransfer | null;
}

/**
 * The destination of an order being sent, in the checkout's transaction: the shop chosen (none: the
 * main one, else the registered address) and the wholesaler of a transfer order (none: direct). A
 * shop or wholesaler that is not the pharmacy's is 422. A shop chosen becomes the user's proposal for
 * next time.
 */
export async function orderDestination(
  tx: CoreContext,
  choice: {
    clientId: number;
    userId: number;
    shopId: number | undefined;
    wholesalerId: number | null | undefined;
  },
  client: {
    name: string;
    address: string;
    postal_code: string;
    city: string;
    province: string;
    phone: string;
  },
): Promise<OrderDestination> {
  const shops = await shopsOf(tx, choice.clientId);
  let shop: ShopRow | undefined = shops[0];
  if (choice.shopId !== undefined) {
    shop = shops.find((candidate) => candidate.id === choice.shopId);
    if (!shop)
      throw new HttpError(422, DELIVERY_MESSAGES.shopNotOwn, { shop_id: [DELIVERY_MESSAGES.shopNotOwn] });
  }
  let transfer: StoredTransfer | null = null;
  if (choice.wholesalerId !== undefined && choice.wholesalerId !== null) {
    const found = (await wholesalersOfClient(tx, choice.clientId)).find(
      (row) => row.wholesaler_id === choice.wholesalerId,
    );
    if (!found)
      throw new HttpError(422, DELIVERY_MESSAGES.wholesalerNotOwn, {
        wholesaler_id: [DELIVERY_MESSAGES.wholesalerNotOwn],
      });
    transfer = {
      wholesaler_id: found.wholesaler_id,
      code: found.code,
      name: found.name,
      customer_number: found.customer_number,
    };
  }
  if (choice.shopId !== undefined && shop) {
    await tx.db
      .insert(userShopChoices)
      .values({ userId: choice.userId, shopId: shop.id, chosenAt: tx.now() })
      .onConflictDoUpdate({
        target: userShopChoices.userId,
        set: { shopId: shop.id, chosenAt: tx.now() },
      });
  }
  const place = shop ?? client;
  return {
    shopId: shop?.id ?? null,
    delivery: {
      shop_id: shop?.id ?? null,
      name: shop?.name ?? client.name,
      address: place.address,
      postal_code: place.postal_code,
      city: place.city,
      province: place.province,
      phone: place.phone,
    },
    transfer,
  };
}

/** `GET /api/v1/admin/wholesalers`: by name, with how many pharmacies have each. */
export async function listWholesalers(context: CoreContext): Promise<Wholesaler[]> {
  const rows = await selectRows<Omit<Wholesaler, 'pharmacies'> & { pharmacies: number | string }>(
    context.db,
    sql`select w.id, w.code, w.name,
          (select count(*) from client_wholesalers cw where cw.wholesaler_id = w.id) as pharmacies
        from wholesalers w order by w.name, w.id`,
  );
  return rows.map((row) => ({ ...row, pharmacies: Number(row.pharmacies) }));
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause)
    if ((cause as { code?: unknown }).code === '23505') return true;
  return false;
}

/** `POST /api/v1/admin/wholesalers`: a new wholesaler (422 when its code is taken). Audited. */
export async function createWholesaler(
  context: CoreContext,
  { actor, code, name }: { actor: AuditActor; code: string; name: string },
): Promise<Wholesaler> {
  try {
    return await inTransaction(context, async (tx) => {
      const [row] = await tx.db.insert(wholesalers).values({ code, name }).returning();
      if (!row) throw new Error('the wholesaler could not be created');
      await recordAudit(tx, {
        actor,
        action: 'wholesaler.created',
        objectType: 'wholesaler',
        objectId: row.id,
        before: null,
        after: { code, name },
      });
      return { id: row.id, code: row.code, name: row.name, pharmacies: 0 };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(422, WHOLESALER_MESSAGES.codeTaken, { code: [WHOLESALER_MESSAGES.codeTaken] });
    throw error;
  }
}

/** `DELETE /api/v1/admin/wholesalers/{id}`: off every pharmacy's list; orders keep it as sent. Audited. */
export async function removeWholesaler(
  context: CoreContext,
  { actor, id }: { actor: AuditActor; id: number },
): Promise<void> {
  await inTransaction(context, async (tx) => {
    const [row] = await tx.db.delete(wholesalers).where(eq(wholesalers.id, id)).returning();
    if (!row) throw new HttpError(404, WHOLESALER_MESSAGES.notFound);
    await recordAudit(tx, {
      actor,
      action: 'wholesaler.deleted',
      objectType: 'wholesaler',
      objectId: id,
      before: { code: row.code, name: row.name },
      after: null,
    });
  });
}

/** `GET /api/v1/admin/pharmacies/{id}/wholesalers`. */
export async function pharmacyWholesalers(
  context: CoreContext,
  clientId: number,
): Promise<PharmacyWholesaler[]> {
  return wholesalersOfClient(context, clientId);
}

/**
 * `PUT /api/v1/admin/pharmacies/{id}/wholesalers/{wholesalerId}`: adds the wholesaler to the
 * pharmacy's list or sets its customer number (404 for an unknown wholesaler). Audited.
 */
export async function setPharmacyWholesaler(
  context: CoreContext,
  change: {
    actor: AuditActor;
    clientId: number;
    wholesalerId: number;
    customerNumber: string | null | undefined;
  },
): Promise<PharmacyWholesaler[]> {
  const customerNumber = change.customerNumber?.trim() ? change.customerNumber.trim() : null;
  return inTransaction(context, async (tx) => {
    const [wholesaler] = await tx.db
      .select()
      .from(wholesalers)
      .where(eq(wholesalers.id, change.wholesalerId));
    if (!wholesaler) throw new HttpError(404, WHOLESALER_MESSAGES.notFound);
    const [before] = await tx.db
      .select({ customerNumber: clientWholesalers.customerNumber })
      .from(clientWholesalers)
      .where(
        and(
          eq(clientWholesalers.clientId, change.clientId),
          eq(clientWholesalers.wholesalerId, wholesaler.id),
        ),
      );
    await tx.db
      .insert(clientWholesalers)
      .values({ clientId: change.clientId, wholesalerId: wholesaler.id, customerNumber })
      .onConflictDoUpdate({
        target: [clientWholesalers.clientId, clientWholesalers.wholesalerId],
        set: { customerNumber },
      });
    await recordAudit(tx, {
      actor: change.actor,
      action: before ? 'pharmacy.wholesaler_updated' : 'pharmacy.wholesaler_added',
      objectType: 'client',
      objectId: change.clientId,
      before: before ? { wholesaler: wholesaler.code, customer_number: before.customerNumber } : null,
      after: { wholesaler: wholesaler.code, customer_number: customerNumber },
    });
    return wholesalersOfClient(tx, change.clientId);
  });
}

/** `DELETE /api/v1/admin/pharmacies/{id}/wholesalers/{wholesalerId}`: 404 when not on the list. Audited. */
export async function removePharmacyWholesaler(
  context: CoreContext,
  change: { actor: AuditActor; clientId: number; wholesalerId: number },
): Promise<PharmacyWholesaler[]> {
  return inTransaction(context, async (tx) => {
    const [removed] = await tx.db
      .delete(clientWholesalers)
      .where(
        and(
          eq(clientWholesalers.clientId, change.clientId),
          eq(clientWholesalers.wholesalerId, change.wholesalerId),
        ),
      )
      .returning();
    if (!removed) throw new HttpError(404, WHOLESALER_MESSAGES.notLinked);
    await recordAudit(tx, {
      actor: change.actor,
      action: 'pharmacy.wholesaler_removed',
      objectType: 'client',
      objectId: change.clientId,
      before: { wholesaler_id: change.wholesalerId, customer_number: removed.customerNumber },
      after: null,
    });
    return wholesalersOfClient(tx, change.clientId);
  });
}
