/**
 * The demo data of the API server: a deterministic generator and the seeder that
 * writes it, on the first start of an empty database or from `pnpm --filter @botica/api seed`.
 */
export type {
  CartRow,
  ConfigurationRow,
  DemoData,
  DemoDataOptions,
  SettingRow,
  SpecialPriceRow,
} from './generate-demo-data.ts';
export {
  DEFAULT_PRODUCT_COUNT,
  DEFAULT_SEED,
  DEMO_CONFIGURATIONS,
  generateDemoData,
  MAX_PRODUCT_COUNT,
  MIN_PRODUCT_COUNT,
} from './generate-demo-data.ts';
export type { OrderLineRow, OrderRow, StoredDiscount, StoredTax } from './orders.ts';
export { orderNumber } from './orders.ts';
export {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_SUB_USER_PERMISSIONS,
  DEMO_SUB_USERS,
  DISCOUNT_GROUPS,
  NORTE_SUB_USER,
} from './pharmacies.ts';
export type { SeedArguments } from './seed-arguments.ts';
export { parseSeedArguments, SEED_USAGE } from './seed-arguments.ts';
export type { SeedCounts, SeedDatabaseOptions, SeedIfEmptyOptions, SeedReport } from './seed-database.ts';
export {
  hasAnyRows,
  resetIdentitySequences,
  seedDatabase,
  seedIfEmpty,
  truncateAll,
} from './seed-database.ts';
