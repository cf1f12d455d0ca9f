/**
 * The quick order's lookup (`POST /api/v1/products/lookup`) on a real database: references in every
 * form, Códigos Nacionales and EAN-13s resolved in the order sent with the client's prices; unknown,
 * withdrawn, mistyped and ambiguous codes named; 200 codes in one call; 401 anonymous, 403 for a
 * sales rep, 419 without the CSRF token, 422 past 200 codes or with an empty or overlong code.
 */
import {
  ErrorBodySchema,
  PRODUCT_LOOKUP_MESSAGES,
  ProductLookupResponseSchema,
  type ProductLookupResult,
  type ProductSummary,
} from '@botica/api-client/schemas';
import { eanFromNationalCode, PRODUCT_CODE_MESSAGES } from '@botica/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_LOOKUP_MESSAGES } from '../../src/catalogue/code-lookup-service.ts';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

interface DemoProduct {
  id: number;
  reference: string;
  name: string;
  national_code: string;
  ean: string;
}

function productLookupSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the quick order's lookup on ${engine}`, () => {
    let server: TestServer;
    let pharmacist: InjectSession;
    let products: DemoProduct[];

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 240 });
      pharmacist = new InjectSession(server.app);
      expect((await pharmacist.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
      products = await selectRows<DemoProduct>(
        server.database.db,
        sql`select id, reference, name, national_code, ean from products where is_active order by id`,
      );
    });
    afterAll(() => server?.close());

    const lookUp = (session: InjectSession, codes: unknown) =>
      session.request('POST', '/api/v1/products/lookup', { payload: { codes } });

    async function results(codes: string[]): Promise<ProductLookupResult[]> {
      const response = await lookUp(pharmacist, codes);
      expect(response.statusCode, response.body).toBe(200);
      return ProductLookupResponseSchema.parse(response.json()).data;
    }

    const nth = (index: number) => products[index] as DemoProduct;

    it('finds a product by its reference in every form, its CN with or without the dot, and its EAN', async () => {
      const product = nth(3);
      const digits = product.reference.replace(/\D/g, '');
      const cn = `${product.national_code.slice(0, 6)}.${product.national_code.slice(6)}`;
      const codes = [
        product.reference,
        product.reference.toLowerCase().replace('-', ' '),
        digits,
        ` ${product.reference.replace('-', '')} `,
        cn,
        product.national_code,
        product.ean,
      ];
      const found = await results(codes);
      expect(found.map((result) => result.code)).toEqual(codes);
      expect(found.map((result) => result.product?.id)).toEqual(codes.map(() => product.id));
      expect(found.map((result) => result.kind)).toEqual([
        'reference',
        'reference',
        'reference',
        'reference',
        'national_code',
        'national_code',
        'ean',
      ]);
      expect(found.every((result) => result.problem === null && result.message === null)).toBe(true);
    });

    it('answers the product as the listing shows it, with the client prices', async () => {
      const product = nth(5);
      const [found] = await results([product.reference]);
      const listing = await pharmacist.request('POST', '/api/v1/products/search', {
        payload: { text: product.reference, per_page: 1 },
      });
      const [listed] = (listing.json() as { data: ProductSummary[] }).data;
      expect(found?.product).toEqual(listed);
    });

    it('matches a reference whole, never as a prefix', async () => {
      const product = nth(0);
      const [prefix] = await results([product.reference.slice(0, -1)]);
      expect(prefix).toMatchObject({
        product: null,
        problem: 'unknown',
        message: CODE_LOOKUP_MESSAGES.unknown,
      });
    });

    it('names unknown codes and wrong check digits, and keeps the order of the codes', async () => {
      const product = nth(7);
      const wrongCn = `${product.national_code.slice(0, 6)}.${(Number(product.national_code[6]) + 1) % 10}`;
      const wrongEan = `${product.ean.slice(0, 12)}${(Number(product.ean[12]) + 1) % 10}`;
      const found = await results(['ZZ-99999', wrongCn, product.reference, wrongEan, '--', '9999999999994']);
      expect(found.map((result) => [result.problem, result.message])).toEqual([
        ['unknown', CODE_LOOKUP_MESSAGES.unknown],
        ['invalid_check_digit', PRODUCT_CODE_MESSAGES.nationalCodeCheck],
        [null, null],
        ['invalid_check_digit', PRODUCT_CODE_MESSAGES.eanCheck],
        ['unknown', CODE_LOOKUP_MESSAGES.unknown],
        ['unknown', CODE_LOOKUP_MESSAGES.unknown],
      ]);
      expect(found[1]?.kind).toBe('national_code');
      expect(found[3]?.kind).toBe('ean');
    });

    it('says a withdrawn product is no longer sold, by its name', async () => {
      const product = nth(9);
      await server.database.db.execute(sql`update products set is_active = false where id = ${product.id}`);
      try {
        const found = await results([product.reference, product.ean]);
        for (const result of found) {
          expect(result).toMatchObject({
            product: null,
            problem: 'withdrawn',
            message: CODE_LOOKUP_MESSAGES.withdrawn(product.name),
          });
        }
      } finally {
        await server.database.db.execute(sql`update products set is_active = true where id = ${product.id}`);
      }
    });

    it('calls ambiguous the digits two references share, and finds each by its whole reference', async () => {
      const product = nth(11);
      const twin = nth(12);
      const digits = product.reference.replace(/\D/g, '');
      const twinReference = `XY-${digits}`;
      const previous = twin.reference;
      await server.database.db.execute(
        sql`update products set reference = ${twinReference} where id = ${twin.id}`,
      );
      try {
        const found = await results([digits, product.reference, twinReference]);
        expect(found[0]).toMatchObject({
          product: null,
          problem: 'ambiguous',
          message: CODE_LOOKUP_MESSAGES.ambiguous(2),
        });
        expect(found[1]?.product?.id).toBe(product.id);
        expect(found[2]?.product?.id).toBe(twin.id);
      } finally {
        await server.database.db.execute(
          sql`update products set reference = ${previous} where id = ${twin.id}`,
        );
      }
    });

    it('finds a medicine by the CN inside its EAN when only the CN is on file', async () => {
      const product = nth(13);
      await server.database.db.execute(sql`update products set ean = null where id = ${product.id}`);
      try {
        const [found] = await results([eanFromNationalCode(product.national_code) as string]);
        expect(found?.product?.id).toBe(product.id);
      } finally {
        await server.database.db.execute(
          sql`update products set ean = ${product.ean} where id = ${product.id}`,
        );
      }
    });

    it('resolves 200 codes of every kind in one call, in order', async () => {
      expect(products.length).toBeGreaterThanOrEqual(200);
      const kinds = ['reference', 'national_code', 'ean'] as const;
      const codes = products.slice(0, 200).map((product, index) => {
        const kind = kinds[index % 3];
        return kind === 'reference'
          ? product.reference
          : kind === 'national_code'
            ? product.national_code
            : product.ean;
      });
      const found = await results(codes);
      expect(found).toHaveLength(200);
      expect(found.map((result) => result.product?.id)).toEqual(
        products.slice(0, 200).map((product) => product.id),
      );
      expect(found.map((result) => result.kind)).toEqual(codes.map((_, index) => kinds[index % 3]));
    });

    it('refuses more than 200 codes, none, an empty code and an overlong one, in Spanish', async () => {
      const tooMany = await lookUp(
        pharmacist,
        Array.from({ length: 201 }, (_, index) => `BT-${index}`),
      );
      expect(tooMany.statusCode).toBe(422);
      expect(ErrorBodySchema.parse(tooMany.json()).errors).toEqual({
        codes: [PRODUCT_LOOKUP_MESSAGES.tooMany],
      });
      const none = await lookUp(pharmacist, []);
      expect(none.statusCode).toBe(422);
      expect(ErrorBodySchema.parse(none.json()).errors).toEqual({ codes: [PRODUCT_LOOKUP_MESSAGES.none] });
      const bad = await lookUp(pharmacist, ['BT-1', '', 'x'.repeat(41)]);
      expect(bad.statusCode).toBe(422);
      const body = ErrorBodySchema.parse(bad.json());
      expect(body.message).toMatch(/\S/);
      expect(body.errors).toEqual({
        'codes.1': [PRODUCT_LOOKUP_MESSAGES.codeRequired],
        'codes.2': [PRODUCT_LOOKUP_MESSAGES.codeTooLong],
      });
      const notAList = await lookUp(pharmacist, 'BT-1');
      expect(notAList.statusCode).toBe(422);
    });

    it("refuses a call without the session's CSRF token (419), and takes it with it", async () => {
      const other = new InjectSession(server.app);
      await other.csrf();
      for (const csrf of [false, 'not-the-token', other.csrfToken ?? 'x']) {
        const refused = await pharmacist.request('POST', '/api/v1/products/lookup', {
          payload: { codes: ['BT-1'] },
          csrf,
        });
        expect(refused.statusCode).toBe(419);
        expect(ErrorBodySchema.parse(refused.json()).message).toMatch(/\S/);
      }
      expect((await lookUp(pharmacist, ['BT-1'])).statusCode).toBe(200);
    });

    it('is for clients only: 401 without a session, 403 for a sales rep', async () => {
      const visitor = new InjectSession(server.app);
      await visitor.csrf();
      const anonymous = await lookUp(visitor, ['BT-1']);
      expect(anonymous.statusCode).toBe(401);
      expect(ErrorBodySchema.parse(anonymous.json()).message).toMatch(/\S/);
      const rep = new InjectSession(server.app);
      expect((await rep.login(DEMO_ACCOUNTS.comercial)).statusCode).toBe(200);
      const staff = await lookUp(rep, ['BT-1']);
      expect(staff.statusCode).toBe(403);
      expect(ErrorBodySchema.parse(staff.json()).message).toMatch(/\S/);
    });
  });
}

productLookupSuite(projectEngine());
