import { loadavg } from 'node:os';
import {
  CATEGORY_TREE_HEALTH_PROBLEMS,
  CATEGORY_TREE_RANGES,
  cartTotals,
  centsToEuros,
  isValidCif,
  isValidNif,
  madridMonth,
  parseConfiguration,
  type VatRate,
} from '@botica/domain';
import { describe, expect, it } from 'vitest';
import { type DemoData, generateDemoData } from './generate-demo-data.ts';
import { DEMO_ACCOUNTS, DEMO_SUB_USERS, NORTE_SUB_USER } from './pharmacies.ts';

const NOW = new Date('2026-03-18T10:15:00Z');
const HASH = 'scrypt$test-hash';

function generate(options: Partial<Parameters<typeof generateDemoData>[0]> = {}): DemoData {
  return generateDemoData({ products: 320, seed: 2026, now: NOW, passwordHash: HASH, ...options });
}

const data = generate();
const cap = parseConfiguration(data.configurations).maximumPurchasePerMonthCents;

function userNamed(username: string) {
  const user = data.users.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`no user ${username}`);
  return user;
}

function monthTotals(source: DemoData, clientId: number, now: Date) {
  const month = madridMonth(now);
  const orders = source.orders.filter(
    (order) => order.clientId === clientId && order.createdAt >= month.start && order.createdAt < month.end,
  );
  return {
    orders,
    priceCents: orders.reduce((sum, order) => sum + order.priceCents, 0),
    totalCents: orders.reduce((sum, order) => sum + order.totalCents, 0),
  };
}

describe('generateDemoData', () => {
  it('is deterministic: the same seed and now give the same data, another seed other data', () => {
    expect(generate()).toEqual(data);
    const other = generate({ seed: 7 });
    expect(other.products.map((product) => product.name)).not.toEqual(data.products.map((p) => p.name));
    expect(generate({ seed: 'botica' })).toEqual(generate({ seed: 'botica' }));
  });

  it('fills every table but sessions, with the demo configuration and no settings or carts', () => {
    expect(data.products).toHaveLength(320);
    expect(data.configurations).toEqual([
      { key: 'order_minimum_amount', value: '150' },
      { key: 'maximum_purchase_per_month', value: '3000' },
    ]);
    expect(data.settings).toEqual([]);
    expect(data.carts).toEqual([]);
    for (const key of ['salesReps', 'discountGroups', 'clients', 'users', 'categories', 'tags'] as const) {
      expect(data[key].length).toBeGreaterThan(0);
    }
    expect(data.specialPrices.length).toBeGreaterThan(0);
    expect(data.volumeRules.length).toBeGreaterThan(0);
    expect(data.orders.length).toBeGreaterThan(100);
  });

  it('roots the ranges at category 1 and the health problems at category 2', () => {
    const roots = data.categories.filter((category) => category.parentId === null);
    expect(roots.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: CATEGORY_TREE_RANGES, name: 'Gamas' },
      { id: CATEGORY_TREE_HEALTH_PROBLEMS, name: 'Problemas de salud' },
    ]);
    const children = data.categories.filter((category) => category.parentId !== null);
    expect(children.every((category) => category.parentId === 1 || category.parentId === 2)).toBe(true);
    expect(children.filter((category) => category.parentId === 1).length).toBeGreaterThanOrEqual(10);
    expect(children.filter((category) => category.parentId === 2).length).toBeGreaterThanOrEqual(12);
    expect(new Set(data.categories.map((category) => category.slug)).size).toBe(data.categories.length);
    expect(new Set(data.tags.map((tag) => tag.slug)).size).toBe(data.tags.length);
    expect(data.tags.length).toBeGreaterThanOrEqual(12);
  });

  it('gives every product a unique reference and slug, one range and one to three health problems', () => {
    const references = data.products.map((product) => product.reference);
    expect(new Set(references).size).toBe(references.length);
    expect(references.every((reference) => /^BT-\d{5}$/.test(reference))).toBe(true);
    expect(new Set(data.products.map((product) => product.slug)).size).toBe(data.products.length);
    // No two products share a name: the same product in another pack size says which in its name.
    expect(new Set(data.products.map((product) => product.name)).size).toBe(data.products.length);

    const parentOf = new Map(data.categories.map((category) => [category.id, category.parentId]));
    const links = new Map<number, number[]>();
    for (const link of data.productCategories) {
      links.set(link.productId, [...(links.get(link.productId) ?? []), link.categoryId]);
    }
    for (const product of data.products) {
      const parents = (links.get(product.id) ?? []).map((id) => parentOf.get(id));
      expect(parents.filter((parent) => parent === CATEGORY_TREE_RANGES)).toHaveLength(1);
      const problems = parents.filter((parent) => parent === CATEGORY_TREE_HEALTH_PROBLEMS).length;
      expect(problems).toBeGreaterThanOrEqual(1);
      expect(problems).toBeLessThanOrEqual(3);
      expect(parents).toHaveLength(1 + problems);
    }
  });

  it('prices, taxes, stocks and illustrates the products plausibly', () => {
    for (const product of data.products) {
      expect(product.priceCents).toBeGreaterThanOrEqual(300);
      expect(product.priceCents).toBeLessThanOrEqual(6000);
      expect([4, 10, 21]).toContain(product.vatRate);
      expect(product.stockUnits).toBeGreaterThanOrEqual(0);
      expect(product.imageHue).toBeGreaterThanOrEqual(0);
      expect(product.imageHue).toBeLessThan(360);
      expect(product.imageCount).toBeLessThanOrEqual(3);
      expect(product.format).toMatch(/^\d+ [\p{Ll} ]+$/u);
      const sentences = product.description.split(/(?<=\.)\s+(?=[A-ZÁÉÍÓÚ])/).length;
      expect(sentences).toBeGreaterThanOrEqual(2);
      expect(sentences).toBeLessThanOrEqual(4);
      expect(product.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    const share = (test: (product: DemoData['products'][number]) => boolean) =>
      data.products.filter(test).length / data.products.length;
    expect(share((product) => product.stockUnits === 0)).toBeGreaterThan(0.01);
    expect(share((product) => product.stockUnits === 0)).toBeLessThan(0.1);
    expect(share((product) => product.stockUnits > 0 && product.stockUnits < 10)).toBeGreaterThan(0.04);
    expect(share((product) => product.imageCount === 0)).toBeGreaterThan(0.01);
    expect(share((product) => product.imageCount === 0)).toBeLessThan(0.1);
    expect(share((product) => product.isFeatured === true)).toBeGreaterThan(0.01);
    expect(share((product) => product.vatRate === 10)).toBeGreaterThan(0.7);
    expect(share((product) => product.vatRate === 21)).toBeGreaterThan(0.03);
    expect(share((product) => product.vatRate === 4)).toBeGreaterThan(0.005);
  });

  it('prices the special prices below the price and steps the volume tiers up', () => {
    const price = new Map(data.products.map((product) => [product.id, product.priceCents]));
    for (const special of data.specialPrices) {
      expect(special.priceCents).toBeGreaterThan(0);
      expect(special.priceCents).toBeLessThan(price.get(special.productId) as number);
    }
    const tiers = new Map<number, { minQuantity: number; discountPercent: number }[]>();
    for (const rule of data.volumeRules)
      tiers.set(rule.productId, [...(tiers.get(rule.productId) ?? []), rule]);
    expect(tiers.size / data.products.length).toBeGreaterThan(0.2);
    expect(tiers.size / data.products.length).toBeLessThan(0.4);
    for (const rules of tiers.values()) {
      expect(rules.length).toBeGreaterThanOrEqual(2);
      expect(rules.length).toBeLessThanOrEqual(3);
      for (let index = 1; index < rules.length; index += 1) {
        const [before, after] = [rules[index - 1], rules[index]] as const;
        expect(after?.minQuantity).toBeGreaterThan(before?.minQuantity as number);
        expect(after?.discountPercent).toBeGreaterThan(before?.discountPercent as number);
      }
    }
  });

  it('gives every pharmacy a valid CIF or NIF and unique codes', () => {
    expect(data.clients.length).toBeGreaterThanOrEqual(10);
    for (const client of data.clients) {
      expect(isValidCif(client.taxId) || isValidNif(client.taxId)).toBe(true);
      expect(client.name).toMatch(/^Farmacia Ld[oa]\. /);
      expect(client.phone).toMatch(/^9\d{2} \d{3} \d{3}$/);
      expect(client.postalCode).toMatch(/^\d{5}$/);
    }
    expect(new Set(data.clients.map((client) => client.taxId)).size).toBe(data.clients.length);
    expect(new Set(data.clients.map((client) => client.erpCode)).size).toBe(data.clients.length);
    expect(new Set(data.users.map((user) => user.username)).size).toBe(data.users.length);
    expect(data.users.every((user) => user.passwordHash === HASH)).toBe(true);
  });

  it('has the four demo accounts, with their roles, clients and sub-users', () => {
    const demo = userNamed(DEMO_ACCOUNTS.demo);
    const norte = userNamed(DEMO_ACCOUNTS.norte);
    const limite = userNamed(DEMO_ACCOUNTS.limite);
    const comercial = userNamed(DEMO_ACCOUNTS.comercial);
    for (const user of [demo, norte, limite]) {
      expect(user.role).toBe('client');
      expect(user.parentUserId).toBeNull();
      expect(user.clientId).not.toBeNull();
    }
    expect(new Set([demo.clientId, norte.clientId, limite.clientId]).size).toBe(3);
    expect(comercial.role).toBe('sales_rep');
    expect(comercial.clientId).toBeNull();
    // The sales rep sees his zone's pharmacies in the back office: farmacia.demo's, not farmacia.norte's.
    const clientOf = (user: { clientId?: number | null }) =>
      data.clients.find((client) => client.id === user.clientId);
    expect(comercial.salesRepId).toBe(clientOf(demo)?.salesRepId);
    expect(clientOf(norte)?.salesRepId).not.toBe(comercial.salesRepId);

    const demoClient = data.clients.find((client) => client.id === demo.clientId);
    const group = data.discountGroups.find((candidate) => candidate.id === demoClient?.discountGroupId);
    expect(group?.name).toBe('Farmacias Oro');
    expect(group?.discountPercent).toBeGreaterThan(0);

    const subUsers = data.users.filter((user) => user.parentUserId === demo.id);
    expect(subUsers.map((user) => user.username)).toEqual([...DEMO_SUB_USERS]);
    expect(subUsers.length).toBeGreaterThanOrEqual(2);
    for (const user of subUsers) {
      expect(user.role).toBe('client');
      expect(user.clientId).toBe(demo.clientId);
    }
    // Permissions: one sub-user that may not send orders, one that may not see invoices.
    const permissions = subUsers.map((user) => [user.username, user.canSendOrders, user.canViewInvoices]);
    expect(permissions).toEqual([
      ['demo.mostrador', true, true],
      ['demo.almacen', false, true],
      ['demo.tarde', true, false],
    ]);
    const norteSubUsers = data.users.filter((user) => user.parentUserId === norte.id);
    expect(norteSubUsers.map((user) => [user.username, user.clientId, user.canSendOrders])).toEqual([
      [NORTE_SUB_USER, norte.clientId, false],
    ]);
    // Shops: the main premises first, at the registered address; farmacia.demo has three, norte two.
    const shopsOf = (clientId: number | null | undefined) =>
      data.shops.filter((shop) => shop.clientId === clientId);
    expect(shopsOf(demo.clientId)).toHaveLength(3);
    expect(shopsOf(norte.clientId)).toHaveLength(2);
    for (const client of data.clients) {
      const [main, ...others] = shopsOf(client.id);
      expect(main).toMatchObject({ isMain: true, address: client.address, city: client.city });
      for (const other of others) expect(other).toMatchObject({ isMain: false, city: client.city });
    }

    const ordersOf = (clientId: number | null | undefined) =>
      data.orders.filter((order) => order.clientId === clientId).length;
    expect(ordersOf(demo.clientId)).toBeGreaterThanOrEqual(30);
    expect(ordersOf(norte.clientId)).toBeGreaterThanOrEqual(5);
  });

  it('puts every pharmacy but farmacia.limite in the regime of recargo de equivalencia, and its orders too', () => {
    const limite = userNamed(DEMO_ACCOUNTS.limite).clientId;
    for (const client of data.clients) expect(client.recargoEquivalencia).toBe(client.id !== limite);
    const demo = userNamed(DEMO_ACCOUNTS.demo).clientId;
    const demoOrders = data.orders.filter((order) => order.clientId === demo);
    expect(demoOrders.every((order) => order.surcharges.length === order.taxes.length)).toBe(true);
    expect(demoOrders.some((order) => order.surcharges.some((line) => line.amount_cents > 0))).toBe(true);
    const limiteOrders = data.orders.filter((order) => order.clientId === limite);
    expect(limiteOrders.length).toBeGreaterThan(0);
    for (const order of limiteOrders) {
      expect(order.recargoEquivalencia).toBe(false);
      expect(order.surcharges).toEqual([]);
    }
  });

  it.each([
    ['mid-month', NOW],
    ['an hour into the month in Madrid', new Date('2026-03-31T23:00:00Z')],
    ['the first minutes of the month in Madrid', new Date('2026-10-31T23:05:00Z')],
    ['the last minute of the month', new Date('2026-12-31T22:59:00Z')],
  ])('leaves farmacia.limite under 100 € of the cap this month (%s)', (_, now) => {
    const source = now === NOW ? data : generate({ now });
    const limite = source.users.find((user) => user.username === DEMO_ACCOUNTS.limite);
    const month = monthTotals(source, limite?.clientId as number, now);
    for (const amount of [month.priceCents, month.totalCents]) {
      expect(amount).toBeGreaterThan(cap - 10_000);
      expect(amount).toBeLessThan(cap);
    }
    for (const order of month.orders) {
      expect(order.createdAt.getTime()).toBeGreaterThanOrEqual(madridMonth(now).start.getTime());
      expect(order.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(order.status).not.toBe('cancelled');
    }
    const demo = source.users.find((user) => user.username === DEMO_ACCOUNTS.demo);
    expect(monthTotals(source, demo?.clientId as number, now).totalCents).toBeLessThanOrEqual(cap / 2);
  });

  it('keeps every pharmacy within the cap in every month', () => {
    const spent = new Map<string, number>();
    for (const order of data.orders) {
      const key = `${order.clientId}|${madridMonth(order.createdAt).key}`;
      spent.set(key, (spent.get(key) ?? 0) + Math.max(order.totalCents, order.priceCents));
    }
    for (const amount of spent.values()) expect(amount).toBeLessThan(cap);
  });

  it('stores every order with the totals cartTotals gives for its lines, discount and special prices', () => {
    const products = new Map(data.products.map((product) => [product.id, product]));
    const clients = new Map(data.clients.map((client) => [client.id, client]));
    const groups = new Map(data.discountGroups.map((group) => [group.id, group]));
    const specials = new Map(
      data.specialPrices.map((row) => [`${row.discountGroupId}|${row.productId}`, row.priceCents]),
    );
    const users = new Map(data.users.map((user) => [user.id, user]));
    const linesOf = new Map<number, DemoData['orderLines']>();
    for (const line of data.orderLines)
      linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), line]);
    const yearAgo = NOW.getTime() - 366 * 86_400_000;

    let previous = 0;
    for (const order of data.orders) {
      expect(order.number).toMatch(/^PW-20\d{2}-\d{6}$/);
      expect(order.number.endsWith(String(order.id).padStart(6, '0'))).toBe(true);
      expect(order.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(order.createdAt.getTime()).toBeGreaterThan(yearAgo);
      expect(order.createdAt.getTime()).toBeGreaterThanOrEqual(previous);
      previous = order.createdAt.getTime();
      expect(users.get(order.userId as number)?.clientId).toBe(order.clientId);
      expect(order.priceCents).toBeGreaterThanOrEqual(15_000);

      const group = groups.get(clients.get(order.clientId)?.discountGroupId as number);
      const lines = linesOf.get(order.id) ?? [];
      expect(lines.length).toBeGreaterThan(0);
      for (const [position, line] of lines.entries()) {
        const product = products.get(line.productId);
        expect(line.position).toBe(position);
        expect(line.reference).toBe(product?.reference);
        expect(line.vatRate).toBe(product?.vatRate);
        expect(line.unitPriceCents).toBe(
          specials.get(`${group?.id}|${line.productId}`) ?? product?.priceCents,
        );
      }
      const totals = cartTotals(
        lines.map((line) => ({
          product: { price: centsToEuros(line.unitPriceCents), vat_rate: line.vatRate as VatRate },
          quantity: line.quantity,
        })),
        group && group.discountPercent > 0
          ? [{ group_name: group.name, discount_percent: group.discountPercent }]
          : [],
        { equivalenceSurcharge: clients.get(order.clientId)?.recargoEquivalencia === true },
      );
      expect(order).toMatchObject({
        priceCents: totals.priceCents,
        discountCents: totals.discountCents,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
        discounts: totals.discounts.map((line) => ({
          group_name: line.groupName,
          discount_percent: line.discountPercent,
          amount_cents: line.amountCents,
        })),
        taxes: totals.vat.map((line) => ({
          rate: line.rate,
          base_cents: line.baseCents,
          amount_cents: line.amountCents,
        })),
        recargoEquivalencia: clients.get(order.clientId)?.recargoEquivalencia,
        surcharges: totals.surcharges.map((line) => ({
          vat_rate: line.vatRate,
          rate: line.rate,
          base_cents: line.baseCents,
          amount_cents: line.amountCents,
        })),
      });
      expect(lines.map((line) => [line.priceCents, line.netCents])).toEqual(
        totals.lines.map((line) => [line.priceCents, line.netCents]),
      );
    }
    const statuses = new Set(data.orders.map((order) => order.status));
    expect(statuses).toContain('delivered');
    const recent = data.orders.filter((order) => NOW.getTime() - order.createdAt.getTime() < 36 * 3_600_000);
    expect(recent.every((order) => order.status === 'received' || order.status === 'processing')).toBe(true);
  });

  describe('documents', () => {
    const clientOf = (username: string) => userNamed(username).clientId as number;
    const orders = new Map(data.orders.map((order) => [order.id, order]));

    it('ships, invoices and refunds farmacia.demo, farmacia.norte and the others, each their own', () => {
      for (const username of [DEMO_ACCOUNTS.demo, DEMO_ACCOUNTS.norte, DEMO_ACCOUNTS.limite]) {
        const clientId = clientOf(username);
        expect(data.shipments.filter((row) => row.clientId === clientId).length, username).toBeGreaterThan(5);
        expect(
          data.invoices.filter((row) => row.clientId === clientId && row.kind === 'invoice').length,
        ).toBeGreaterThan(5);
      }
      expect(
        data.invoices.some((row) => row.kind === 'refund' && row.clientId === clientOf(DEMO_ACCOUNTS.demo)),
      ).toBe(true);
      for (const row of [...data.shipments, ...data.invoices]) {
        expect(orders.get(row.orderId)?.clientId).toBe(row.clientId);
      }
    });

    it('ships only orders that left, never more units than ordered, after the order and before now', () => {
      const shipped = new Map<string, number>();
      for (const shipment of data.shipments) {
        const order = orders.get(shipment.orderId);
        expect(['shipped', 'delivered']).toContain(order?.status);
        expect(shipment.shippedAt.getTime()).toBeGreaterThan(order?.createdAt.getTime() ?? 0);
        expect(shipment.shippedAt.getTime()).toBeLessThan(NOW.getTime());
        if (shipment.deliveredAt)
          expect(shipment.deliveredAt.getTime()).toBeGreaterThan(shipment.shippedAt.getTime());
        for (const line of data.shipmentLines.filter((row) => row.shipmentId === shipment.id)) {
          const key = `${shipment.orderId}:${line.productId}`;
          shipped.set(key, (shipped.get(key) ?? 0) + line.quantity);
        }
      }
      for (const line of data.orderLines) {
        const sent = shipped.get(`${line.orderId}:${line.productId}`);
        if (sent !== undefined) expect(sent).toBe(line.quantity);
      }
    });

    it("bills each shipped order once, the invoice's amounts and lines exactly the order's", () => {
      const invoices = data.invoices.filter((row) => row.kind === 'invoice');
      expect(new Set(invoices.map((row) => row.orderId)).size).toBe(invoices.length);
      for (const invoice of invoices) {
        const order = orders.get(invoice.orderId);
        expect(invoice).toMatchObject({
          priceCents: order?.priceCents,
          discountCents: order?.discountCents,
          taxCents: order?.taxCents,
          totalCents: order?.totalCents,
          taxes: order?.taxes,
          surcharges: order?.surcharges,
          recargoEquivalencia: order?.recargoEquivalencia,
        });
        const lines = data.invoiceLines.filter((row) => row.invoiceId === invoice.id);
        const ordered = data.orderLines.filter((row) => row.orderId === invoice.orderId);
        expect(lines.map((row) => [row.productId, row.quantity, row.netCents])).toEqual(
          ordered.map((row) => [row.productId, row.quantity, row.netCents]),
        );
      }
    });

    it('prices each refund with cartTotals on part of its invoice, issued after it', () => {
      const refunds = data.invoices.filter((row) => row.kind === 'refund');
      expect(refunds.length).toBeGreaterThan(3);
      for (const refund of refunds) {
        const invoice = data.invoices.find((row) => row.id === refund.correctsId);
        expect(invoice?.kind).toBe('invoice');
        expect(refund.orderId).toBe(invoice?.orderId);
        expect(refund.issuedAt.getTime()).toBeGreaterThan(invoice?.issuedAt.getTime() ?? 0);
        expect(refund.totalCents).toBeLessThan(invoice?.totalCents ?? 0);
        const lines = data.invoiceLines.filter((row) => row.invoiceId === refund.id);
        const invoiced = data.invoiceLines.filter((row) => row.invoiceId === invoice?.id);
        for (const line of lines) {
          expect(line.quantity).toBeLessThanOrEqual(
            invoiced.find((row) => row.productId === line.productId)?.quantity ?? 0,
          );
        }
        const totals = cartTotals(
          lines.map((line) => ({
            product: {
              price: centsToEuros(line.unitPriceCents),
              final_price: centsToEuros(line.unitPriceCents),
              vat_rate: line.vatRate as VatRate,
            },
            quantity: line.quantity,
          })),
          invoice?.discounts.map((line) => ({
            group_name: line.group_name,
            discount_percent: line.discount_percent,
          })) ?? [],
          { equivalenceSurcharge: refund.recargoEquivalencia },
        );
        expect([refund.priceCents, refund.discountCents, refund.taxCents, refund.totalCents]).toEqual([
          totals.priceCents,
          totals.discountCents,
          totals.taxCents,
          totals.totalCents,
        ]);
      }
    });

    it('numbers invoices, refunds and delivery notes consecutively per series and year, in order of issue', () => {
      for (const series of ['F', 'R']) {
        const rows = data.invoices.filter((row) => row.series === series);
        const byYear = new Map<number, typeof rows>();
        for (const row of rows) byYear.set(row.year, [...(byYear.get(row.year) ?? []), row]);
        for (const [year, list] of byYear) {
          expect(list.map((row) => row.sequence)).toEqual(list.map((_, index) => index + 1));
          expect(list[0]?.number).toBe(`${series}${year}-000001`);
          const times = list.map((row) => row.issuedAt.getTime());
          expect([...times].sort((a, b) => a - b)).toEqual(times);
        }
      }
      expect(new Set(data.shipments.map((row) => row.deliveryNote)).size).toBe(data.shipments.length);
    });
  });

  it('refuses a product count out of range and an invalid now', () => {
    expect(() => generate({ products: 10 })).toThrow(RangeError);
    expect(() => generate({ products: 1.5 })).toThrow(RangeError);
    expect(() => generate({ now: new Date(Number.NaN) })).toThrow(RangeError);
  });

  it('scales to 20,000 unique products', () => {
    const started = performance.now();
    const large = generate({ products: 20_000 });
    const elapsed = performance.now() - started;
    expect(large.products).toHaveLength(20_000);
    expect(new Set(large.products.map((product) => product.reference)).size).toBe(20_000);
    expect(new Set(large.products.map((product) => product.slug)).size).toBe(20_000);
    expect(new Set(large.products.map((product) => product.name)).size).toBe(20_000);
    const outOfStock = large.products.filter((product) => product.stockUnits === 0).length / 20_000;
    expect(outOfStock).toBeGreaterThan(0.04);
    expect(outOfStock).toBeLessThan(0.06);
    // A figure, not a bound: speed is measured by the benchmarks, never asserted on a shared machine.
    console.info(
      `generate({ products: 20_000 }): ${Math.round(elapsed)} ms, load average ${loadavg()[0]?.toFixed(2)}`,
    );
  });
});

describe('the demo survey and messages', () => {
  const at = (date: Date | string | undefined) => new Date(date ?? 0).getTime();

  it('has one survey open now and one closed, with every kind of question', () => {
    const open = data.surveys.filter((s) => at(s.opensAt) <= NOW.getTime() && NOW.getTime() < at(s.closesAt));
    const closed = data.surveys.filter((s) => at(s.closesAt) <= NOW.getTime());
    expect(open).toHaveLength(1);
    expect(closed).toHaveLength(1);
    const kinds = data.surveyQuestions.filter((q) => q.surveyId === open[0]?.id).map((q) => q.kind);
    expect(new Set(kinds)).toEqual(new Set(['single', 'multiple', 'rating', 'text']));
    expect(new Set(data.surveyQuestions.map((q) => q.id)).size).toBe(data.surveyQuestions.length);
  });

  it('has an active recall and holiday closure and an expired message, plain text only', () => {
    const active = data.labMessages.filter(
      (m) => at(m.startsAt) <= NOW.getTime() && NOW.getTime() < at(m.endsAt),
    );
    expect(active.map((m) => m.kind)).toEqual(expect.arrayContaining(['recall', 'holiday']));
    expect(data.labMessages.some((m) => at(m.endsAt) <= NOW.getTime())).toBe(true);
    expect(data.labMessages.every((m) => !/[<>]/.test(m.body))).toBe(true);
    expect(data.labMessages[0]?.body).toContain(data.products[0]?.reference);
  });
});

describe('the demo text', () => {
  it("contracts 'de el' and 'a el' and never writes two periods, in every table", () => {
    const text = JSON.stringify({ ...data, trainingFiles: [] });
    expect(text.match(/\b[Dd]e el\b.{0,20}/g) ?? []).toEqual([]);
    expect(text.match(/(?<!\p{L})[Aa] el\b.{0,20}/gu) ?? []).toEqual([]);
    expect(text.match(/.{0,20}[^.]\.\.(?!\.)/g) ?? []).toEqual([]);
  });
});
