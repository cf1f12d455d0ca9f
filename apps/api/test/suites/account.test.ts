/**
 * The account area on a real database: the contract of every endpoint (the pharmacy and
 * its sales team, shops, discount group, password change, sub-users), and its security: anonymous
 * 401, no CSRF 419, another client's id 403 (never data), a sub-user 403 on user management, the
 * sub-users' permissions (checkout), bad input 422 with `{message, errors}`; the password change
 * ending the other sessions; a new sub-user's invitation mail whose link sets its password.
 */
import {
  ACCESS_MESSAGES,
  AccountDiscountResponseSchema,
  ClientResponseSchema,
  ErrorBodySchema,
  ShopsResponseSchema,
  SubUserResponseSchema,
  SubUsersResponseSchema,
  UserSchema,
} from '@botica/api-client/schemas';
import { DEMO_LABORATORY as LABORATORY, PASSWORD_MESSAGES } from '@botica/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGED } from '../../src/auth/routes.ts';
import { selectRows } from '../../src/db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SUB_USERS, NORTE_SUB_USER } from '../../src/demo-data/index.ts';
import type { Engine } from '../../src/testing/test-database.ts';
import { type DemoIds, startTestServer, type TestServer } from '../../src/testing/test-server.ts';
import { isUnavailable, postgresUrl } from '../helpers.ts';
import { InjectSession } from '../session.ts';
import { projectEngine } from './engine.ts';
import { mailFor, secretIn } from './reset-mail.ts';

const PORTAL = 'https://portal.botica.example';
const HIGH_LIMITS = { perUsername: 10_000, perAddress: 10_000, perAddressPerDay: 10_000, windowMinutes: 15 };
const NEW_PASSWORD = 'Lavanda-y-Salvia-9';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Endpoint {
  method: Method;
  path: (ids: { clientId: number; userId: number }) => string;
  payload?: unknown;
  /** The path names a client (checked against the session's). */
  namesClient?: boolean;
  /** Only the main user may call it. */
  mainUserOnly?: boolean;
}

/** Every endpoint of the account area (the fuzz suite lists them too). */
export const ACCOUNT_ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: (ids) => `/api/v1/clients/${ids.clientId}`, namesClient: true },
  { method: 'GET', path: (ids) => `/api/v1/clients/${ids.clientId}/shops`, namesClient: true },
  { method: 'GET', path: () => '/api/v1/driver/customers/clients/discounts' },
  {
    method: 'PUT',
    path: () => '/api/v1/user/change_password',
    payload: { current_password: 'x', password: 'y', password_confirmation: 'z' },
  },
  {
    method: 'GET',
    path: (ids) => `/api/v1/driver/customers/clients/${ids.clientId}/users`,
    namesClient: true,
    mainUserOnly: true,
  },
  {
    method: 'POST',
    path: (ids) => `/api/v1/driver/customers/clients/${ids.clientId}/users`,
    payload: { username: 'nuevo.usuario', name: 'Nuevo', email: 'nuevo@farmacia.example' },
    namesClient: true,
    mainUserOnly: true,
  },
  {
    method: 'PUT',
    path: (ids) => `/api/v1/driver/customers/clients/${ids.clientId}/users/${ids.userId}`,
    payload: { name: 'Otro nombre' },
    namesClient: true,
    mainUserOnly: true,
  },
  {
    method: 'DELETE',
    path: (ids) => `/api/v1/driver/customers/clients/${ids.clientId}/users/${ids.userId}`,
    namesClient: true,
    mainUserOnly: true,
  },
];

const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path({ clientId: 0, userId: 0 })}`;

function expectError(
  response: LightMyRequestResponse,
  status: number,
): { message: string; errors?: Record<string, string[]> } {
  expect(response.statusCode, response.body).toBe(status);
  const body = ErrorBodySchema.parse(response.json());
  return body;
}

function accountSuite(engine: Engine): void {
  describe.skipIf(isUnavailable(engine))(`the account area on ${engine}`, () => {
    let server: TestServer;
    let ids: DemoIds;
    let subUserIds: Record<string, number>;
    let norteSubUserId: number;

    const userId = async (username: string) => {
      const [row] = await selectRows<{ id: number }>(
        server.database.db,
        sql`select id from users where username = ${username}`,
      );
      if (!row) throw new Error(`no user ${username}`);
      return row.id;
    };
    const as = async (username: string, password = DEMO_PASSWORD) => {
      const session = new InjectSession(server.app);
      const response = await session.login(username, password);
      expect(response.statusCode, response.body).toBe(200);
      return session;
    };
    const usersPath = (clientId: number, id?: number) =>
      `/api/v1/driver/customers/clients/${clientId}/users${id === undefined ? '' : `/${id}`}`;

    beforeAll(async () => {
      server = await startTestServer(engine, {
        postgresUrl: postgresUrl(),
        listen: false,
        products: 50,
        settings: { portalUrl: PORTAL, attemptLimits: HIGH_LIMITS },
      });
      ids = await server.demoIds();
      subUserIds = Object.fromEntries(
        await Promise.all(DEMO_SUB_USERS.map(async (name) => [name, await userId(name)] as const)),
      );
      norteSubUserId = await userId(NORTE_SUB_USER);
    });
    afterAll(() => server?.close());

    const own = () => ({ clientId: ids.demo.clientId, userId: subUserIds['demo.mostrador'] ?? 0 });

    describe('security', () => {
      it.each(ACCOUNT_ENDPOINTS.map((endpoint) => [label(endpoint), endpoint] as const))(
        '%s: anonymous → 401 (419 for a state change without a CSRF token)',
        async (_name, endpoint) => {
          const bare = new InjectSession(server.app);
          const first = await bare.request(endpoint.method, endpoint.path(own()), {
            payload: endpoint.payload,
          });
          expectError(first, endpoint.method === 'GET' ? 401 : 419);
          const withCsrf = new InjectSession(server.app);
          await withCsrf.csrf();
          expectError(
            await withCsrf.request(endpoint.method, endpoint.path(own()), { payload: endpoint.payload }),
            401,
          );
        },
      );

      const changes = ACCOUNT_ENDPOINTS.filter((endpoint) => endpoint.method !== 'GET');
      it.each(changes.map((endpoint) => [label(endpoint), endpoint] as const))(
        '%s: 419 without, with a wrong and with another session’s CSRF token, and nothing changes',
        async (_name, endpoint) => {
          const session = await as(DEMO_ACCOUNTS.demo);
          const other = new InjectSession(server.app);
          await other.csrf();
          for (const csrf of [false, 'not-the-token', other.csrfToken ?? 'x']) {
            expectError(
              await session.request(endpoint.method, endpoint.path(own()), {
                payload: endpoint.payload,
                csrf,
              }),
              419,
            );
          }
          expect(await userId('demo.mostrador')).toBe(own().userId);
        },
      );

      it.each(ACCOUNT_ENDPOINTS.map((endpoint) => [label(endpoint), endpoint] as const))(
        '%s: a user whose role is not client → 403',
        async (_name, endpoint) => {
          if (endpoint.path(own()) === '/api/v1/user/change_password') return; // any user has a password
          const session = await as(DEMO_ACCOUNTS.comercial);
          expectError(
            await session.request(endpoint.method, endpoint.path(own()), { payload: endpoint.payload }),
            403,
          );
        },
      );

      const naming = ACCOUNT_ENDPOINTS.filter((endpoint) => endpoint.namesClient);
      it.each(naming.map((endpoint) => [label(endpoint), endpoint] as const))(
        "%s: another client's id → 403, and never data",
        async (_name, endpoint) => {
          const session = await as(DEMO_ACCOUNTS.demo);
          for (const clientId of [ids.norte.clientId, 987_654]) {
            const response = await session.request(
              endpoint.method,
              endpoint.path({ clientId, userId: norteSubUserId }),
              { payload: endpoint.payload },
            );
            expectError(response, 403);
            expect(response.body).not.toContain(NORTE_SUB_USER);
          }
          // Another client's sub-user under one's own client id is not found (and untouched).
          if (endpoint.method === 'PUT' || endpoint.method === 'DELETE') {
            expectError(
              await session.request(
                endpoint.method,
                endpoint.path({ clientId: ids.demo.clientId, userId: norteSubUserId }),
                {
                  payload: endpoint.payload,
                },
              ),
              404,
            );
            expect(await userId(NORTE_SUB_USER)).toBe(norteSubUserId);
          }
        },
      );

      const managing = ACCOUNT_ENDPOINTS.filter((endpoint) => endpoint.mainUserOnly);
      it.each(managing.map((endpoint) => [label(endpoint), endpoint] as const))(
        '%s: a sub-user → 403 (only the main user manages users)',
        async (_name, endpoint) => {
          const session = await as('demo.mostrador');
          const mainUser = { clientId: ids.demo.clientId, userId: ids.demo.userId };
          for (const target of [own(), mainUser]) {
            const response = await session.request(endpoint.method, endpoint.path(target), {
              payload: endpoint.payload,
            });
            expectError(response, 403);
            expect(response.body).not.toContain('demo.almacen');
          }
        },
      );

      it('the main user cannot be changed or deleted as a sub-user (404), not even by itself', async () => {
        const session = await as(DEMO_ACCOUNTS.demo);
        const path = usersPath(ids.demo.clientId, ids.demo.userId);
        expectError(await session.request('PUT', path, { payload: { is_active: false } }), 404);
        expectError(await session.request('DELETE', path), 404);
        expect((await session.request('GET', '/api/v1/user')).statusCode).toBe(200);
      });
    });

    describe('the pharmacy, its sales team, shops and discount group', () => {
      it('GET /api/v1/clients/{clientId}: the pharmacy, its sales rep and the sales administration', async () => {
        const session = await as('demo.tarde');
        const response = await session.request('GET', `/api/v1/clients/${ids.demo.clientId}`);
        expect(response.statusCode, response.body).toBe(200);
        const { data } = ClientResponseSchema.parse(response.json());
        expect(data.id).toBe(ids.demo.clientId);
        expect(data.sales_rep).toMatchObject({ zone: 'Madrid y Centro' });
        expect(data.sales_rep?.email).toMatch(/@botica\.example$/);
        expect(data.sales_administration).toEqual({
          name: 'Administración de ventas',
          email: LABORATORY.salesEmail,
          phone: LABORATORY.phone,
        });
      });

      it('GET …/shops: the main premises first, then the others', async () => {
        const session = await as(DEMO_ACCOUNTS.demo);
        const response = await session.request('GET', `/api/v1/clients/${ids.demo.clientId}/shops`);
        const { data } = ShopsResponseSchema.parse(response.json());
        expect(data).toHaveLength(3);
        expect(data.map((shop) => shop.is_main)).toEqual([true, false, false]);
        const norte = await as(DEMO_ACCOUNTS.norte);
        const theirs = ShopsResponseSchema.parse(
          (await norte.request('GET', `/api/v1/clients/${ids.norte.clientId}/shops`)).json(),
        ).data;
        expect(theirs).toHaveLength(2);
        expect(theirs.some((shop) => data.some((mine) => mine.id === shop.id))).toBe(false);
      });

      it('GET /api/v1/driver/customers/clients/discounts: the session’s pharmacy’s group', async () => {
        const demo = await as(DEMO_ACCOUNTS.demo);
        expect(
          AccountDiscountResponseSchema.parse(
            (await demo.request('GET', '/api/v1/driver/customers/clients/discounts')).json(),
          ),
        ).toEqual({
          data: { group_name: 'Farmacias Oro', discount_percent: 5 },
        });
        const norte = await as(DEMO_ACCOUNTS.norte);
        expect(
          AccountDiscountResponseSchema.parse(
            (await norte.request('GET', '/api/v1/driver/customers/clients/discounts')).json(),
          ).data?.group_name,
        ).toBe('Farmacias Plata');
      });
    });

    describe('the permissions of sub-users', () => {
      it('GET /api/v1/user carries them; a main user has both', async () => {
        const read = async (username: string) =>
          UserSchema.parse((await (await as(username)).request('GET', '/api/v1/user')).json());
        expect((await read(DEMO_ACCOUNTS.demo)).permissions).toEqual({
          can_send_orders: true,
          can_view_invoices: true,
        });
        expect((await read('demo.almacen')).permissions).toEqual({
          can_send_orders: false,
          can_view_invoices: true,
        });
        expect((await read('demo.tarde')).permissions).toEqual({
          can_send_orders: true,
          can_view_invoices: false,
        });
      });

      it('checkout: a sub-user without can_send_orders → 403 and no order; one with it sends', async () => {
        const [product] = await selectRows<{ id: number }>(
          server.database.db,
          sql`select id from products where is_active order by price_cents desc limit 1`,
        );
        const countOrders = async () =>
          (
            await selectRows<{ count: number }>(
              server.database.db,
              sql`select count(*)::int as count from orders where client_id = ${ids.demo.clientId}`,
            )
          )[0]?.count;
        const almacen = await as('demo.almacen');
        const saved = await almacen.request('POST', '/api/v1/cart', {
          payload: { products: [{ id: product?.id, quantity: 3 }] },
        });
        expect(saved.statusCode, saved.body).toBe(200);
        const cartId = (saved.json() as { id: number }).id;
        const before = await countOrders();
        const refused = await almacen.request(
          'POST',
          `/api/v1/clients/${ids.demo.clientId}/cart/${cartId}/checkout`,
          {
            payload: {},
          },
        );
        expect(expectError(refused, 403).message).toContain('usuario principal');
        expect(await countOrders()).toBe(before);
        // The cart it prepared is the pharmacy's: the main user sees it and sends it.
        const main = await as(DEMO_ACCOUNTS.demo);
        const cart = (await main.request('GET', '/api/v1/cart')).json() as { id: number };
        expect(cart.id).toBe(cartId);
        const sent = await main.request(
          'POST',
          `/api/v1/clients/${ids.demo.clientId}/cart/${cartId}/checkout`,
          {
            payload: {},
          },
        );
        expect([200, 201, 406, 422]).toContain(sent.statusCode);
      });
    });

    describe('sub-users', () => {
      it('lists the pharmacy’s sub-users (never the main user, never another pharmacy’s)', async () => {
        const session = await as(DEMO_ACCOUNTS.demo);
        const { data } = SubUsersResponseSchema.parse(
          (await session.request('GET', usersPath(ids.demo.clientId))).json(),
        );
        expect(data.map((user) => user.username)).toEqual(expect.arrayContaining([...DEMO_SUB_USERS]));
        expect(data.map((user) => user.username)).not.toContain(DEMO_ACCOUNTS.demo);
        expect(data.map((user) => user.username)).not.toContain(NORTE_SUB_USER);
        expect(data.find((user) => user.username === 'demo.almacen')).toMatchObject({
          can_send_orders: false,
          can_view_invoices: true,
          is_active: true,
          invitation_pending: false,
        });
      });

      it('bad input → 422 with {message, errors} under the field', async () => {
        const session = await as(DEMO_ACCOUNTS.demo);
        const cases: [unknown, string][] = [
          [{ username: 'Ñu con espacios', name: 'A', email: 'a@b.example' }, 'username'],
          [{ username: 'ab', name: 'A', email: 'a@b.example' }, 'username'],
          [{ username: DEMO_ACCOUNTS.norte, name: 'A', email: 'a@b.example' }, 'username'],
          [{ username: 'Demo.Mostrador', name: 'A', email: 'a@b.example' }, 'username'],
          [{ username: 'valido.uno', name: '', email: 'a@b.example' }, 'name'],
          [{ username: 'valido.uno', name: 'A', email: 'no-es-correo' }, 'email'],
          [{ username: 'valido.uno', name: 'A', email: 'a@b.example', role: 'admin' }, ''],
          [
            { username: 'valido.uno', name: 'A', email: 'a@b.example', can_send_orders: 'sí' },
            'can_send_orders',
          ],
        ];
        for (const [payload, field] of cases) {
          const body = expectError(
            await session.request('POST', usersPath(ids.demo.clientId), { payload }),
            422,
          );
          expect(body.errors, JSON.stringify(payload)).toBeDefined();
          if (field) expect(body.errors?.[field]?.[0], JSON.stringify(payload)).toBe(body.message);
        }
        const update = expectError(
          await session.request('PUT', usersPath(ids.demo.clientId, subUserIds['demo.tarde']), {
            payload: { email: 'x' },
          }),
          422,
        );
        expect(update.errors?.email).toHaveLength(1);
        expect(await userId('valido.uno').catch(() => null)).toBeNull();
        // Nothing to change is no fault: the sub-user as it is.
        const unchanged = await session.request(
          'PUT',
          usersPath(ids.demo.clientId, subUserIds['demo.tarde']),
          {
            payload: {},
          },
        );
        expect(unchanged.statusCode, unchanged.body).toBe(200);
        expect(unchanged.json().data.username).toBe('demo.tarde');
      });

      it('creates a sub-user with an invitation whose link sets its password; it then logs in with its permissions', async () => {
        const main = await as(DEMO_ACCOUNTS.demo);
        const email = 'recepcion@farmacia-demo.example';
        const created = await main.request('POST', usersPath(ids.demo.clientId), {
          payload: { username: 'Demo.Recepcion', name: 'Lucía Recepción', email, can_send_orders: false },
        });
        expect(created.statusCode, created.body).toBe(201);
        const { data } = SubUserResponseSchema.parse(created.json());
        expect(data).toMatchObject({
          username: 'demo.recepcion',
          is_active: true,
          can_send_orders: false,
          can_view_invoices: true,
          invitation_pending: true,
        });
        // It has no password yet: nothing logs it in.
        const early = new InjectSession(server.app);
        expect((await early.login('demo.recepcion', DEMO_PASSWORD)).statusCode).toBe(422);

        const mail = await mailFor(server, email);
        expect(mail.subject).toContain('te ha dado acceso');
        expect(mail.text).toContain('«demo.recepcion»');
        expect(mail.text).toContain('7 días');
        const [row] = await selectRows<{ purpose: string; hours: number }>(
          server.database.db,
          sql`select purpose, extract(epoch from expires_at - created_at)::int / 3600 as hours
              from password_resets where user_id = ${data.id}`,
        );
        expect(row).toEqual({ purpose: 'invitation', hours: 7 * 24 });

        const anonymous = new InjectSession(server.app);
        await anonymous.csrf();
        // The link is a first access, for this username: the page says so.
        const checked = await anonymous.request('POST', '/api/v1/password/check_reset', {
          payload: { secret: secretIn(mail.text) },
        });
        expect(checked.json()).toEqual({ valid: true, purpose: 'invitation', username: 'demo.recepcion' });
        const reset = await anonymous.request('POST', '/api/v1/password/reset', {
          payload: {
            secret: secretIn(mail.text),
            password: NEW_PASSWORD,
            password_confirmation: NEW_PASSWORD,
          },
        });
        expect(reset.statusCode, reset.body).toBe(200);
        expect(reset.json()).toEqual({ message: ACCESS_MESSAGES.firstPasswordSet });
        const invited = await as('demo.recepcion', NEW_PASSWORD);
        const user = UserSchema.parse((await invited.request('GET', '/api/v1/user')).json());
        expect(user).toMatchObject({
          is_sub_user: true,
          client: { id: ids.demo.clientId },
          permissions: { can_send_orders: false, can_view_invoices: true },
        });
        const listed = SubUsersResponseSchema.parse(
          (await main.request('GET', usersPath(ids.demo.clientId))).json(),
        );
        expect(listed.data.find((sub) => sub.id === data.id)?.invitation_pending).toBe(false);

        // A permission changed by the main user takes effect at the sub-user's next request.
        const changed = await main.request('PUT', usersPath(ids.demo.clientId, data.id), {
          payload: { can_send_orders: true, name: 'Lucía R.' },
        });
        expect(SubUserResponseSchema.parse(changed.json()).data).toMatchObject({
          can_send_orders: true,
          name: 'Lucía R.',
        });
        expect(
          UserSchema.parse((await invited.request('GET', '/api/v1/user')).json()).permissions.can_send_orders,
        ).toBe(true);

        // Deactivating ends its sessions; activating again lets it log in anew.
        await main.request('PUT', usersPath(ids.demo.clientId, data.id), { payload: { is_active: false } });
        expectError(await invited.request('GET', '/api/v1/user'), 401);
        expect((await new InjectSession(server.app).login('demo.recepcion', NEW_PASSWORD)).statusCode).toBe(
          422,
        );
        await main.request('PUT', usersPath(ids.demo.clientId, data.id), { payload: { is_active: true } });
        const again = await as('demo.recepcion', NEW_PASSWORD);
        // The sessions it had before were deleted, not just refused: they stay ended once it is active.
        expectError(await invited.request('GET', '/api/v1/user'), 401);

        // Deleting ends its sessions too, and it is gone.
        const deleted = await main.request('DELETE', usersPath(ids.demo.clientId, data.id));
        expect(deleted.statusCode, deleted.body).toBe(204);
        expectError(await again.request('GET', '/api/v1/user'), 401);
        expectError(await main.request('DELETE', usersPath(ids.demo.clientId, data.id)), 404);
      });

      it('deleting a sub-user that sent orders keeps the orders (the pharmacy’s)', async () => {
        const main = await as(DEMO_ACCOUNTS.demo);
        const mostrador = subUserIds['demo.mostrador'] as number;
        const ordersOf = async () =>
          (
            await selectRows<{ count: number }>(
              server.database.db,
              sql`select count(*)::int as count from orders where client_id = ${ids.demo.clientId}`,
            )
          )[0]?.count;
        const before = await ordersOf();
        const sub = await as('demo.mostrador');
        const response = await main.request('DELETE', usersPath(ids.demo.clientId, mostrador));
        expect(response.statusCode, response.body).toBe(204);
        expectError(await sub.request('GET', '/api/v1/user'), 401);
        expect(await ordersOf()).toBe(before);
      });
    });

    describe('PUT /api/v1/user/change_password', () => {
      const path = '/api/v1/user/change_password';

      it('bad input → 422, the first message under each field; a wrong current password under current_password', async () => {
        const session = await as(DEMO_ACCOUNTS.norte);
        const short = expectError(
          await session.request('PUT', path, {
            payload: { current_password: DEMO_PASSWORD, password: 'corta', password_confirmation: 'otra' },
          }),
          422,
        );
        expect(short.errors).toEqual({
          password: [PASSWORD_MESSAGES.tooShort],
          password_confirmation: [PASSWORD_MESSAGES.mismatch],
        });
        const wrong = expectError(
          await session.request('PUT', path, {
            payload: {
              current_password: 'no-es-esta',
              password: NEW_PASSWORD,
              password_confirmation: NEW_PASSWORD,
            },
          }),
          422,
        );
        expect(wrong.errors).toEqual({ current_password: ['La contraseña actual no es correcta.'] });
        expectError(await session.request('PUT', path, { payload: { password: NEW_PASSWORD } }), 422);
        // Nothing changed: the demo password still logs in.
        await as(DEMO_ACCOUNTS.norte);
      });

      it('changes the password, ends every other session (an old cookie → 401), keeps this one renewed', async () => {
        const other = await as('demo.tarde');
        const oldCookie = other.cookies.get('botica_session') ?? '';
        const session = await as('demo.tarde');
        const before = session.cookies.get('botica_session');
        const response = await session.request('PUT', path, {
          payload: {
            current_password: DEMO_PASSWORD,
            password: NEW_PASSWORD,
            password_confirmation: NEW_PASSWORD,
          },
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ message: PASSWORD_CHANGED });
        expect(session.cookies.get('botica_session')).not.toBe(before);
        expect((await session.request('GET', '/api/v1/user')).statusCode).toBe(200);
        expectError(await other.request('GET', '/api/v1/user'), 401);
        const replay = new InjectSession(server.app);
        replay.cookies.set('botica_session', oldCookie);
        expectError(await replay.request('GET', '/api/v1/user'), 401);
        const stale = new InjectSession(server.app);
        stale.cookies.set('botica_session', before ?? '');
        expectError(await stale.request('GET', '/api/v1/user'), 401);
        expect((await new InjectSession(server.app).login('demo.tarde', DEMO_PASSWORD)).statusCode).toBe(422);
        await as('demo.tarde', NEW_PASSWORD);
      });

      it('counts wrong current passwords towards the attempt limits (429)', async () => {
        const limited = await startTestServer(engine, {
          postgresUrl: postgresUrl(),
          listen: false,
          data: 'fixture',
          settings: {
            attemptLimits: { perUsername: 3, perAddress: 100, perAddressPerDay: 1000, windowMinutes: 15 },
          },
        });
        try {
          const session = new InjectSession(limited.app);
          expect((await session.login(DEMO_ACCOUNTS.demo)).statusCode).toBe(200);
          const statuses: number[] = [];
          for (let attempt = 0; attempt < 4; attempt += 1) {
            const response = await session.request('PUT', path, {
              payload: {
                current_password: `mal-${attempt}`,
                password: NEW_PASSWORD,
                password_confirmation: NEW_PASSWORD,
              },
            });
            statuses.push(response.statusCode);
          }
          expect(statuses).toEqual([422, 422, 422, 429]);
          const refused = await session.request('PUT', path, {
            payload: {
              current_password: DEMO_PASSWORD,
              password: NEW_PASSWORD,
              password_confirmation: NEW_PASSWORD,
            },
          });
          expect(expectError(refused, 429).errors?.current_password).toHaveLength(1);
        } finally {
          await limited.close();
        }
      });
    });
  });
}

accountSuite(projectEngine());
