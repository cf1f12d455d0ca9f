/**
 * The laboratory's wholesalers and the pharmacies that send transfer orders through them:
 * `farmacia.demo` through Cofares (with its customer number) and Hefame, `farmacia.norte` through
 * Alliance Healthcare, and about a third of the others through one of the four.
 */
import type { clientWholesalers, orders, wholesalers } from '../db/schema.ts';
import type { Pharmacy } from './pharmacies.ts';
import type { Random } from './random.ts';
import type { ShopRow } from './shops.ts';

export type WholesalerRow = typeof wholesalers.$inferInsert & { id: number };
export type ClientWholesalerRow = typeof clientWholesalers.$inferInsert;

const WHOLESALERS: readonly Omit<WholesalerRow, 'createdAt'>[] = [
  { id: 1, code: 'COFARES', name: 'Cofares' },
  { id: 2, code: 'ALLIANCE', name: 'Alliance Healthcare' },
  { id: 3, code: 'HEFAME', name: 'Hefame' },
  { id: 4, code: 'BIDAFARMA', name: 'Bidafarma' },
];

/** Generates the wholesalers and each pharmacy's list of them. */
export function generateWholesalers(
  pharmacies: readonly Pharmacy[],
  random: Random,
  now: Date,
): { wholesalers: WholesalerRow[]; clientWholesalers: ClientWholesalerRow[] } {
  const links: ClientWholesalerRow[] = [];
  const customerNumber = () => String(random.int(100_000, 999_999));
  for (const { client, kind } of pharmacies) {
    if (kind === 'demo') {
      links.push({ clientId: client.id, wholesalerId: 1, customerNumber: '458812', createdAt: now });
      links.push({ clientId: client.id, wholesalerId: 3, customerNumber: null, createdAt: now });
    } else if (kind === 'norte') {
      links.push({ clientId: client.id, wholesalerId: 2, customerNumber: customerNumber(), createdAt: now });
    } else if (kind === 'other' && random.int(1, 3) === 1) {
      links.push({
        clientId: client.id,
        wholesalerId: random.int(1, WHOLESALERS.length),
        customerNumber: customerNumber(),
        createdAt: now,
      });
    }
  }
  return { wholesalers: WHOLESALERS.map((row) => ({ ...row, createdAt: now })), clientWholesalers: links };
}

type OrderRow = typeof orders.$inferInsert;

/**
 * Where the orders went, as sent: every order to its pharmacy's main shop, directly; one in three of
 * the demo pharmacy's to its second shop as a transfer order through its first wholesaler, so the
 * account's and the back office's orders show both kinds.
 */
export function routeOrders<T extends OrderRow>(
  orderRows: readonly T[],
  {
    shops,
    pharmacies,
    links,
    wholesalerRows,
  }: {
    shops: readonly ShopRow[];
    pharmacies: readonly Pharmacy[];
    links: readonly ClientWholesalerRow[];
    wholesalerRows: readonly WholesalerRow[];
  },
): T[] {
  const demo = pharmacies.find((pharmacy) => pharmacy.kind === 'demo')?.client.id;
  const shopsOf = Map.groupBy(shops, (shop) => shop.clientId);
  const snapshot = (shop: ShopRow) => ({
    shop_id: shop.id,
    name: shop.name,
    address: shop.address,
    postal_code: shop.postalCode,
    city: shop.city,
    province: shop.province,
    phone: shop.phone,
  });
  let demoCount = 0;
  return orderRows.map((order) => {
    const own = shopsOf.get(order.clientId) ?? [];
    const main = own[0];
    // Every row sets the same columns (the seeding writes each table's rows alike).
    if (!main) return { ...order, shopId: null, delivery: null, transfer: null };
    if (order.clientId === demo && own[1] && demoCount++ % 3 === 2) {
      const link = links.find((candidate) => candidate.clientId === demo);
      const wholesaler = wholesalerRows.find((row) => row.id === link?.wholesalerId);
      if (link && wholesaler)
        return {
          ...order,
          shopId: own[1].id,
          delivery: snapshot(own[1]),
          transfer: {
            wholesaler_id: wholesaler.id,
            code: wholesaler.code,
            name: wholesaler.name,
            customer_number: link.customerNumber ?? null,
          },
        };
    }
    return { ...order, shopId: main.id, delivery: snapshot(main), transfer: null };
  });
}
