import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreContext } from '../context.ts';
import { type OpenDatabase, openDatabase } from '../db/database.ts';
import { testSettings } from '../settings/settings.ts';
import {
  claimServerSetting,
  listConfigurations,
  orderConfiguration,
  orderConfigurationProblem,
  serverSetting,
  setOrderRule,
} from './configuration-service.ts';

describe('the configurations module', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
  });
  afterAll(() => database.close());
  const context = (): CoreContext => ({ db: database.db, settings: testSettings(), now: () => new Date() });

  it('gives the order rules safe first values from the migrations: no minimum, a cap of 10.000 € a month', async () => {
    expect(await listConfigurations(context())).toEqual([
      { key: 'maximum_purchase_per_month', value: '10000' },
      { key: 'order_minimum_amount', value: '0' },
    ]);
    expect(await orderConfiguration(context())).toEqual({
      orderMinimumAmountCents: 0,
      maximumPurchasePerMonthCents: 1_000_000,
    });
    expect(await orderConfigurationProblem(context())).toBeNull();
  });

  it('sets an order rule to an amount in euros as es-ES writes it, and refuses anything else', async () => {
    expect(await setOrderRule(context(), 'order_minimum_amount', ' 150,50 ')).toEqual({
      ok: true,
      value: '150.5',
    });
    expect(await setOrderRule(context(), 'maximum_purchase_per_month', '3000')).toEqual({
      ok: true,
      value: '3000',
    });
    expect(await setOrderRule(context(), 'maximum_purchase_per_month', '1.500,00')).toEqual({
      ok: true,
      value: '1500',
    });
    for (const wrong of ['-5', '12,345', 'mil', ''])
      expect(await setOrderRule(context(), 'order_minimum_amount', wrong)).toMatchObject({ ok: false });
    // Never a minimum above the cap.
    expect(await setOrderRule(context(), 'order_minimum_amount', '1.500,01')).toEqual({
      ok: false,
      problem: 'the minimum order cannot exceed the monthly cap',
    });
    expect(await setOrderRule(context(), 'maximum_purchase_per_month', '3000')).toMatchObject({ ok: true });
    expect(await orderConfiguration(context())).toEqual({
      orderMinimumAmountCents: 15_050,
      maximumPurchasePerMonthCents: 300_000,
    });
  });

  it('names the order rule that is missing, and a set brings it back', async () => {
    await database.db.execute(sql`delete from configurations where key = 'order_minimum_amount'`);
    expect((await orderConfigurationProblem(context()))?.key).toBe('order_minimum_amount');
    await setOrderRule(context(), 'order_minimum_amount', '0');
    expect(await orderConfigurationProblem(context())).toBeNull();
  });

  it('creates a claimed server setting at the first claim and keeps it at the next ones', async () => {
    expect(await serverSetting(context(), 'claimed_key')).toBeUndefined();
    const claims = await Promise.all(
      ['first', 'second'].map((value) => claimServerSetting(context(), 'claimed_key', value)),
    );
    expect(new Set(claims).size).toBe(1);
    expect(await claimServerSetting(context(), 'claimed_key', 'third')).toBe(claims[0]);
    expect(await serverSetting(context(), 'claimed_key')).toBe(claims[0]);
  });
});
