/**
 * The back office's content on a real database: the laboratory's messages and the home showcase are
 * read by the staff and changed by admins only (401, 419, 403 without a word of the data); a change
 * naming a stale version is a 409; an end before the start and a banner link out of the portal are
 * refused in Spanish under their field; a message addressed to one pharmacy reaches that pharmacy's
 * users only; banners and featured products keep the order chosen, on the portal's home too; every
 * change leaves an audit row with the object before and after.
 */
import { ADMIN_CONTENT_MESSAGES } from '@botica/api-client/admin';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { expectRefusal, isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';

const MESSAGES = '/api/v1/admin/messages';
const BANNERS = '/api/v1/admin/showcase/banners';
const FEATURED = '/api/v1/admin/showcase/featured';

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
}

const HOUR = 3_600_000;

function message(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'holiday',
    severity: 'critical',
    title: 'Cierre por inventario en Trastienda',
    body: 'El almacén cierra el viernes.\n\nLos pedidos se servirán el lunes.',
    starts_at: new Date(Date.now() - HOUR).toISOString(),
    ends_at: new Date(Date.now() + 24 * HOUR).toISOString(),
    ...overrides,
  };
}

const banner = (overrides: Record<string, unknown> = {}) => ({
  title: 'Campaña Trastienda',
  text: 'Todo para el invierno.',
  href: '/catalog?q=gripe',
  hue: 200,
  active: true,
  ...overrides,
});

function contentSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the back office's content on ${engine}`, () => {
    let server: TestServer;
    let ids: DemoIds;
    let admin: InjectSession;

    beforeAll(async () => {
      server = await startTestServer(engine, { postgresUrl: postgresUrl(), listen: false, products: 50 });
      ids = await server.demoIds();
      admin = await loggedIn(DEMO_ACCOUNTS.admin);
    });
    afterAll(() => server?.close());

    async function loggedIn(username: string): Promise<InjectSession> {
      const session = new InjectSession(server.app);
      const response = await session.login(username);
      expect(response.statusCode, response.body).toBe(200);
      return session;
    }

    const send = (session: InjectSession, call: Call, csrf = true) =>
      session.request(call.method, call.url, { csrf, ...(call.payload ? { payload: call.payload } : {}) });

    const expectRefused = (response: LightMyRequestResponse, status: number) =>
      expectRefusal(response, status, { hidden: ['Trastienda'] });

    async function lastAudit(objectType: string, objectId: string | number) {
      const [row] = await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, String(objectId))))
        .orderBy(desc(auditLog.id))
        .limit(1);
      return row;
    }

    async function created(payload: Record<string, unknown>) {
      const response = await admin.request('POST', MESSAGES, { payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { id: number; updated_at: string };
    }

    describe('who may call it', () => {
      let messageId: number;
      let bannerId: number;
      let changes: Call[];
      let reads: Call[];
      beforeAll(async () => {
        messageId = (await created(message())).id;
        bannerId = (await admin.request('POST', BANNERS, { payload: banner() })).json().data.id;
        reads = [
          { method: 'GET', url: MESSAGES },
          { method: 'GET', url: `${MESSAGES}/${messageId}` },
          { method: 'GET', url: BANNERS },
          { method: 'GET', url: FEATURED },
          { method: 'GET', url: '/api/v1/admin/showcase/products?q=a' },
        ];
        changes = [
          { method: 'POST', url: MESSAGES, payload: message() },
          {
            method: 'PUT',
            url: `${MESSAGES}/${messageId}`,
            payload: message({ updated_at: new Date().toISOString() }),
          },
          { method: 'DELETE', url: `${MESSAGES}/${messageId}` },
          { method: 'POST', url: BANNERS, payload: banner() },
          { method: 'POST', url: `${BANNERS}/${bannerId}/move`, payload: { direction: 'up' } },
          { method: 'DELETE', url: `${BANNERS}/${bannerId}` },
          { method: 'PUT', url: FEATURED, payload: { product_ids: [] } },
        ];
      });

      it('anonymous → 401, with nothing of the data', async () => {
        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        for (const call of [...reads, ...changes]) expectRefused(await send(anonymous, call), 401);
      });

      it('a change without the CSRF token → 419, even for an admin', async () => {
        for (const call of changes) expectRefused(await send(admin, call, false), 419);
      });

      it('a pharmacy’s user → 403 on everything; a sales rep reads but changes nothing (403)', async () => {
        const pharmacist = await loggedIn(DEMO_ACCOUNTS.demo);
        for (const call of [...reads, ...changes]) expectRefused(await send(pharmacist, call), 403);
        const rep = await loggedIn(DEMO_ACCOUNTS.comercial);
        for (const call of reads) expect((await send(rep, call)).statusCode).toBe(200);
        for (const call of changes) expectRefused(await send(rep, call), 403);
        // Nothing was changed by the refused calls.
        expect((await admin.request('GET', `${MESSAGES}/${messageId}`)).statusCode).toBe(200);
        expect((await admin.request('GET', `${BANNERS}/${bannerId}`)).statusCode).toBe(200);
      });
    });

    describe('messages', () => {
      it('creates a message for every pharmacy, audited, and lists it with its read count', async () => {
        const made = await created(message({ title: 'Aviso general Trastienda' }));
        const listed = (await admin.request('GET', MESSAGES)).json().data as { id: number }[];
        expect(listed.find((row) => row.id === made.id)).toMatchObject({
          title: 'Aviso general Trastienda',
          severity: 'critical',
          clients: [],
          reads_count: 0,
        });
        expect(await lastAudit('lab_message', made.id)).toMatchObject({
          action: 'lab_message.created',
          before: null,
          after: { title: 'Aviso general Trastienda', clients: [] },
        });

        // Both pharmacies see it; one reads it, and the count says so.
        for (const username of [DEMO_ACCOUNTS.demo, DEMO_ACCOUNTS.norte]) {
          const session = await loggedIn(username);
          const seen = (await session.request('GET', '/api/v1/messages')).json().data as { id: number }[];
          expect(seen.map((row) => row.id)).toContain(made.id);
        }
        const reader = await loggedIn(DEMO_ACCOUNTS.demo);
        expect((await reader.request('POST', `/api/v1/messages/${made.id}/read`)).statusCode).toBe(200);
        expect((await admin.request('GET', `${MESSAGES}/${made.id}`)).json().data.reads_count).toBe(1);
      });

      it('a message addressed to farmacia.norte is seen by its user and not by farmacia.demo’s', async () => {
        const made = await created(
          message({ title: 'Solo para Norte Trastienda', client_ids: [ids.norte.clientId] }),
        );
        expect((await admin.request('GET', `${MESSAGES}/${made.id}`)).json().data.clients).toEqual([
          expect.objectContaining({ id: ids.norte.clientId }),
        ]);
        // farmacia.demo's sales rep reads it without the name of a pharmacy outside his zone.
        const rep = await loggedIn(DEMO_ACCOUNTS.comercial);
        const asRep = (await rep.request('GET', `${MESSAGES}/${made.id}`)).json().data;
        expect(asRep).toMatchObject({ clients: [], other_clients_count: 1 });
        const norteName = (await admin.request('GET', `${MESSAGES}/${made.id}`)).json().data.clients[0].name;
        expect(JSON.stringify(asRep)).not.toContain(norteName);
        const norte = await loggedIn(DEMO_ACCOUNTS.norte);
        const demo = await loggedIn(DEMO_ACCOUNTS.demo);
        const listOf = async (session: InjectSession) =>
          ((await session.request('GET', '/api/v1/messages')).json().data as { id: number }[]).map(
            (row) => row.id,
          );
        expect(await listOf(norte)).toContain(made.id);
        expect(await listOf(demo)).not.toContain(made.id);
        expect((await norte.request('GET', `/api/v1/messages/${made.id}`)).statusCode).toBe(200);
        expect((await demo.request('GET', `/api/v1/messages/${made.id}`)).statusCode).toBe(404);
        expect((await demo.request('POST', `/api/v1/messages/${made.id}/read`)).statusCode).toBe(404);

        // Addressed to every pharmacy again, farmacia.demo sees it too.
        const current = (await admin.request('GET', `${MESSAGES}/${made.id}`)).json().data;
        const widened = await admin.request('PUT', `${MESSAGES}/${made.id}`, {
          payload: message({
            title: 'Solo para Norte Trastienda',
            client_ids: [],
            updated_at: current.updated_at,
          }),
        });
        expect(widened.statusCode, widened.body).toBe(200);
        expect(await listOf(demo)).toContain(made.id);
        expect(await lastAudit('lab_message', made.id)).toMatchObject({
          action: 'lab_message.updated',
          before: { clients: [ids.norte.clientId] },
          after: { clients: [] },
        });
      });

      it('updates with the current version, and a stale version is a 409 that writes nothing', async () => {
        const made = await created(message({ title: 'Versión Trastienda' }));
        const first = await admin.request('PUT', `${MESSAGES}/${made.id}`, {
          payload: message({ title: 'Versión Trastienda 2', severity: 'info', updated_at: made.updated_at }),
        });
        expect(first.statusCode, first.body).toBe(200);
        expect(first.json().data).toMatchObject({ title: 'Versión Trastienda 2', severity: 'info' });
        expect(first.json().data.updated_at).not.toBe(made.updated_at);
        expect(await lastAudit('lab_message', made.id)).toMatchObject({
          before: { title: 'Versión Trastienda', severity: 'critical' },
          after: { title: 'Versión Trastienda 2', severity: 'info' },
        });

        const stale = await admin.request('PUT', `${MESSAGES}/${made.id}`, {
          payload: message({ title: 'Versión Trastienda 3', updated_at: made.updated_at }),
        });
        expect(stale.statusCode).toBe(409);
        expect(stale.json()).toEqual({ message: ADMIN_CONTENT_MESSAGES.stale });
        expect((await admin.request('GET', `${MESSAGES}/${made.id}`)).json().data.title).toBe(
          'Versión Trastienda 2',
        );
      });

      it('refuses an end before the start (422 under ends_at), an unknown pharmacy and an empty title', async () => {
        const starts = new Date(Date.now() + 2 * HOUR).toISOString();
        const backwards = await admin.request('POST', MESSAGES, {
          payload: message({ starts_at: starts, ends_at: new Date(Date.now() + HOUR).toISOString() }),
        });
        expect(backwards.statusCode).toBe(422);
        expect(backwards.json().errors).toEqual({ ends_at: [ADMIN_CONTENT_MESSAGES.endsBeforeStarts] });
        const same = await admin.request('POST', MESSAGES, {
          payload: message({ starts_at: starts, ends_at: starts }),
        });
        expect(same.json().errors?.ends_at).toEqual([ADMIN_CONTENT_MESSAGES.endsBeforeStarts]);

        const unknown = await admin.request('POST', MESSAGES, {
          payload: message({ client_ids: [2_000_000] }),
        });
        expect(unknown.statusCode).toBe(422);
        expect(unknown.json().errors).toEqual({ client_ids: [ADMIN_CONTENT_MESSAGES.clientUnknown] });

        const empty = await admin.request('POST', MESSAGES, { payload: message({ title: '   ' }) });
        expect(empty.statusCode).toBe(422);
        expect(empty.json().errors?.title).toEqual([ADMIN_CONTENT_MESSAGES.titleRequired]);
      });

      it('deletes a message: it leaves the portal, audited; then a 404', async () => {
        const made = await created(message({ title: 'Borrar Trastienda' }));
        expect((await admin.request('DELETE', `${MESSAGES}/${made.id}`)).statusCode).toBe(204);
        const demo = await loggedIn(DEMO_ACCOUNTS.demo);
        expect((await demo.request('GET', `/api/v1/messages/${made.id}`)).statusCode).toBe(404);
        expect(await lastAudit('lab_message', made.id)).toMatchObject({
          action: 'lab_message.deleted',
          before: { title: 'Borrar Trastienda' },
          after: null,
        });
        expect((await admin.request('DELETE', `${MESSAGES}/${made.id}`)).statusCode).toBe(404);
      });
    });

    describe('showcase', () => {
      const homeBanners = async (session: InjectSession) =>
        (
          (await session.request('GET', '/api/v1/driver/showcase')).json().data.banners as { id: number }[]
        ).map((row) => row.id);

      it('refuses a banner link out of the portal (javascript:, another site) under href', async () => {
        for (const href of ['javascript:alert(1)', 'https://otro.example', '//otro.example/x', '/a b']) {
          const refused = await admin.request('POST', BANNERS, { payload: banner({ href }) });
          expect(refused.statusCode, href).toBe(422);
          expect(refused.json().errors).toEqual({ href: [ADMIN_CONTENT_MESSAGES.hrefInvalid] });
        }
      });

      it('adds banners last, moves one up, and the portal home shows the new order; audited', async () => {
        const add = async (title: string) =>
          (await admin.request('POST', BANNERS, { payload: banner({ title }) })).json().data as {
            id: number;
            updated_at: string;
          };
        const first = await add('Orden A Trastienda');
        const second = await add('Orden B Trastienda');
        let order = ((await admin.request('GET', BANNERS)).json().data as { id: number }[]).map(
          (row) => row.id,
        );
        expect(order.slice(-2)).toEqual([first.id, second.id]);

        const moved = await admin.request('POST', `${BANNERS}/${second.id}/move`, {
          payload: { direction: 'up' },
        });
        expect(moved.statusCode, moved.body).toBe(200);
        order = (moved.json().data as { id: number }[]).map((row) => row.id);
        expect(order.indexOf(second.id)).toBe(order.indexOf(first.id) - 1);
        expect(await lastAudit('banner', second.id)).toMatchObject({ action: 'banner.moved' });

        // To the top: the portal's home shows it first.
        for (let step = 0; step < order.length; step++)
          await admin.request('POST', `${BANNERS}/${second.id}/move`, { payload: { direction: 'up' } });
        const demo = await loggedIn(DEMO_ACCOUNTS.demo);
        expect((await homeBanners(demo))[0]).toBe(second.id);

        // Made inactive (with its current version), it leaves the home; a stale version is a 409.
        const current = (await admin.request('GET', `${BANNERS}/${second.id}`)).json().data;
        const off = await admin.request('PUT', `${BANNERS}/${second.id}`, {
          payload: banner({ title: 'Orden B Trastienda', active: false, updated_at: current.updated_at }),
        });
        expect(off.statusCode, off.body).toBe(200);
        expect(await homeBanners(demo)).not.toContain(second.id);
        expect(await lastAudit('banner', second.id)).toMatchObject({
          action: 'banner.updated',
          before: { active: true },
          after: { active: false },
        });
        const stale = await admin.request('PUT', `${BANNERS}/${second.id}`, {
          payload: banner({ updated_at: current.updated_at }),
        });
        expect(stale.statusCode).toBe(409);

        expect((await admin.request('DELETE', `${BANNERS}/${first.id}`)).statusCode).toBe(204);
        expect(await lastAudit('banner', first.id)).toMatchObject({ action: 'banner.deleted', after: null });
      });

      it('sets the featured products in order: the home shows them so, the others are gone; audited', async () => {
        const found = (await admin.request('GET', '/api/v1/admin/showcase/products?q=')).json().data as {
          id: number;
          active: boolean;
        }[];
        expect(found.every((row) => row.active)).toBe(true);
        const chosen = found
          .slice(0, 3)
          .map((row) => row.id)
          .reverse();
        expect(chosen).toHaveLength(3);
        const demo = await loggedIn(DEMO_ACCOUNTS.demo);
        const homeFeatured = async () =>
          (
            (await demo.request('GET', '/api/v1/driver/showcase')).json().data.featured as { id: number }[]
          ).map((row) => row.id);
        const before = ((await admin.request('GET', FEATURED)).json().data as { id: number }[]).map(
          (row) => row.id,
        );
        // The back office lists what the home shows.
        expect(before).toEqual(await homeFeatured());

        const set = await admin.request('PUT', FEATURED, { payload: { product_ids: chosen } });
        expect(set.statusCode, set.body).toBe(200);
        expect((set.json().data as { id: number }[]).map((row) => row.id)).toEqual(chosen);
        expect(await homeFeatured()).toEqual(chosen);
        expect(await lastAudit('showcase', 'featured')).toMatchObject({
          action: 'showcase.featured_changed',
          before: { product_ids: before },
          after: { product_ids: chosen },
        });

        const reordered = [chosen[2], chosen[0]] as number[];
        await admin.request('PUT', FEATURED, { payload: { product_ids: reordered } });
        expect(await homeFeatured()).toEqual(reordered);

        const twice = await admin.request('PUT', FEATURED, {
          payload: { product_ids: [chosen[0], chosen[0]] },
        });
        expect(twice.statusCode).toBe(422);
        expect(twice.json().errors).toEqual({ product_ids: [ADMIN_CONTENT_MESSAGES.duplicateProducts] });
        const unknown = await admin.request('PUT', FEATURED, { payload: { product_ids: [2_000_000] } });
        expect(unknown.json().errors).toEqual({ product_ids: [ADMIN_CONTENT_MESSAGES.productUnknown] });
      });
    });
  });
}

contentSuite(projectEngine());
