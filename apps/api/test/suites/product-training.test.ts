/**
 * A product's training on a real database: the portal's list beside a product (the webinars and
 * materials the laboratory linked, upcoming webinars before recorded ones, materials only with their
 * PDF; those sharing a tag with the product when it linked none), the back office's list on the
 * product editor, the material's `product_ids` (422 in Spanish for an unknown product or too many),
 * and who may read each (401, 403, 404 with nothing of the data). Run on PGlite and PostgreSQL.
 */
import { ADMIN_TRAINING_MESSAGES } from '@botica/api-client/admin';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { renderPdf } from '../../src/training/pdf.ts';
import { expectRefusal, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

const WEBINARS = '/api/v1/admin/training/webinars';
const MATERIALS = '/api/v1/admin/training/materials';
const portalTraining = (id: number) => `/api/v1/products/${id}/training`;
const adminTraining = (id: number) => `/api/v1/admin/catalogue/products/${id}/training`;

function webinarFields(productIds: number[], overrides: Record<string, unknown> = {}) {
  return {
    title: 'Valeriana y sueño: la evidencia',
    topic: 'Fitoterapia del sueño',
    summary: 'Lo que dicen los ensayos sobre la valeriana.',
    description: 'Primer párrafo.',
    speaker_name: 'Dra. Ana Ruiz',
    speaker_title: 'Doctora en Farmacia',
    starts_at_local: '2030-03-29T10:00',
    duration_minutes: 60,
    join_url: 'https://meet.example/valeriana',
    recording_url: null,
    product_ids: productIds,
    ...overrides,
  };
}

const materialFields = (overrides: Record<string, unknown> = {}) => ({
  title: 'Monografía de la valeriana',
  description: 'La revisión de la evidencia.',
  published_on: '2026-03-01',
  tags: [],
  webinar_id: null,
  ...overrides,
});

function pdfOf(title: string): Buffer {
  return Buffer.from(
    renderPdf({
      title,
      sections: [{ heading: 'Resumen', paragraphs: ['Un documento de prueba.'] }],
      footer: 'Botica',
      author: 'Botica',
      date: new Date('2026-03-01T09:00:00Z'),
    }),
  );
}

function productTrainingSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`a product's training on ${engine}`, () => {
    let server: TestServer;
    let admin: InjectSession;
    let rep: InjectSession;
    let pharmacist: InjectSession;
    /** Linked on purpose. */
    let linked: number;
    /** Linked to nothing, with a tag a material and a webinar topic share. */
    let tagged: number;
    /** Linked to nothing, sharing no tag. */
    let bare: number;
    let withdrawn: number;

    const ids: Record<string, number> = {};

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 50 });
      admin = await loggedIn(DEMO_ACCOUNTS.admin);
      rep = await loggedIn(DEMO_ACCOUNTS.comercial);
      pharmacist = await loggedIn(DEMO_ACCOUNTS.demo);
      const db = server.database.db;
      const products = await selectRows<{ id: number }>(
        db,
        sql`select id from products where is_active order by id`,
      );
      [linked, tagged, bare, withdrawn] = products.slice(0, 4).map((row) => row.id) as [
        number,
        number,
        number,
        number,
      ];
      await db.execute(sql`update products set is_active = false where id = ${withdrawn}`);
      // Start from products the demo data links to nothing and tags with nothing.
      for (const id of [linked, tagged, bare, withdrawn]) {
        await db.execute(sql`delete from webinar_products where product_id = ${id}`);
        await db.execute(sql`delete from material_products where product_id = ${id}`);
        await db.execute(sql`delete from product_tags where product_id = ${id}`);
      }
      // A catalogue tag written as the materials' tag and a webinar's topic are, bar accents and case.
      const [tag] = await selectRows<{ id: number }>(
        db,
        sql`insert into tags (name, slug) values ('SUENO Y ESTRES', 'sueno-y-estres-catalogo') returning id`,
      );
      await db.execute(sql`insert into product_tags (product_id, tag_id) values (${tagged}, ${tag?.id})`);

      const create = async (url: string, payload: unknown) => {
        const response = await admin.request('POST', url, { payload });
        expect(response.statusCode, response.body).toBe(201);
        return (response.json() as { data: { id: number } }).data.id;
      };
      ids.later = await create(WEBINARS, webinarFields([linked], { starts_at_local: '2030-05-01T10:00' }));
      ids.sooner = await create(WEBINARS, webinarFields([linked], { starts_at_local: '2030-04-01T10:00' }));
      ids.recorded = await create(
        WEBINARS,
        webinarFields([linked], {
          starts_at_local: '2025-01-10T10:00',
          recording_url: 'https://video.example/valeriana',
        }),
      );
      ids.unrecorded = await create(
        WEBINARS,
        webinarFields([linked], { starts_at_local: '2025-02-10T10:00' }),
      );
      ids.topic = await create(
        WEBINARS,
        webinarFields([], { topic: 'Sueño y estrés', title: 'Dormir mejor' }),
      );
      ids.material = await create(MATERIALS, materialFields({ product_ids: [linked] }));
      ids.withoutPdf = await create(MATERIALS, materialFields({ title: 'Sin PDF', product_ids: [linked] }));
      ids.taggedMaterial = await create(
        MATERIALS,
        materialFields({ title: 'Guía del sueño', tags: ['Sueño y estrés'] }),
      );
      for (const id of [ids.material, ids.taggedMaterial]) {
        const response = await admin.request('PUT', `${MATERIALS}/${id}/file?name=doc.pdf`, {
          payload: pdfOf('Documento'),
          headers: { 'content-type': 'application/pdf' },
        });
        expect(response.statusCode, response.body).toBe(200);
      }
    });
    afterAll(() => server?.close());

    async function loggedIn(username: string): Promise<InjectSession> {
      const session = new InjectSession(server.app);
      expect((await session.login(username)).statusCode).toBe(200);
      return session;
    }

    const expectRefused = (response: LightMyRequestResponse, status: number) =>
      expectRefusal(response, status, { hidden: ['Valeriana', 'Monografía'] });

    it('lists the linked webinars, upcoming soonest first then recorded, and the materials with a PDF', async () => {
      const response = await pharmacist.request('GET', portalTraining(linked));
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json();
      expect(data.webinars_source).toBe('linked');
      expect(data.webinars.map((webinar: { id: number }) => webinar.id)).toEqual([
        ids.sooner,
        ids.later,
        ids.recorded,
      ]);
      expect(data.webinars[0]).toMatchObject({ phase: 'upcoming', has_recording: false });
      expect(data.webinars[2]).toMatchObject({ phase: 'ended', has_recording: true });
      // The recording's address is the webinar page's to hand out, never this list's.
      expect(response.body).not.toContain('video.example');
      expect(data.materials_source).toBe('linked');
      expect(data.materials).toHaveLength(1);
      expect(data.materials[0]).toMatchObject({
        id: ids.material,
        title: 'Monografía de la valeriana',
        file: { name: 'doc.pdf', content_type: 'application/pdf' },
      });
      expect(data.materials[0].file.url).toContain(`/api/v1/driver/training/materials/${ids.material}/file`);
    });

    it('falls back on the training sharing a tag with the product, by normalised name', async () => {
      const { data } = (await pharmacist.request('GET', portalTraining(tagged))).json();
      expect(data.webinars_source).toBe('tags');
      expect(data.webinars.map((webinar: { id: number }) => webinar.id)).toContain(ids.topic);
      for (const webinar of data.webinars) expect(webinar.topic).toBe('Sueño y estrés');
      expect(data.materials_source).toBe('tags');
      expect(data.materials.map((material: { id: number }) => material.id)).toContain(ids.taggedMaterial);
      for (const material of data.materials) {
        expect(material.tags.map((tag: { name: string }) => tag.name)).toContain('Sueño y estrés');
      }
    });

    it('answers empty lists for a product linked to nothing and sharing no tag', async () => {
      const { data } = (await pharmacist.request('GET', portalTraining(bare))).json();
      expect(data).toEqual({
        webinars: [],
        webinars_source: 'linked',
        materials: [],
        materials_source: 'linked',
      });
    });

    it('a material takes its products; the product editor lists them, withdrawn products too', async () => {
      const stored = (await admin.request('GET', `${MATERIALS}/${ids.material}`)).json().data;
      expect(stored.products.map((product: { id: number }) => product.id)).toEqual([linked]);
      // Left out, the products stay; given, they replace the old ones.
      const kept = await admin.request('PUT', `${MATERIALS}/${ids.withoutPdf}`, {
        payload: { ...materialFields({ title: 'Sin PDF' }), version: 0 },
      });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().data.products.map((product: { id: number }) => product.id)).toEqual([linked]);
      const moved = await admin.request('PUT', `${MATERIALS}/${ids.withoutPdf}`, {
        payload: { ...materialFields({ title: 'Sin PDF', product_ids: [withdrawn, bare] }), version: 1 },
      });
      expect(moved.json().data.products.map((product: { id: number }) => product.id)).toEqual([
        withdrawn,
        bare,
      ]);

      const editor = (await rep.request('GET', adminTraining(linked))).json().data;
      expect(editor.webinars.map((webinar: { id: number }) => webinar.id)).toEqual([
        ids.later,
        ids.sooner,
        ids.unrecorded,
        ids.recorded,
      ]);
      expect(editor.materials).toEqual([expect.objectContaining({ id: ids.material, has_file: true })]);
      const off = (await admin.request('GET', adminTraining(withdrawn))).json().data;
      expect(off.materials).toEqual([expect.objectContaining({ id: ids.withoutPdf, has_file: false })]);
    });

    it('refuses unknown products and too many, in Spanish, changing nothing', async () => {
      const unknown = await admin.request('POST', MATERIALS, {
        payload: materialFields({ product_ids: [99_999_999] }),
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json()).toEqual({
        message: ADMIN_TRAINING_MESSAGES.productUnknown,
        errors: { product_ids: [ADMIN_TRAINING_MESSAGES.productUnknown] },
      });
      const many = await admin.request('PUT', `${MATERIALS}/${ids.material}`, {
        payload: {
          ...materialFields({ product_ids: Array.from({ length: 21 }, (_, i) => i + 1) }),
          version: 1,
        },
      });
      expect(many.statusCode).toBe(422);
      expect(many.json().errors.product_ids).toEqual([ADMIN_TRAINING_MESSAGES.materialProductsTooMany]);
      const stored = (await admin.request('GET', `${MATERIALS}/${ids.material}`)).json().data;
      expect(stored.products.map((product: { id: number }) => product.id)).toEqual([linked]);
    });

    it('who may read: 401 anonymous, 403 across the areas, 404 for no product or a withdrawn one', async () => {
      const anonymous = new InjectSession(server.app);
      expectRefused(await anonymous.request('GET', portalTraining(linked)), 401);
      expectRefused(await anonymous.request('GET', adminTraining(linked)), 401);
      expectRefused(await admin.request('GET', portalTraining(linked)), 403);
      expectRefused(await pharmacist.request('GET', adminTraining(linked)), 403);
      expectRefused(await pharmacist.request('GET', portalTraining(99_999_999)), 404);
      expectRefused(await pharmacist.request('GET', portalTraining(withdrawn)), 404);
      expectRefused(await admin.request('GET', adminTraining(99_999_999)), 404);
      expect((await pharmacist.request('GET', '/api/v1/products/abc/training')).statusCode).toBe(404);
    });
  });
}

productTrainingSuite(projectEngine());
