/**
 * A small, hand-written data set for focused tests: three pharmacies, a sales rep, a dozen products
 * with special prices, volume tiers and categories. The demo data generator (src/demo-data) is what
 * `npm start` and the contract suites use; this is for tests that need exact, known numbers.
 */
import { madridMonth } from '@botica/domain';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../accounts/password.ts';
import type { Database } from '../db/database.ts';
import {
  categories,
  clients,
  configurations,
  discountGroups,
  orders,
  productCategories,
  products,
  productTags,
  salesReps,
  specialPrices,
  tags,
  users,
  volumeRules,
} from '../db/schema.ts';

export const FIXTURE_PASSWORD = 'Botica2026';

/** The ids the fixture creates. */
export interface Fixture {
  clients: { demo: number; norte: number; limite: number };
  /** `centro` is comercial.demo's (farmacia.demo and farmacia.limite); `norte` is farmacia.norte's. */
  salesReps: { centro: number; norte: number };
  users: {
    demo: number;
    demoSub: number;
    norte: number;
    limite: number;
    comercial: number;
    admin: number;
  };
  products: {
    equinacea: number;
    valeriana: number;
    propolis: number;
    magnesio: number;
    outOfStock: number;
    noImage: number;
    withdrawn: number;
  };
  categories: { ranges: number; healthProblems: number; defensas: number; descanso: number; plantas: number };
  tags: { vegano: number };
}

let passwordHash: Promise<string> | undefined;

/** Inserts the fixture into a migrated, empty database. */
export async function insertFixture(db: Database, options: { now?: Date } = {}): Promise<Fixture> {
  const now = options.now ?? new Date();
  passwordHash ??= hashPassword(FIXTURE_PASSWORD);
  const hash = await passwordHash;
  // The migrations' first values are replaced by the fixture's.
  await db
    .insert(configurations)
    .values([
      { key: 'order_minimum_amount', value: '150' },
      { key: 'maximum_purchase_per_month', value: '3000' },
    ])
    .onConflictDoUpdate({ target: configurations.key, set: { value: sql`excluded.value` } });
  const [gold] = await db
    .insert(discountGroups)
    .values({ name: 'Grupo Oro', discountPercent: 5 })
    .returning();
  // Two sales reps: comercial.demo's (farmacia.demo and farmacia.limite) and another (farmacia.norte).
  const [centro, norteRep] = await db
    .insert(salesReps)
    .values([
      {
        name: 'Carlos Comercial',
        email: 'carlos.comercial@botica.example',
        phone: '600000001',
        zone: 'Centro',
      },
      { name: 'Nerea Vidal', email: 'nerea.vidal@botica.example', phone: '600000002', zone: 'Norte' },
    ])
    .returning();
  if (!centro || !norteRep) throw new Error('fixture sales reps not created');
  const clientBase = {
    address: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
    province: 'Madrid',
    phone: '910000000',
  };
  const [demo, norte, limite] = await db
    .insert(clients)
    .values([
      {
        ...clientBase,
        name: 'Farmacia Demo',
        taxId: 'B00000001',
        erpCode: 'C0001',
        email: 'demo@example.com',
        discountGroupId: gold?.id,
        salesRepId: centro.id,
      },
      {
        ...clientBase,
        name: 'Farmacia Norte',
        taxId: 'B00000002',
        erpCode: 'C0002',
        email: 'norte@example.com',
        salesRepId: norteRep.id,
      },
      {
        ...clientBase,
        name: 'Farmacia Límite',
        taxId: 'B00000003',
        erpCode: 'C0003',
        email: 'limite@example.com',
        salesRepId: centro.id,
      },
    ])
    .returning();
  if (!demo || !norte || !limite || !gold) throw new Error('fixture clients not created');
  const [demoUser, norteUser, limiteUser, comercial] = await db
    .insert(users)
    .values([
      { username: 'farmacia.demo', passwordHash: hash, name: 'Ana Demo', role: 'client', clientId: demo.id },
      {
        username: 'farmacia.norte',
        passwordHash: hash,
        name: 'Nuria Norte',
        role: 'client',
        clientId: norte.id,
      },
      {
        username: 'farmacia.limite',
        passwordHash: hash,
        name: 'Luis Límite',
        role: 'client',
        clientId: limite.id,
      },
      {
        username: 'comercial.demo',
        passwordHash: hash,
        name: 'Carlos Comercial',
        email: centro.email,
        role: 'sales_rep',
        salesRepId: centro.id,
      },
    ])
    .returning();
  if (!demoUser || !norteUser || !limiteUser || !comercial) throw new Error('fixture users not created');
  const [demoSub] = await db
    .insert(users)
    .values({
      username: 'farmacia.demo.aux',
      passwordHash: hash,
      name: 'Sub Demo',
      role: 'client',
      clientId: demo.id,
      parentUserId: demoUser.id,
    })
    .returning();
  await db.insert(categories).values([
    { id: 1, name: 'Gamas', slug: 'gamas', parentId: null, position: 1 },
    { id: 2, name: 'Problemas de salud', slug: 'problemas-de-salud', parentId: null, position: 2 },
    { id: 3, name: 'Plantas medicinales', slug: 'plantas', parentId: 1, position: 1 },
    { id: 4, name: 'Defensas', slug: 'defensas', parentId: 2, position: 1 },
    { id: 5, name: 'Descanso', slug: 'descanso', parentId: 2, position: 2 },
  ]);
  await db.execute(sql`select setval(pg_get_serial_sequence('categories', 'id'), 5)`);
  const [vegano] = await db.insert(tags).values({ name: 'Vegano', slug: 'vegano' }).returning();
  const base = { description: 'Complemento alimenticio.', stockUnits: 100, imageCount: 1, imageHue: 140 };
  const inserted = await db
    .insert(products)
    .values([
      {
        ...base,
        reference: 'BT-00001',
        name: 'Equinácea Forte',
        slug: 'equinacea-forte',
        format: '60 cápsulas',
        priceCents: 1250,
        vatRate: 10,
      },
      {
        ...base,
        reference: 'BT-00002',
        name: 'Valeriana Noche',
        slug: 'valeriana-noche',
        format: '30 comprimidos',
        priceCents: 890,
        vatRate: 10,
      },
      {
        ...base,
        reference: 'BT-00003',
        name: 'Própolis Spray Garganta',
        slug: 'propolis-spray',
        format: '30 ml',
        priceCents: 675,
        vatRate: 21,
      },
      {
        ...base,
        reference: 'BT-00010',
        name: 'Magnesio Marino',
        slug: 'magnesio-marino',
        format: '200 g',
        priceCents: 2000,
        vatRate: 4,
      },
      {
        ...base,
        reference: 'BT-00011',
        name: 'Equinácea Infantil Jarabe',
        slug: 'equinacea-infantil',
        format: '150 ml',
        priceCents: 990,
        vatRate: 10,
        stockUnits: 0,
      },
      {
        ...base,
        reference: 'BT-00012',
        name: 'Harpagofito Articular',
        slug: 'harpagofito',
        format: '60 cápsulas',
        priceCents: 1500,
        vatRate: 10,
        imageCount: 0,
      },
      {
        ...base,
        reference: 'BT-00013',
        name: 'Producto Retirado',
        slug: 'retirado',
        format: '10 sobres',
        priceCents: 500,
        vatRate: 10,
        isActive: false,
      },
    ])
    .returning();
  const id = (reference: string) => {
    const found = inserted.find((product) => product.reference === reference);
    if (!found) throw new Error(`fixture product ${reference} missing`);
    return found.id;
  };
  const ids = {
    equinacea: id('BT-00001'),
    valeriana: id('BT-00002'),
    propolis: id('BT-00003'),
    magnesio: id('BT-00010'),
    outOfStock: id('BT-00011'),
    noImage: id('BT-00012'),
    withdrawn: id('BT-00013'),
  };
  await db.insert(productCategories).values([
    { productId: ids.equinacea, categoryId: 3 },
    { productId: ids.equinacea, categoryId: 4 },
    { productId: ids.valeriana, categoryId: 3 },
    { productId: ids.valeriana, categoryId: 5 },
    { productId: ids.propolis, categoryId: 4 },
    { productId: ids.outOfStock, categoryId: 4 },
    { productId: ids.withdrawn, categoryId: 4 },
  ]);
  if (vegano) await db.insert(productTags).values({ productId: ids.valeriana, tagId: vegano.id });
  await db
    .insert(specialPrices)
    .values({ discountGroupId: gold.id, productId: ids.equinacea, priceCents: 1100 });
  await db.insert(volumeRules).values([
    { productId: ids.equinacea, minQuantity: 12, discountPercent: 10 },
    { productId: ids.equinacea, minQuantity: 24, discountPercent: 15 },
  ]);
  // Farmacia Límite has ordered 2.920 € this month: 80 € left under the 3.000 € cap.
  const month = madridMonth(now);
  await db.insert(orders).values({
    number: 'PW-FIXTURE-1',
    clientId: limite.id,
    userId: limiteUser.id,
    priceCents: 292_000,
    discountCents: 0,
    taxCents: 29_200,
    totalCents: 321_200,
    discounts: [],
    taxes: [{ rate: 10, base_cents: 292_000, amount_cents: 29_200 }],
    createdAt: new Date(Math.max(month.start.getTime(), now.getTime() - 60_000)),
  });
  // The laboratory's staff member, last (the ids above stay as they were).
  const [admin] = await db
    .insert(users)
    .values({ username: 'admin.demo', passwordHash: hash, name: 'Alicia Administración', role: 'admin' })
    .returning();
  if (!admin) throw new Error('fixture admin not created');
  return {
    clients: { demo: demo.id, norte: norte.id, limite: limite.id },
    salesReps: { centro: centro.id, norte: norteRep.id },
    users: {
      demo: demoUser.id,
      demoSub: demoSub?.id ?? 0,
      norte: norteUser.id,
      limite: limiteUser.id,
      comercial: comercial.id,
      admin: admin.id,
    },
    products: ids,
    categories: { ranges: 1, healthProblems: 2, plantas: 3, defensas: 4, descanso: 5 },
    tags: { vegano: vegano?.id ?? 0 },
  };
}
