/**
 * A sent order's e-mails on a real server: the checkout writes the pharmacy's confirmation and the
 * sales administration's notice into the outbox in its own transaction, so an order always has both
 * and a failed checkout (or a repeated one) none. They name the order, every line and quantity, the
 * amounts with VAT and recargo de equivalencia, the shop it goes to and who sent it. Run on PGlite
 * and PostgreSQL (order-mail.*.test.ts).
 */
import type { ApiClient } from '@botica/api-client';
import type { Order } from '@botica/api-client/schemas';
import { eurosToCents, formatEuros, formatPercent } from '@botica/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import type { MailEnvelope } from '../../src/mail/transports.ts';
import { testSettings } from '../../src/settings/settings.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { failure, isUnavailable, loggedIn, postgresUrl } from '../helpers.ts';
import { projectEngine } from './engine.ts';

const SALES = testSettings().laboratory.salesEmail;
/** A sub-user of farmacia.demo that may send orders: the message names who sent it. */
const MOSTRADOR = 'demo.mostrador';

/** A text with its no-break spaces made plain. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
/** Both parts of a message as one text. */
const read = (message: MailEnvelope) => plain(`${message.text}\n${message.html}`);
const euros = (amount: number) => plain(formatEuros(eurosToCents(amount)));
const percent = (rate: number) => plain(formatPercent(rate));

function orderMailSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`a sent order's e-mails on ${engine}`, () => {
    let server: TestServer;
    let ids: DemoIds;
    let api: ApiClient;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), products: 60 });
      ids = await server.demoIds();
      api = await loggedIn(server, MOSTRADOR);
    });
    afterAll(() => server?.close());

    /** The messages of a kind delivered so far, once the outbox has nothing pending. */
    async function delivered(kind: string): Promise<MailEnvelope[]> {
      for (let waited = 0; waited < 10_000; waited += 20) {
        const [pending] = await selectRows<{ count: number | string }>(
          server.database.db,
          sql`select count(*) as count from outbox where status = 'pending'`,
        );
        if (Number(pending?.count) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return server.mail.delivered.filter((message) => message.kind === kind);
    }

    /** A cart of one product at each VAT rate, above the minimum, saved for farmacia.demo. */
    async function fullCart() {
      const rows = await selectRows<{ id: number; price_cents: number }>(
        server.database.db,
        sql`select distinct on (vat_rate) id, price_cents from products
            where is_active and stock_units > 0 and price_cents <= 3000 order by vat_rate, id`,
      );
      return api.cart.save({
        products: rows.map((row) => ({ id: row.id, quantity: Math.ceil(6000 / row.price_cents) })),
      });
    }

    it('confirms an order to the pharmacy and tells the sales administration, once', async () => {
      const [pharmacy] = await selectRows<{ name: string; email: string; tax_id: string }>(
        server.database.db,
        sql`select name, email, tax_id from clients where id = ${ids.demo.clientId}`,
      );
      const [shop] = await selectRows<{ name: string; address: string }>(
        server.database.db,
        sql`select name, address from shops where client_id = ${ids.demo.clientId} and is_main`,
      );
      const [sender] = await selectRows<{ name: string }>(
        server.database.db,
        sql`select name from users where username = ${MOSTRADOR}`,
      );
      if (!pharmacy || !shop || !sender) throw new Error('demo data missing');
      const before = (await delivered('order_confirmation')).length;

      const cart = await fullCart();
      const { data: order } = await api.cart.checkout(ids.demo.clientId, cart.id, { notes: 'Por la tarde' });

      const confirmations = (await delivered('order_confirmation')).slice(before);
      expect(confirmations.map((message) => message.to)).toEqual([pharmacy.email]);
      const [confirmation] = confirmations as [MailEnvelope];
      expect(confirmation.subject).toBe(`Hemos recibido tu pedido ${order.number}`);
      const text = read(confirmation);
      expectOrder(text, order);
      expect(text).toContain(`${shop.name}, ${shop.address}`);
      expect(text).toMatch(
        new RegExp(`que ${sender.name} envió el \\d\\d/\\d\\d/\\d{4} a las \\d\\d:\\d\\d desde`),
      );
      expect(text).toContain(`(CIF/NIF ${pharmacy.tax_id})`);
      expect(text).toContain('Por la tarde');
      expect(text).toContain(`${server.url}/account/orders`);

      const notices = (await delivered('order_notice')).filter((message) =>
        message.subject.includes(order.number),
      );
      expect(notices.map((message) => message.to)).toEqual([SALES]);
      expect(notices[0]?.subject).toBe(`Nuevo pedido ${order.number}: ${pharmacy.name}`);
      expectOrder(read(notices[0] as MailEnvelope), order);

      // The same checkout again answers the order it became and writes nothing.
      await api.cart.checkout(ids.demo.clientId, cart.id);
      expect((await delivered('order_confirmation')).slice(before)).toHaveLength(1);
    });

    it('writes no e-mail for a refused checkout, and no order when its e-mail cannot be written', async () => {
      const before = server.mail.delivered.length;
      const [cheap] = await selectRows<{ id: number }>(
        server.database.db,
        sql`select id from products where is_active and stock_units > 0 and price_cents < 1000 order by id limit 1`,
      );
      const small = await api.cart.save({ products: [{ id: cheap?.id ?? 0, quantity: 1 }] });
      expect((await failure(api.cart.checkout(ids.demo.clientId, small.id))).status).toBe(422);

      const cart = await fullCart();
      const db = server.database.db;
      await db.execute(
        sql`create function refuse_order_mail() returns trigger language plpgsql as $$ begin raise exception 'the outbox refuses'; end $$`,
      );
      await db.execute(
        sql`create trigger refuse_order_mail before insert on outbox for each row execute function refuse_order_mail()`,
      );
      try {
        expect((await failure(api.cart.checkout(ids.demo.clientId, cart.id))).status).toBe(500);
      } finally {
        await db.execute(sql`drop trigger refuse_order_mail on outbox`);
        await db.execute(sql`drop function refuse_order_mail()`);
      }
      const [orders] = await selectRows<{ count: number | string }>(
        db,
        sql`select count(*) as count from orders where cart_id = ${cart.id}`,
      );
      expect(Number(orders?.count)).toBe(0);
      expect((await api.cart.get())?.id).toBe(cart.id);
      await delivered('order_notice');
      expect(server.mail.delivered.length).toBe(before);
      await api.cart.save({ products: [] });
    });
  });
}

/** The order's number, every line with its quantity and amount, and every amount of its totals. */
function expectOrder(text: string, order: Order): void {
  expect(text).toContain(order.number);
  for (const line of order.lines) {
    // A line of the text part, and a row of the HTML table.
    expect(text).toContain(
      `- ${line.name} (${line.format}), ref. ${line.reference}: ${line.quantity} × ${euros(line.unit_price)} = ${euros(line.price)}`,
    );
    expect(text).toContain(`${line.name} (${line.format}) · Ref. ${line.reference}</td>`);
  }
  expect(order.taxes).toHaveLength(3);
  for (const tax of order.taxes) {
    expect(text).toContain(`IVA ${percent(tax.rate)} sobre ${euros(tax.base)}: ${euros(tax.amount)}`);
  }
  expect(order.surcharges).toHaveLength(3);
  for (const surcharge of order.surcharges) {
    expect(text).toContain(
      `Recargo de equivalencia ${percent(surcharge.rate)} sobre ${euros(surcharge.base)}: ${euros(surcharge.amount)}`,
    );
  }
  expect(text).toContain(`Total del pedido: ${euros(order.total_price)}`);
}

orderMailSuite(projectEngine());
