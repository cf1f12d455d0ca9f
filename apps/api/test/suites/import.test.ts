/**
 * The CSV import (src/import) on an empty, migrated database without demo data: the samples of
 * import-samples/ in the documented order, their rows, a second import that changes nothing (the
 * pricing epoch included), the dry run, the rejected rows, and an imported pharmacist who, once given
 * a password, logs in and finds an imported product through the search box.
 */
import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { approveRegistration } from '../../src/access/registrations-service.ts';
import { hashPassword } from '../../src/accounts/password.ts';
import { buildApp } from '../../src/app.ts';
import { selectRows } from '../../src/db/database.ts';
import { clients, products, registrationRequests, users } from '../../src/db/schema.ts';
import { cifFor } from '../../src/demo-data/tax-ids.ts';
import {
  formatImportReport,
  ImportFileError,
  type ImportKindName,
  type ImportReport,
  importCsv,
  rejectionsCsv,
} from '../../src/import/index.ts';
import { testSettings } from '../../src/settings/settings.ts';
import { type Engine, openTestDatabase, type TestDatabase } from '../../src/testing/test-database.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

const SAMPLES: readonly [ImportKindName, string, number][] = [
  ['categories', 'categorias.csv', 7],
  ['products', 'productos.csv', 6],
  ['discount-groups', 'grupos-descuento.csv', 4],
  ['special-prices', 'precios-especiales.csv', 3],
  ['sales-reps', 'comerciales.csv', 2],
  ['clients', 'clientes.csv', 3],
  ['users', 'usuarios.csv', 5],
];

const sample = (name: string) => readFile(new URL(`../../import-samples/${name}`, import.meta.url));

const counts = (report: ImportReport) => ({
  read: report.read,
  created: report.created,
  updated: report.updated,
  unchanged: report.unchanged,
  rejected: report.rejected,
});

async function epoch(database: TestDatabase): Promise<number> {
  const [row] = await selectRows<{ epoch: string | number }>(
    database.db,
    sql`select epoch from pricing_epoch`,
  );
  return Number(row?.epoch);
}

async function search(session: InjectSession, query: string): Promise<string[]> {
  const response = await session.request('POST', '/api/v1/search', { payload: { query, page: 0 } });
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { hits: { reference: string }[] }).hits.map((hit) => hit.reference);
}

function importSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`CSV import on ${engine}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;

    beforeAll(async () => {
      database = await openTestDatabase(engine, postgresUrl());
      app = await buildApp({
        db: database.db,
        // The answer cache on: an import must never leave it stale.
        settings: testSettings({ logLevel: 'warn' }),
        now: () => new Date(),
      });
      await app.ready();
    });

    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it('imports every sample into an empty database, in the documented order', async () => {
      const [{ count }] = (await selectRows<{ count: number | string }>(
        database.db,
        sql`select count(*) as count from users`,
      )) as [{ count: number | string }];
      expect(Number(count)).toBe(0);
      for (const [kind, file, rows] of SAMPLES) {
        const report = await importCsv(database.db, kind, await sample(file));
        expect(report.rejections, `${kind}: ${file}`).toEqual([]);
        expect(counts(report), kind).toEqual({
          read: rows,
          created: rows,
          updated: 0,
          unchanged: 0,
          rejected: 0,
        });
        expect(report.applied).toBe(true);
      }
    });

    it('stores the rows as the files say: cents, tax ids, links, tiers, groups and sub-users', async () => {
      const [equinacea] = await database.db.select().from(products).where(eq(products.reference, 'BT-20001'));
      expect(equinacea).toMatchObject({
        name: 'Equinácea Forte',
        description: 'Complemento alimenticio a base de equinácea; con vitamina C.\nTomar 1 cápsula al día.',
        format: '60 cápsulas',
        priceCents: 1250,
        vatRate: 10,
        stockUnits: 240,
        isActive: true,
        isFeatured: true,
        imageCount: 0,
      });
      const links = await selectRows<{ kind: string; value: string }>(
        database.db,
        sql`select 'category' as kind, c.slug as value from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = ${equinacea?.id}
            union all select 'tag', t.name from product_tags pt join tags t on t.id = pt.tag_id where pt.product_id = ${equinacea?.id}
            union all select 'tier', v.min_quantity || ':' || v.discount_percent from volume_rules v where v.product_id = ${equinacea?.id}
            union all select 'special', g.name || ':' || s.price_cents from special_prices s join discount_groups g on g.id = s.discount_group_id where s.product_id = ${equinacea?.id}
            order by 1, 2`,
      );
      expect(links.map((link) => `${link.kind} ${link.value}`)).toEqual([
        'category defensas',
        'category resfriado-y-gripe',
        'special Farmacias Oro:1140',
        'special Farmacias Platino:1095',
        'tag Sin gluten',
        'tag Vegano',
        'tier 12:10.00',
        'tier 6:5.00',
      ]);
      const [collagen] = await database.db.select().from(products).where(eq(products.reference, 'BT-20006'));
      expect(collagen).toMatchObject({ priceCents: 102400, isActive: false, stockUnits: 12 });
      const [melatonin] = await database.db.select().from(products).where(eq(products.reference, 'BT-20004'));
      expect(melatonin?.stockUnits).toBe(1200);
      const roots = await selectRows<{ id: number; slug: string }>(
        database.db,
        sql`select id, slug from categories where parent_id is null order by id`,
      );
      expect(roots).toEqual([
        { id: 1, slug: 'gamas' },
        { id: 2, slug: 'problemas-de-salud' },
      ]);

      const [martin] = await database.db.select().from(clients).where(eq(clients.erpCode, '43001037'));
      expect(martin).toMatchObject({ taxId: 'E28123453', postalCode: '28009', phone: '914 352 210' });
      const [goikoetxea] = await database.db.select().from(clients).where(eq(clients.erpCode, '43001074'));
      expect(goikoetxea?.taxId).toBe('50123456Q');
      const people = await selectRows<{
        username: string;
        role: string;
        client: string | null;
        parent: string | null;
      }>(
        database.db,
        sql`select u.username, u.role, c.erp_code as client, p.username as parent
            from users u left join clients c on c.id = u.client_id left join users p on p.id = u.parent_user_id
            order by u.username`,
      );
      expect(people).toEqual([
        { username: 'farmacia.goikoetxea', role: 'client', client: '43001074', parent: null },
        { username: 'farmacia.martin', role: 'client', client: '43001037', parent: null },
        { username: 'farmacia.ortega', role: 'client', client: '43001111', parent: null },
        { username: 'lucia.navarro', role: 'sales_rep', client: null, parent: null },
        { username: 'martin.mostrador', role: 'client', client: '43001037', parent: 'farmacia.martin' },
      ]);
      // The sales rep's account is linked to his row by their e-mail: the back office shows him his zone.
      const [lucia] = await selectRows<{ zone: string | null }>(
        database.db,
        sql`select r.zone from users u left join sales_reps r on r.id = u.sales_rep_id
            where u.username = 'lucia.navarro'`,
      );
      expect(lucia?.zone).toBe('Centro');
    });

    it('changes nothing when the same files are imported again, the pricing epoch included', async () => {
      const before = await epoch(database);
      for (const [kind, file, rows] of SAMPLES) {
        const report = await importCsv(database.db, kind, await sample(file));
        expect(counts(report), kind).toEqual({
          read: rows,
          created: 0,
          updated: 0,
          unchanged: rows,
          rejected: 0,
        });
      }
      expect(await epoch(database)).toBe(before);
    });

    it('reports what a dry run would change and changes nothing', async () => {
      const text = (await sample('productos.csv'))
        .toString('utf8')
        .replace(';12,50;10;240;', ';13,10;10;240;');
      const report = await importCsv(database.db, 'products', text, { dryRun: true });
      expect(counts(report)).toEqual({ read: 6, created: 0, updated: 1, unchanged: 5, rejected: 0 });
      expect(report.applied).toBe(false);
      const [row] = await database.db.select().from(products).where(eq(products.reference, 'BT-20001'));
      expect(row?.priceCents).toBe(1250);
    });

    it('rejects bad rows with their line, column and reason in Spanish, and applies the valid ones', async () => {
      const report = await importCsv(database.db, 'products', await sample('productos-con-errores.csv'));
      expect(counts(report)).toEqual({ read: 7, created: 1, updated: 0, unchanged: 0, rejected: 6 });
      expect(
        report.rejections.map((rejection) => [rejection.line, rejection.column, rejection.value]),
      ).toEqual([
        [3, 'precio', 'doce euros'],
        [4, 'iva', '7'],
        [5, 'nombre', ''],
        [6, 'stock', '-4'],
        [6, 'activo', 'quizá'],
        [7, 'referencia', 'BT-20101'],
        [8, 'tramos', '12:10|6:5'],
      ]);
      expect(report.rejections[1]?.reason).toBe('El IVA debe ser 4, 10 o 21.');
      expect(rejectionsCsv(report).split('\r\n').slice(0, 2)).toEqual([
        '\uFEFFlinea;columna;valor;motivo',
        '3;precio;doce euros;No es un importe en euros (por ejemplo 12,50).',
      ]);
      const created = await database.db.select().from(products).where(eq(products.reference, 'BT-20101'));
      expect(created).toHaveLength(1);
    });

    it('applies nothing in strict mode, and finds the problems only the database can see', async () => {
      const bytes = await sample('clientes-con-errores.csv');
      const strict = await importCsv(database.db, 'clients', bytes, { strict: true });
      expect(counts(strict)).toEqual({ read: 5, created: 1, updated: 0, unchanged: 0, rejected: 4 });
      expect(strict.applied).toBe(false);
      expect(
        strict.rejections.map((rejection) => `${rejection.line} ${rejection.column}: ${rejection.reason}`),
      ).toEqual([
        '2 cif: No es un CIF, NIF o NIE válido: revise la letra o el dígito de control.',
        '3 grupo_descuento: No existe el grupo de descuento «Farmacias Bronce».',
        '4 cif: Este CIF/NIF ya es del cliente 43001037.',
        '5 codigo_postal: No es un código postal español (01000–52999).',
        '5 telefono: Debe ser un teléfono español de nueve cifras (por ejemplo 912 345 678).',
      ]);
      expect(await database.db.select().from(clients).where(eq(clients.erpCode, '43001204'))).toEqual([]);
      const lenient = await importCsv(database.db, 'clients', bytes);
      expect(lenient.applied).toBe(true);
      expect(await database.db.select().from(clients).where(eq(clients.erpCode, '43001204'))).toHaveLength(1);
    });

    it('creates users who cannot log in until they have a password, then finds imported products', async () => {
      const session = new InjectSession(app);
      for (const password of ['', 'Botica2026', 'farmacia.martin']) {
        const refused = await session.login('farmacia.martin', password || 'x');
        expect(refused.statusCode).toBe(422);
      }
      // What the password reset will do: store the hash of the password the pharmacist chose.
      await database.db
        .update(users)
        .set({ passwordHash: await hashPassword('Rosa-de-los-vientos-7') })
        .where(eq(users.username, 'farmacia.martin'));
      const login = await session.login('farmacia.martin', 'Rosa-de-los-vientos-7');
      expect(login.statusCode, login.body).toBe(200);

      expect(await search(session, 'equinacea')).toEqual(['BT-20001']);
      expect(await search(session, 'bt20003')).toEqual(['BT-20003']);
      // Inactive in the file: not in the portal.
      expect(await search(session, 'colageno')).toEqual([]);
      // Answered (and cached) before the product exists, then found right after its import.
      expect(await search(session, 'magnesio total')).toEqual([]);
      const magnesium =
        'referencia;nombre;formato;precio;iva;categorias\r\nBT-20106;Magnesio Total;60 comprimidos;9,90;10;articular\r\n';
      expect((await importCsv(database.db, 'products', magnesium)).created).toBe(1);
      // Written outside the API (no barrier): the index hears it when its notification arrives.
      await vi.waitFor(async () => expect(await search(session, 'magnesio total')).toEqual(['BT-20106']), {
        timeout: 2_000,
        interval: 20,
      });
      // Withdrawn by a later file: gone from the search as soon as the index hears it.
      const withdrawn =
        'referencia;nombre;formato;precio;iva;activo\r\nBT-20106;Magnesio Total;60 comprimidos;9,90;10;no\r\n';
      expect((await importCsv(database.db, 'products', withdrawn)).updated).toBe(1);
      await vi.waitFor(async () => expect(await search(session, 'magnesio total')).toEqual([]), {
        timeout: 2_000,
        interval: 20,
      });
    });

    it('gives a pharmacy registered on the web its ERP code, found by its tax id', async () => {
      const taxId = cifFor('B', 6_543_210);
      const [request] = await database.db
        .insert(registrationRequests)
        .values({
          username: 'farmacia.web',
          taxId,
          pharmacyName: 'Farmacia Web',
          email: 'compras@farmacia-web.example',
          phone: '912345670',
          postalCode: '28013',
          privacyAcceptedAt: new Date(),
          ip: '127.0.0.1',
        })
        .returning();
      const approved = await approveRegistration(
        { db: database.db, settings: testSettings(), now: () => new Date() },
        request?.id ?? 0,
        'https://portal.example.com',
      );
      if (!approved.ok) throw new Error(approved.problem);
      const clientId = approved.clientId ?? 0;
      const [web] = await database.db.select().from(clients).where(eq(clients.id, clientId));
      expect(web?.erpCode).toMatch(/^WEB\d{6}$/);

      const header = 'codigo;nombre;cif;direccion;codigo_postal;poblacion;provincia;telefono;email\r\n';
      const row = (code: string) =>
        `${code};Farmacia Web;${taxId};Calle Mayor, 3;28013;Madrid;Madrid;912 345 670;compras@farmacia-web.example\r\n`;
      // The code of another client stays refused: the tax id is already this pharmacy's.
      const taken = await importCsv(database.db, 'clients', header + row('43001037'));
      expect(taken.rejections.map((rejection) => rejection.reason)).toEqual([
        `Este CIF/NIF ya es del cliente ${web?.erpCode}.`,
      ]);
      const report = await importCsv(database.db, 'clients', header + row('43009001'));
      expect(counts(report)).toEqual({ read: 1, created: 0, updated: 1, unchanged: 0, rejected: 0 });
      const [renamed] = await database.db.select().from(clients).where(eq(clients.id, clientId));
      expect(renamed).toMatchObject({ erpCode: '43009001', address: 'Calle Mayor, 3', city: 'Madrid' });
      const [user] = await database.db.select().from(users).where(eq(users.username, 'farmacia.web'));
      expect(user?.clientId).toBe(clientId);
      // Imported again, the file changes nothing; the placeholder is gone.
      expect(counts(await importCsv(database.db, 'clients', header + row('43009001')))).toMatchObject({
        unchanged: 1,
      });
      expect(
        await database.db
          .select()
          .from(clients)
          .where(eq(clients.erpCode, web?.erpCode ?? '')),
      ).toEqual([]);
    });

    it("imports Excel's default export: Windows-1252 with accents, CRLF, quoted separators and quotes", async () => {
      const text =
        'referencia,nombre,formato,precio,iva,descripcion\r\n' +
        'BT-20901,"Jalea Real «Añil», 1000 mg",30 ampollas,"14,90",10,"Con ""jalea"" fresca; sin azúcar.\r\nAgitar antes de usar."\r\n' +
        'BT-20902,Cúrcuma y Jengibre,60 cápsulas,"9,50",7,\r\n';
      const bytes = iconv.encode(text, 'win1252');
      const report = await importCsv(database.db, 'products', bytes);
      expect(report).toMatchObject({ encoding: 'Windows-1252', separator: ',' });
      expect(counts(report)).toEqual({ read: 2, created: 1, updated: 0, unchanged: 0, rejected: 1 });
      const [jelly] = await database.db.select().from(products).where(eq(products.reference, 'BT-20901'));
      expect(jelly).toMatchObject({
        name: 'Jalea Real «Añil», 1000 mg',
        description: 'Con "jalea" fresca; sin azúcar.\r\nAgitar antes de usar.',
        priceCents: 1490,
      });
      const output = formatImportReport(report, 'productos-excel.csv').split('\n');
      expect(output[1]).toBe('Leído como Windows-1252, con coma (,) como separador.');
      // The line after a field of two lines is line 4, as the spreadsheet numbers it.
      expect(output.at(-1)).toBe('  línea 4, columna iva («7»): El IVA debe ser 4, 10 o 21.');
    });

    it("ignores Excel's trailing empty columns and lines, and refuses an unnamed column with data", async () => {
      const trailing =
        '\uFEFFreferencia;nombre;formato;precio;iva;;;\r\nBT-20903;Própolis Spray;30 ml;8,75;10;;;\r\n;;;;;;;\r\n;;;;;;;\r\n';
      const report = await importCsv(database.db, 'products', Buffer.from(trailing));
      expect(report).toMatchObject({ encoding: 'UTF-8 con BOM', separator: ';' });
      expect(counts(report)).toEqual({ read: 1, created: 1, updated: 0, unchanged: 0, rejected: 0 });
      const withData =
        'referencia;nombre;formato;precio;iva;;;\r\nBT-20903;Própolis Spray;30 ml;8,75;10;;;\r\nBT-20904;Miel;250 g;6,00;10;;regalo;\r\n';
      await expect(importCsv(database.db, 'products', Buffer.from(withData))).rejects.toThrow(
        'La cabecera no sirve para importar productos: la columna 6 no tiene nombre; la columna 7 no tiene nombre.\n',
      );
    });

    it('reads a tab-separated file and says so', async () => {
      const tabs =
        'referencia\tnombre\tformato\tprecio\tiva\r\nBT-20905\t"Vitamina D3; 2000 UI"\t90 perlas\t11,20\t10\r\n';
      const report = await importCsv(database.db, 'products', Buffer.from(tabs));
      expect(report).toMatchObject({ encoding: 'UTF-8', separator: '\t' });
      expect(counts(report)).toEqual({ read: 1, created: 1, updated: 0, unchanged: 0, rejected: 0 });
      expect(formatImportReport(report, 'productos.txt').split('\n')[1]).toBe(
        'Leído como UTF-8, con tabulador como separador.',
      );
      const [vitamin] = await database.db.select().from(products).where(eq(products.reference, 'BT-20905'));
      expect(vitamin?.name).toBe('Vitamina D3; 2000 UI');
    });

    it('refuses a file that is not CSV text, or has no separator, with a clear message in Spanish', async () => {
      const workbook = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]);
      await expect(importCsv(database.db, 'products', workbook)).rejects.toThrow(
        new ImportFileError(
          'El fichero es un libro de Excel (.xlsx), no un CSV. En Excel, use «Guardar como» y elija «CSV UTF-8 (delimitado por comas)».',
        ),
      );
      const pipes = 'referencia|nombre|formato|precio|iva\nBT-20906|Zinc|60 comprimidos|5,00|10\n';
      await expect(importCsv(database.db, 'products', Buffer.from(pipes))).rejects.toThrow(
        /^No se reconoce el separador de columnas: la cabecera no tiene punto y coma \(;\), comas \(,\) ni tabuladores\./,
      );
      // A header that does not fit says how the file was read: the hint for a wrong separator.
      await expect(
        importCsv(database.db, 'products', Buffer.from('referencia,nombre;formato;precio;iva\n')),
      ).rejects.toThrow(/\nLeído como UTF-8, con punto y coma \(;\) como separador\.$/);
    });

    it('keeps what an absent optional column holds, and refuses a header it does not know', async () => {
      const stockOnly =
        'referencia;nombre;formato;precio;iva;stock\r\nBT-20001;Equinácea Forte;60 cápsulas;12,50;10;180\r\n';
      const report = await importCsv(database.db, 'products', stockOnly);
      expect(counts(report)).toEqual({ read: 1, created: 0, updated: 1, unchanged: 0, rejected: 0 });
      const [row] = await database.db.select().from(products).where(eq(products.reference, 'BT-20001'));
      expect(row).toMatchObject({
        stockUnits: 180,
        isFeatured: true,
        description: expect.stringContaining('equinácea'),
      });
      await expect(importCsv(database.db, 'products', 'referencia;precio;color\r\n')).rejects.toThrow(
        /falta la columna obligatoria «nombre».*la columna «color» no es de este tipo|la columna «color» no es de este tipo.*falta la columna obligatoria «nombre»/s,
      );
    });
  });
}

importSuite(projectEngine());
