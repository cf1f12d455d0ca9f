/**
 * The back office's training on a real database: the webinars, materials and newsletters are read by
 * the staff and changed by the admins alone (401, 419, 403 with nothing of the data); a webinar's start
 * is typed on Madrid's wall clock and stored as the instant (summer time included); an edit on an older
 * version is a 409; the signups and their CSV are narrowed to a sales rep's pharmacies; a PDF is checked
 * by its bytes (422 for a renamed picture, 413 past the limit with nothing stored) and the portal
 * downloads the very bytes uploaded; every change leaves its audit row.
 */
import { ADMIN_TRAINING_MESSAGES } from '@botica/api-client/admin';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { auditLog, outbox } from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { renderPdf } from '../../src/training/pdf.ts';
import { expectRefusal, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

const PORTAL = 'https://portal.botica.example';
/** The PDF limit of this suite's server: small, so the 413 is cheap to reach. */
const PDF_LIMIT = 200_000;

const WEBINARS = '/api/v1/admin/training/webinars';
const MATERIALS = '/api/v1/admin/training/materials';
const NEWSLETTERS = '/api/v1/admin/training/newsletters';

function webinarFields(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Valeriana y sueño: la evidencia',
    topic: 'Fitoterapia del sueño',
    summary: 'Lo que dicen los ensayos sobre la valeriana.',
    description: 'Primer párrafo.\n\nSegundo párrafo.',
    speaker_name: 'Dra. Ana Ruiz',
    speaker_title: 'Doctora en Farmacia',
    // Summer time in Madrid since the early hours of 28 March 2027: 10:00 there is 08:00 UTC.
    starts_at_local: '2027-03-29T10:00',
    duration_minutes: 60,
    join_url: 'https://meet.example/valeriana',
    recording_url: null,
    product_ids: [],
    ...overrides,
  };
}

function pdfOf(title: string): Buffer {
  return Buffer.from(
    renderPdf({
      title,
      sections: [{ heading: 'Resumen', paragraphs: ['Un documento de prueba del back office.'] }],
      footer: 'Botica',
      author: 'Botica',
      date: new Date('2027-03-01T09:00:00Z'),
    }),
  );
}

/** The smallest PNG there is: what a picture renamed `.pdf` sends. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b60000000049454e44ae426082',
  'hex',
);

function trainingSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the back office's training on ${engine}`, () => {
    let server: TestServer;
    let admin: InjectSession;
    let rep: InjectSession;
    let pharmacist: InjectSession;
    let norte: InjectSession;

    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        listen: false,
        products: 50,
        settings: { portalUrl: PORTAL, trainingPdfMaxBytes: PDF_LIMIT },
      });
      admin = await loggedIn(DEMO_ACCOUNTS.admin);
      rep = await loggedIn(DEMO_ACCOUNTS.comercial);
      pharmacist = await loggedIn(DEMO_ACCOUNTS.demo);
      norte = await loggedIn(DEMO_ACCOUNTS.norte);
    });
    afterAll(() => server?.close());

    async function loggedIn(username: string): Promise<InjectSession> {
      const session = new InjectSession(server.app);
      expect((await session.login(username)).statusCode).toBe(200);
      return session;
    }

    const expectRefused = (response: LightMyRequestResponse, status: number) =>
      expectRefusal(response, status, { hidden: ['Valeriana'] });

    async function createdWebinar(overrides: Record<string, unknown> = {}) {
      const response = await admin.request('POST', WEBINARS, { payload: webinarFields(overrides) });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as {
        id: number;
        version: number;
        starts_at: string;
        starts_at_local: string;
      };
    }

    const upload = (session: InjectSession, url: string, bytes: Buffer, type = 'application/pdf') =>
      session.request('PUT', url, { payload: bytes, headers: { 'content-type': type } });

    async function auditRows(objectType: string, id: number) {
      return server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, String(id))))
        .orderBy(auditLog.id);
    }

    async function fileCount(): Promise<number> {
      const [row] = await selectRows<{ total: number | string }>(
        server.database.db,
        sql`select count(*) as total from training_files`,
      );
      return Number(row?.total ?? 0);
    }

    describe('who may call it', () => {
      let id: number;
      beforeAll(async () => {
        id = (await createdWebinar()).id;
      });

      const changes = () => [
        { method: 'POST' as const, url: WEBINARS, payload: webinarFields() },
        { method: 'PUT' as const, url: `${WEBINARS}/${id}`, payload: { ...webinarFields(), version: 0 } },
        { method: 'DELETE' as const, url: `${WEBINARS}/${id}` },
        {
          method: 'POST' as const,
          url: MATERIALS,
          payload: { title: 'x', description: 'y', published_on: '2027-03-01', tags: [], webinar_id: null },
        },
        {
          method: 'POST' as const,
          url: NEWSLETTERS,
          payload: { title: 'x', summary: 'y', published_on: '2027-03-01' },
        },
      ];
      const reads = () => [
        `${WEBINARS}`,
        `${WEBINARS}/${id}`,
        `${WEBINARS}/${id}/signups`,
        MATERIALS,
        NEWSLETTERS,
      ];

      it('anonymous → 401', async () => {
        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        for (const url of reads()) expectRefused(await anonymous.request('GET', url), 401);
        for (const call of changes())
          expectRefused(await anonymous.request(call.method, call.url, call), 401);
      });

      it('a change without the CSRF token → 419, even for an admin', async () => {
        for (const call of changes())
          expectRefused(await admin.request(call.method, call.url, { ...call, csrf: false }), 419);
      });

      it('a pharmacy’s user → 403 on everything; a sales rep reads, and → 403 on every change', async () => {
        for (const url of reads()) expectRefused(await pharmacist.request('GET', url), 403);
        for (const call of changes())
          expectRefused(await pharmacist.request(call.method, call.url, call), 403);
        for (const url of reads()) expect((await rep.request('GET', url)).statusCode).toBe(200);
        for (const call of changes()) expectRefused(await rep.request(call.method, call.url, call), 403);
        expectRefused(await upload(rep, `${MATERIALS}/1/file`, pdfOf('x')), 403);
        // The refused delete left the webinar.
        expect((await admin.request('GET', `${WEBINARS}/${id}`)).statusCode).toBe(200);
      });
    });

    it('stores a Madrid start as its instant, both sides of the change to summer time, and the portal shows it', async () => {
      const summer = await createdWebinar();
      expect(summer.starts_at).toBe('2027-03-29T08:00:00.000Z');
      expect(summer.starts_at_local).toBe('2027-03-29T10:00');
      const winter = await createdWebinar({ starts_at_local: '2027-03-27T10:00' });
      expect(winter.starts_at).toBe('2027-03-27T09:00:00.000Z');

      const read = (await admin.request('GET', `${WEBINARS}/${summer.id}`)).json().data;
      expect(read).toMatchObject({
        starts_at_local: '2027-03-29T10:00',
        description: ['Primer párrafo.', 'Segundo párrafo.'],
        ends_at: '2027-03-29T09:00:00.000Z',
        phase: 'upcoming',
        version: 0,
      });
      const portal = await pharmacist.request('GET', `/api/v1/driver/training/webinars/${summer.id}`);
      expect(portal.json().data.starts_at).toBe('2027-03-29T08:00:00.000Z');
    });

    it('refuses bad input with the Spanish message under the field', async () => {
      const plain = await admin.request('POST', WEBINARS, {
        payload: webinarFields({ join_url: 'http://meet.example/x' }),
      });
      expect(plain.statusCode).toBe(422);
      expect(plain.json().errors.join_url).toEqual([ADMIN_TRAINING_MESSAGES.urlInvalid]);
      const early = await admin.request('POST', WEBINARS, {
        payload: webinarFields({ recording_url: 'https://video.example/rec' }),
      });
      expect(early.statusCode).toBe(422);
      expect(early.json().errors.recording_url).toEqual([ADMIN_TRAINING_MESSAGES.recordingBeforeEnd]);
      const time = await admin.request('POST', WEBINARS, {
        payload: webinarFields({ starts_at_local: '29/03/2027 10:00' }),
      });
      expect(time.json().errors.starts_at_local).toEqual([ADMIN_TRAINING_MESSAGES.startsAtInvalid]);
      const empty = await admin.request('POST', WEBINARS, { payload: webinarFields({ title: '   ' }) });
      expect(empty.json()).toMatchObject({ errors: { title: [ADMIN_TRAINING_MESSAGES.titleRequired] } });
    });

    it('an edit on an older version → 409 and nothing changed; each change audited with before and after', async () => {
      const webinar = await createdWebinar({ title: 'Valeriana: versiones' });
      const first = await admin.request('PUT', `${WEBINARS}/${webinar.id}`, {
        payload: { ...webinarFields({ title: 'Valeriana: primera edición' }), version: 0 },
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toMatchObject({ title: 'Valeriana: primera edición', version: 1 });
      const stale = await admin.request('PUT', `${WEBINARS}/${webinar.id}`, {
        payload: { ...webinarFields({ title: 'Valeriana: edición perdida' }), version: 0 },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: ADMIN_TRAINING_MESSAGES.stale });
      expect((await admin.request('GET', `${WEBINARS}/${webinar.id}`)).json().data.title).toBe(
        'Valeriana: primera edición',
      );
      expect(
        (await admin.request('PUT', `${WEBINARS}/999999`, { payload: { ...webinarFields(), version: 0 } }))
          .statusCode,
      ).toBe(404);

      const rows = await auditRows('webinar', webinar.id);
      expect(rows.map((row) => row.action)).toEqual(['webinar.created', 'webinar.updated']);
      expect(rows[1]?.username).toBe(DEMO_ACCOUNTS.admin);
      expect(rows[1]?.before).toMatchObject({ title: 'Valeriana: versiones', version: 0 });
      expect(rows[1]?.after).toMatchObject({ title: 'Valeriana: primera edición', version: 1 });

      expect((await admin.request('DELETE', `${WEBINARS}/${webinar.id}`)).statusCode).toBe(204);
      expect((await admin.request('GET', `${WEBINARS}/${webinar.id}`)).statusCode).toBe(404);
      expect((await auditRows('webinar', webinar.id)).at(-1)).toMatchObject({
        action: 'webinar.deleted',
        after: null,
      });
    });

    it('lists the signups and their CSV (a sales rep: his pharmacies’), and mails them when the start moves', async () => {
      const webinar = await createdWebinar({ title: 'Valeriana: inscritos' });
      for (const session of [pharmacist, norte]) {
        const signed = await session.request('POST', `/api/v1/driver/training/webinars/${webinar.id}/signup`);
        expect(signed.statusCode, signed.body).toBe(200);
      }
      const all = (await admin.request('GET', `${WEBINARS}/${webinar.id}/signups`)).json().data as {
        username: string;
      }[];
      expect(all.map((row) => row.username).sort()).toEqual([DEMO_ACCOUNTS.demo, DEMO_ACCOUNTS.norte].sort());
      const listed = (await admin.request('GET', `${WEBINARS}?q=inscritos`)).json().data;
      expect(listed).toEqual([expect.objectContaining({ id: webinar.id, signup_count: 2 })]);
      // comercial.demo is farmacia.demo's rep, not farmacia.norte's.
      const his = (await rep.request('GET', `${WEBINARS}/${webinar.id}/signups`)).json().data as {
        username: string;
      }[];
      expect(his.map((row) => row.username)).toEqual([DEMO_ACCOUNTS.demo]);

      const csv = await admin.request('GET', `${WEBINARS}/${webinar.id}/signups.csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const records = parse(csv.rawPayload, { bom: true, delimiter: ';' }) as string[][];
      expect(records[0]).toEqual([
        'Farmacia',
        'Usuario',
        'Nombre',
        'Correo electrónico',
        'Fecha de inscripción',
      ]);
      expect(
        records
          .slice(1)
          .map((record) => record[1])
          .sort(),
      ).toEqual([DEMO_ACCOUNTS.demo, DEMO_ACCOUNTS.norte].sort());
      for (const record of records.slice(1)) expect(record[4]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      const repCsv = parse((await rep.request('GET', `${WEBINARS}/${webinar.id}/signups.csv`)).rawPayload, {
        bom: true,
        delimiter: ';',
      }) as string[][];
      expect(repCsv.slice(1).map((record) => record[1])).toEqual([DEMO_ACCOUNTS.demo]);

      const before = await server.database.db.select().from(outbox).where(eq(outbox.kind, 'webinar_change'));
      const moved = await admin.request('PUT', `${WEBINARS}/${webinar.id}`, {
        payload: {
          ...webinarFields({ title: 'Valeriana: inscritos', starts_at_local: '2027-03-30T17:00' }),
          version: 0,
        },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const after = await server.database.db.select().from(outbox).where(eq(outbox.kind, 'webinar_change'));
      expect(after.length - before.length).toBe(2);
      // A change that does not move the start nor the room mails nobody.
      await admin.request('PUT', `${WEBINARS}/${webinar.id}`, {
        payload: {
          ...webinarFields({ title: 'Valeriana: inscritos (2)', starts_at_local: '2027-03-30T17:00' }),
          version: 1,
        },
      });
      expect(
        (await server.database.db.select().from(outbox).where(eq(outbox.kind, 'webinar_change'))).length,
      ).toBe(after.length);
    });

    it('uploads a material’s PDF that the portal downloads byte for byte; replaces it; refuses a picture and an oversized file', async () => {
      const webinar = await createdWebinar({ title: 'Valeriana: material' });
      const created = await admin.request('POST', MATERIALS, {
        payload: {
          title: 'Valeriana: revisión clínica',
          description: 'Ensayos y metaanálisis.',
          published_on: '2027-03-29',
          tags: ['Sueño', 'Valeriana'],
          webinar_id: webinar.id,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const material = created.json().data;
      expect(material).toMatchObject({
        published_on: '2027-03-29',
        file: null,
        tags: ['Sueño', 'Valeriana'],
        version: 0,
      });
      // Without its PDF, not in the portal: neither its file, nor the list, nor a tag’s count.
      expect(
        (await pharmacist.request('GET', `/api/v1/driver/training/materials/${material.id}/file`)).statusCode,
      ).toBe(404);
      const portalIds = async () =>
        (
          (await pharmacist.request('GET', '/api/v1/driver/training/materials?per_page=50')).json().data as {
            id: number;
          }[]
        ).map((item) => item.id);
      const sleepCount = async () =>
        (
          (await pharmacist.request('GET', '/api/v1/driver/training/materials_tags')).json().data as {
            slug: string;
            material_count: number;
          }[]
        ).find((tag) => tag.slug === 'sueno')?.material_count ?? 0;
      expect(await portalIds()).not.toContain(material.id);
      const sleepBefore = await sleepCount();

      const files = await fileCount();
      const picture = await upload(admin, `${MATERIALS}/${material.id}/file?name=foto.pdf`, PNG);
      expect(picture.statusCode).toBe(422);
      expect(picture.json()).toEqual({
        message: ADMIN_TRAINING_MESSAGES.notAPdf,
        errors: { file: [ADMIN_TRAINING_MESSAGES.notAPdf] },
      });
      const huge = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(PDF_LIMIT + 1, 0x20)]);
      const tooBig = await upload(admin, `${MATERIALS}/${material.id}/file?name=enorme.pdf`, huge);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toEqual({ message: 'Fichero demasiado grande' });
      expect(await fileCount()).toBe(files);

      const bytes = pdfOf('Valeriana: revisión clínica');
      const stored = await upload(admin, `${MATERIALS}/${material.id}/file?name=valeriana.pdf`, bytes);
      expect(stored.statusCode, stored.body).toBe(200);
      expect(stored.json().data.file).toMatchObject({ name: 'valeriana.pdf', size: bytes.length });
      const download = await pharmacist.request(
        'GET',
        `/api/v1/driver/training/materials/${material.id}/file`,
      );
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.rawPayload.equals(bytes)).toBe(true);
      expect(await portalIds()).toContain(material.id);
      expect(await sleepCount()).toBe(sleepBefore + 1);

      // A picture after a PDF leaves the PDF; a new PDF replaces it and the old file goes.
      await upload(admin, `${MATERIALS}/${material.id}/file?name=foto.pdf`, PNG);
      const kept = await pharmacist.request('GET', `/api/v1/driver/training/materials/${material.id}/file`);
      expect(kept.rawPayload.equals(bytes)).toBe(true);
      const second = pdfOf('Valeriana: segunda versión');
      expect((await upload(admin, `${MATERIALS}/${material.id}/file?name=v2.pdf`, second)).statusCode).toBe(
        200,
      );
      const replaced = await pharmacist.request(
        'GET',
        `/api/v1/driver/training/materials/${material.id}/file`,
      );
      expect(replaced.rawPayload.equals(second)).toBe(true);
      expect(await fileCount()).toBe(files + 1);
      // The webinar's page lists it for the pharmacist.
      const page = (await pharmacist.request('GET', `/api/v1/driver/training/webinars/${webinar.id}`)).json()
        .data;
      expect(page.materials.map((item: { id: number }) => item.id)).toEqual([material.id]);

      const rows = await auditRows('material', material.id);
      expect(rows.map((row) => row.action)).toEqual([
        'material.created',
        'material.file_uploaded',
        'material.file_uploaded',
      ]);
      expect(rows[1]?.before).toMatchObject({ file: null });
      expect(rows[1]?.after).toMatchObject({ file: { name: 'valeriana.pdf' } });

      const stale = await admin.request('PUT', `${MATERIALS}/${material.id}`, {
        payload: {
          title: 'x',
          description: 'y',
          published_on: '2027-03-29',
          tags: [],
          webinar_id: null,
          version: 0,
        },
      });
      expect(stale.statusCode).toBe(409);
      expect((await admin.request('DELETE', `${MATERIALS}/${material.id}`)).statusCode).toBe(204);
      expect(await fileCount()).toBe(files);
    });

    it('adds a newsletter, uploads its PDF for the portal, and edits it on its version', async () => {
      const created = await admin.request('POST', NEWSLETTERS, {
        payload: { title: 'Boletín de prueba', summary: 'Las novedades.', published_on: '2027-03-01' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id as number;
      const bytes = pdfOf('Boletín de prueba');
      const stored = await upload(admin, `${NEWSLETTERS}/${id}/file?name=boletin.pdf`, bytes);
      expect(stored.json().data).toMatchObject({ version: 1, file: { name: 'boletin.pdf' } });
      const download = await pharmacist.request('GET', `/api/v1/driver/training/newsletters/${id}/file`);
      expect(download.rawPayload.equals(bytes)).toBe(true);
      const staff = await rep.request('GET', `${NEWSLETTERS}/${id}/file`);
      expect(staff.rawPayload.equals(bytes)).toBe(true);
      const edited = await admin.request('PUT', `${NEWSLETTERS}/${id}`, {
        payload: {
          title: 'Boletín de prueba (corregido)',
          summary: 'Las novedades.',
          published_on: '2027-03-02',
          version: 1,
        },
      });
      expect(edited.json().data).toMatchObject({ published_on: '2027-03-02', version: 2 });
      expect((await auditRows('newsletter', id)).map((row) => row.action)).toEqual([
        'newsletter.created',
        'newsletter.file_uploaded',
        'newsletter.updated',
      ]);
    });
  });
}

trainingSuite(projectEngine());
