/**
 * The people of the demo: the laboratory's sales reps, the discount groups, the pharmacies and their
 * users, the fixed demo accounts among them.
 */
import type { clients, discountGroups, salesReps, users } from '../db/schema.ts';
import { slugify } from './catalogue.ts';
import type { Random } from './random.ts';
import { cifFor, nifFor } from './tax-ids.ts';
import { FIRST_NAMES, PLACES, type PlaceWords, SALES_ZONES, STREETS, SURNAMES } from './vocabulary.ts';

export type SalesRepRow = typeof salesReps.$inferInsert & { id: number };
export type DiscountGroupRow = typeof discountGroups.$inferInsert & { id: number; discountPercent: number };
export type ClientRow = typeof clients.$inferInsert & { id: number };
export type UserRow = typeof users.$inferInsert & { id: number };

/** The password of every demo account. */
export const DEMO_PASSWORD = 'Botica2026';

/** The fixed demo accounts (listed in the root README.md). */
export const DEMO_ACCOUNTS = {
  /** Main user of a pharmacy in 'Farmacias Oro', with sub-users and many past orders. */
  demo: 'farmacia.demo',
  /** A second pharmacy, to check that one client never sees another's data. */
  norte: 'farmacia.norte',
  /**
   * A pharmacy whose orders this month leave less than 100 € of the monthly cap; the only demo
   * pharmacy outside the regime of recargo de equivalencia.
   */
  limite: 'farmacia.limite',
  /** A sales rep: not a client, the portal refuses it. */
  comercial: 'comercial.demo',
  /** The laboratory's staff: the back office's areas are theirs; the portal refuses it. */
  admin: 'admin.demo',
} as const;

/** Usernames of the sub-users of `farmacia.demo`. */
export const DEMO_SUB_USERS = ['demo.mostrador', 'demo.almacen', 'demo.tarde'] as const;

/**
 * What each demo sub-user may do: `demo.mostrador` everything, `demo.almacen` prepares
 * the cart but may not send it, `demo.tarde` may not see the invoices; `norte.mostrador`, the sub-user
 * of `farmacia.norte`, may not send orders.
 */
export const DEMO_SUB_USER_PERMISSIONS: Readonly<
  Record<string, { canSendOrders: boolean; canViewInvoices: boolean }>
> = {
  'demo.mostrador': { canSendOrders: true, canViewInvoices: true },
  'demo.almacen': { canSendOrders: false, canViewInvoices: true },
  'demo.tarde': { canSendOrders: true, canViewInvoices: false },
  'norte.mostrador': { canSendOrders: false, canViewInvoices: true },
};

/** The sub-user of `farmacia.norte`. */
export const NORTE_SUB_USER = 'norte.mostrador';

/** The discount groups, best first: a cart-level discount for the group's clients. */
export const DISCOUNT_GROUPS: readonly DiscountGroupRow[] = [
  { id: 1, name: 'Farmacias Platino', discountPercent: 8 },
  { id: 2, name: 'Farmacias Oro', discountPercent: 5 },
  { id: 3, name: 'Farmacias Plata', discountPercent: 3 },
  { id: 4, name: 'Estándar', discountPercent: 0 },
];

const GROUP = { platino: 1, oro: 2, plata: 3, estandar: 4 } as const;

/**
 * Whether a demo pharmacy is in the VAT regime of recargo de equivalencia: every one but
 * `farmacia.limite`, which stands for a pharmacy owned by a company (outside the regime), so both
 * regimes can be seen, and whose month of orders, built to leave less than 100 € of the monthly cap
 * in price and in total alike, stays exactly as it was. `farmacia.norte`, the isolation partner of
 * `farmacia.demo`, is in the regime like it.
 */
export function hasEquivalenceSurcharge(kind: Pharmacy['kind']): boolean {
  return kind !== 'limite';
}

/** Number of pharmacies; the first three are the demo, norte and limite accounts. */
export const CLIENT_COUNT = 12;

/** What the order generator needs to know about a pharmacy. */
export interface Pharmacy {
  client: ClientRow;
  /** The main user first, then the sub-users. */
  users: UserRow[];
  kind: 'demo' | 'norte' | 'limite' | 'other';
}

export interface People {
  salesReps: SalesRepRow[];
  discountGroups: DiscountGroupRow[];
  clients: ClientRow[];
  users: UserRow[];
  pharmacies: Pharmacy[];
}

export interface PeopleOptions {
  now: Date;
  random: Random;
  passwordHash: string;
}

const DAY_MS = 86_400_000;

interface Person {
  first: string;
  title: string;
  surnames: [string, string];
}

function person(random: Random, used: Set<string>): Person {
  for (;;) {
    const [first, title] = random.pick(FIRST_NAMES);
    const surnames: [string, string] = [random.pick(SURNAMES), random.pick(SURNAMES)];
    const key = `${first} ${surnames.join(' ')}`;
    if (surnames[0] !== surnames[1] && !used.has(key) && !used.has(surnames[0])) {
      used.add(key);
      used.add(surnames[0]);
      return { first, title, surnames };
    }
  }
}

function fullName(who: Person): string {
  return `${who.first} ${who.surnames.join(' ')}`;
}

/** '91 234 56 78' style digits as '9xx xxx xxx'. */
function phone(random: Random, prefix: string): string {
  let digits = prefix;
  while (digits.length < 9) digits += String(random.int(0, 9));
  return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}

function mobile(random: Random): string {
  return phone(random, random.pick(['6', '6', '7']) + String(random.int(0, 9)));
}

function place(city: string): PlaceWords {
  const found = PLACES.find((candidate) => candidate.city === city);
  if (!found) throw new RangeError(`unknown demo city: ${city}`);
  return found;
}

/** Generates the sales reps, discount groups, pharmacies and their users. */
export function generatePeople({ now, random, passwordHash }: PeopleOptions): People {
  const nowMs = now.getTime();
  const past = (minDays: number, maxDays: number) =>
    new Date(nowMs - random.int(minDays, maxDays) * DAY_MS - random.int(0, DAY_MS - 1));
  const usedNames = new Set<string>();

  const salesRepRows: SalesRepRow[] = SALES_ZONES.map((zone, index) => {
    const who = person(random, usedNames);
    return {
      id: index + 1,
      name: fullName(who),
      email: `${slugify(who.first).replace(/-/g, '')}.${slugify(who.surnames[0])}@botica.example`,
      phone: mobile(random),
      zone,
      createdAt: past(900, 1800),
    };
  });
  const repOfZone = new Map(salesRepRows.map((rep) => [rep.zone, rep.id]));

  const fixed: { kind: Pharmacy['kind']; city: string; group: number }[] = [
    { kind: 'demo', city: 'Madrid', group: GROUP.oro },
    { kind: 'norte', city: 'Bilbao', group: GROUP.plata },
    // The cap account buys a lot, hence Platino; its 8 % discount also keeps price and total close.
    { kind: 'limite', city: 'Valencia', group: GROUP.platino },
  ];
  const otherCities = random.sample(
    PLACES.map((candidate) => candidate.city).filter((city) => !fixed.some((item) => item.city === city)),
    CLIENT_COUNT - fixed.length,
  );
  const specs = [
    ...fixed,
    ...otherCities.map((city) => ({
      kind: 'other' as const,
      city,
      group: random.weighted([
        [GROUP.estandar, 4],
        [GROUP.plata, 3],
        [GROUP.oro, 2],
        [GROUP.platino, 1],
      ] as const),
    })),
  ];

  const clientRows: ClientRow[] = [];
  const userRows: UserRow[] = [];
  const pharmacies: Pharmacy[] = [];
  const taxIds = new Set<string>();
  const usernames = new Set<string>();
  const addUser = (row: Omit<UserRow, 'id' | 'passwordHash'>): UserRow => {
    const user: UserRow = {
      id: userRows.length + 1,
      passwordHash,
      canSendOrders: true,
      canViewInvoices: true,
      salesRepId: null,
      ...row,
    };
    usernames.add(user.username);
    userRows.push(user);
    return user;
  };

  specs.forEach((spec, index) => {
    const where = place(spec.city);
    const owner = person(random, usedNames);
    let taxId = '';
    do {
      taxId = random.chance(0.5)
        ? nifFor(random.int(10_000_000, 79_999_999))
        : cifFor(random.pick(['E', 'J']), Number(where.postalPrefix) * 100_000 + random.int(0, 99_999));
    } while (taxIds.has(taxId));
    taxIds.add(taxId);
    const [first, second] = owner.surnames.map((surname) => slugify(surname));
    const client: ClientRow = {
      id: index + 1,
      name: `Farmacia ${owner.title} ${owner.surnames.join(' ')}`,
      taxId,
      erpCode: `4300${String(1_000 + index * 37 + random.int(0, 30)).padStart(4, '0')}`,
      address: `${random.pick(STREETS)}, ${random.int(1, 140)}`,
      postalCode: `${where.postalPrefix}${String(random.int(1, 80)).padStart(3, '0')}`,
      city: where.city,
      province: where.province,
      phone: phone(random, where.phonePrefix),
      email: `info@farmacia-${first}-${second}.example`,
      discountGroupId: spec.group,
      salesRepId: repOfZone.get(where.zone) ?? null,
      recargoEquivalencia: hasEquivalenceSurcharge(spec.kind),
      createdAt: past(700, 1500),
    };
    clientRows.push(client);

    let username: string = DEMO_ACCOUNTS[spec.kind === 'other' ? 'demo' : spec.kind];
    if (spec.kind === 'other') {
      username = `farmacia.${first}`;
      if (usernames.has(username)) username = `farmacia.${first}.${second}`;
    }
    const main = addUser({
      username,
      name: fullName(owner),
      email: client.email,
      role: 'client',
      clientId: client.id,
      parentUserId: null,
      isActive: true,
      createdAt: client.createdAt,
    });
    const pharmacyUsers = [main];
    if (spec.kind === 'demo') {
      for (const sub of DEMO_SUB_USERS) {
        const who = person(random, usedNames);
        pharmacyUsers.push(
          addUser({
            username: sub,
            name: fullName(who),
            email: `${sub.split('.')[1]}@farmacia-${first}-${second}.example`,
            role: 'client',
            clientId: client.id,
            parentUserId: main.id,
            isActive: true,
            ...DEMO_SUB_USER_PERMISSIONS[sub],
            createdAt: past(30, 600),
          }),
        );
      }
    }
    pharmacies.push({ client, users: pharmacyUsers, kind: spec.kind });
  });

  const rep = salesRepRows[0] as SalesRepRow;
  addUser({
    username: DEMO_ACCOUNTS.comercial,
    name: rep.name,
    email: rep.email,
    role: 'sales_rep',
    clientId: null,
    parentUserId: null,
    salesRepId: rep.id,
    isActive: true,
    createdAt: rep.createdAt ?? now,
  });

  // farmacia.norte's sub-user, last (the ids and names drawn before it stay as they were). It sends no
  // orders in the demo: it is not among the pharmacy's order senders.
  const norte = pharmacies.find((pharmacy) => pharmacy.kind === 'norte');
  const norteMain = norte?.users[0];
  if (norte && norteMain) {
    const who = person(random, usedNames);
    const domain = norte.client.email.split('@')[1] ?? 'farmacia-norte.example';
    addUser({
      username: NORTE_SUB_USER,
      name: fullName(who),
      email: `mostrador@${domain}`,
      role: 'client',
      clientId: norte.client.id,
      parentUserId: norteMain.id,
      isActive: true,
      ...DEMO_SUB_USER_PERMISSIONS[NORTE_SUB_USER],
      createdAt: past(30, 600),
    });
  }

  // The laboratory's staff member who runs the back office, last (no id above moves).
  addUser({
    username: DEMO_ACCOUNTS.admin,
    name: 'Alicia Administración',
    email: 'administracion@botica.example',
    role: 'admin',
    clientId: null,
    parentUserId: null,
    isActive: true,
    createdAt: now,
  });

  return {
    salesReps: salesRepRows,
    discountGroups: DISCOUNT_GROUPS.map((group) => ({ ...group })),
    clients: clientRows,
    users: userRows,
    pharmacies,
  };
}
