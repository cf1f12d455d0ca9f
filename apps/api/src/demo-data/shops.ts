/**
 * The pharmacies' shops (MIS DATOS): each pharmacy's main premises at its registered
 * address, and a few more for some: `farmacia.demo` has three in all, `farmacia.norte` two, the others
 * one or two.
 */
import type { shops } from '../db/schema.ts';
import type { Pharmacy } from './pharmacies.ts';
import type { Random } from './random.ts';
import { STREETS } from './vocabulary.ts';

export type ShopRow = typeof shops.$inferInsert & { id: number };

/** How many shops beyond the main premises each kind of pharmacy has. */
const EXTRA_SHOPS: Record<Pharmacy['kind'], [min: number, max: number]> = {
  demo: [2, 2],
  norte: [1, 1],
  limite: [0, 0],
  other: [0, 1],
};

/** The names of the extra shops, in order. */
const BRANCH_NAMES = ['Sucursal Centro', 'Sucursal Estación', 'Sucursal Mercado'];

/** Generates every pharmacy's shops, the main premises first. */
export function generateShops(pharmacies: readonly Pharmacy[], random: Random): ShopRow[] {
  const rows: ShopRow[] = [];
  for (const { client, kind } of pharmacies) {
    rows.push({
      id: rows.length + 1,
      clientId: client.id,
      name: client.name,
      address: client.address,
      postalCode: client.postalCode,
      city: client.city,
      province: client.province,
      phone: client.phone,
      isMain: true,
      createdAt: client.createdAt,
    });
    const [min, max] = EXTRA_SHOPS[kind];
    const extra = random.int(min, max);
    for (let index = 0; index < extra; index += 1) {
      const digits = client.phone.replace(/\D/g, '');
      const phone = `${digits.slice(0, -3)}${String(random.int(100, 999))}`;
      rows.push({
        id: rows.length + 1,
        clientId: client.id,
        name: `${client.name} · ${BRANCH_NAMES[index] ?? `Sucursal ${index + 1}`}`,
        address: `${random.pick(STREETS)}, ${random.int(1, 140)}`,
        postalCode: `${client.postalCode.slice(0, 2)}${String(random.int(1, 80)).padStart(3, '0')}`,
        city: client.city,
        province: client.province,
        phone: `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`,
        isMain: false,
        createdAt: client.createdAt,
      });
    }
  }
  return rows;
}
