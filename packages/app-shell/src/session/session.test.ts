import { ApiError } from '@botica/api-client';
import { auth } from '@botica/api-client/endpoints';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferQueryClient } from '../query/deferred-query-client.ts';
import { endpointKey } from '../query/endpoint-query.ts';
import { createSession, type SessionUser } from './session.ts';
import { onSessionEnd, type SessionEnding } from './session-events.ts';

interface TestUser extends SessionUser {
  role: 'client' | 'sales_rep' | 'admin';
  client: { id: number } | null;
}

const pharmacist: TestUser = { id: 1, role: 'client', client: { id: 7 } };
const salesRep: TestUser = { id: 2, role: 'sales_rep', client: null };

/** A server that knows one session (or none), and counts what it was asked. */
function server(initial: TestUser | null) {
  let user = initial;
  const asked = { user: 0, logout: 0 };
  return {
    asked,
    calls: {
      user: async () => {
        asked.user += 1;
        if (user === null) throw new ApiError({ status: 401, kind: 'http', message: 'Unauthenticated.' });
        return user;
      },
      login: async () => {
        if (user === null)
          throw new ApiError({ status: 401, kind: 'http', message: 'Credenciales incorrectas.' });
        return user;
      },
      logout: async () => {
        asked.logout += 1;
        user = null;
      },
    },
  };
}

function sessionFor(
  app: 'portal' | 'backoffice',
  backend: ReturnType<typeof server>,
  unauthorised: { listener?: (message: string | undefined) => void } = {},
  create: typeof createSession = createSession,
) {
  const reported: unknown[] = [];
  const refusals: (string | undefined)[] = [];
  const store = createStore();
  const queryClient = deferQueryClient();
  const session = create<TestUser>({
    store,
    calls: backend.calls,
    queryClient,
    userEndpoint: auth.user,
    ...(app === 'portal'
      ? { allowedRoles: ['client'], isComplete: (user): user is TestUser => user.client !== null }
      : { allowedRoles: ['admin', 'sales_rep'], loginPath: '/backoffice/login' }),
    onUnauthorised: (listener) => {
      unauthorised.listener = listener;
    },
    reportCallError: (error) => reported.push(error),
    reportSessionRefused: (message) => {
      refusals.push(message);
      return () => undefined;
    },
  });
  return { session, reported, refusals, store, queryClient };
}

/** Where a guard sent the visitor, or null when it let them in. */
async function redirectOf(run: Promise<unknown>): Promise<string | null> {
  try {
    await run;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

const request = (path: string) => new Request(`http://portal.test${path}`);

beforeEach(() => {
  // A page without a session hint (the dev server's): the session asks the server.
  vi.stubGlobal('document', { querySelector: () => null });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the guard takes the roles each app allows', () => {
  it('lets a sales rep into the back office, and logs him out of the portal', async () => {
    const backoffice = sessionFor('backoffice', server(salesRep));
    expect(await backoffice.session.guard(request('/pharmacies'), { requireUser: true })).toEqual(salesRep);

    const portalServer = server(salesRep);
    const portal = sessionFor('portal', portalServer);
    expect(await redirectOf(portal.session.guard(request('/catalogo'), { requireUser: true }))).toBe(
      '/login',
    );
    expect(portalServer.asked.logout).toBe(1);
    expect(portal.session.isAllowed(salesRep)).toBe(false);
  });

  it('lets a pharmacist into the portal, and logs her out of the back office, to its own login page', async () => {
    const portal = sessionFor('portal', server(pharmacist));
    expect(await portal.session.guard(request('/catalogo'), { requireUser: true })).toEqual(pharmacist);

    const backofficeServer = server(pharmacist);
    const backoffice = sessionFor('backoffice', backofficeServer);
    expect(await redirectOf(backoffice.session.guard(request('/'), { requireUser: false }))).toBe(
      '/backoffice/login',
    );
    expect(backofficeServer.asked.logout).toBe(1);
  });

  it('refuses an allowed role that lacks what the app also asks (a client without a pharmacy)', () => {
    const { session } = sessionFor('portal', server(null));
    expect(session.isAllowed({ id: 3, role: 'client', client: null })).toBe(false);
    expect(session.isAllowed(pharmacist)).toBe(true);
    expect(session.isAllowed(null)).toBe(false);
  });

  it('sends an anonymous visitor to the login page and back, where a user is required', async () => {
    const { session, reported } = sessionFor('portal', server(null));
    expect(await redirectOf(session.guard(request('/pedido?x=1'), { requireUser: true }))).toBe(
      `/login?redirect=${encodeURIComponent('/pedido?x=1')}`,
    );
    expect(await redirectOf(session.guard(request('/'), { requireUser: true }))).toBe('/login');
    expect(await session.guard(request('/formacion'), { requireUser: false })).toBeNull();
    // The 401 of an anonymous visit's check is no failure to show.
    expect(reported).toEqual([]);
  });
});

describe("a route narrower than the app's roles", () => {
  const admin: TestUser = { id: 3, role: 'admin', client: null };

  it('refuses a sales rep with a 403 the error page shows, and keeps him logged in', async () => {
    const backend = server(salesRep);
    const { session } = sessionFor('backoffice', backend);
    const refusal = await session
      .guard(request('/registrations'), { requireUser: true, roles: ['admin'] })
      .then(
        () => null,
        (thrown: unknown) => thrown,
      );
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(403);
    expect(await (refusal as Response).text()).toBe('');
    expect(backend.asked.logout).toBe(0);
  });

  it('lets an admin in, and still sends an anonymous visitor to the login page first', async () => {
    const { session } = sessionFor('backoffice', server(admin));
    expect(await session.guard(request('/registrations'), { requireUser: true, roles: ['admin'] })).toEqual(
      admin,
    );
    const anonymous = sessionFor('backoffice', server(null));
    expect(
      await redirectOf(
        anonymous.session.guard(request('/registrations'), { requireUser: true, roles: ['admin'] }),
      ),
    ).toBe(`/backoffice/login?redirect=${encodeURIComponent('/registrations')}`);
  });
});

describe('the user check', () => {
  it('asks the server once for the loaders that ask at the same time, and again after logging out', async () => {
    const backend = server(pharmacist);
    const { session } = sessionFor('portal', backend);
    const [first, second] = await Promise.all([session.currentUser(), session.currentUser()]);
    expect(first).toEqual(pharmacist);
    expect(second).toEqual(pharmacist);
    expect(backend.asked.user).toBe(1);
    await session.logOut();
    expect(await session.currentUser()).toBeNull();
    expect(backend.asked.user).toBe(1);
  });

  it('reports a failed check that is not a 401', async () => {
    const backend = server(pharmacist);
    const failure = new ApiError({ status: 503, kind: 'http', message: 'Mantenimiento' });
    backend.calls.user = async () => {
      throw failure;
    };
    const { session, reported } = sessionFor('portal', backend);
    expect(await session.currentUser()).toBeNull();
    expect(reported).toEqual([failure]);
  });
});

describe("the user is the user endpoint's query", () => {
  const userKey = endpointKey(auth.user);

  it('holds the answer in the query client, and a copy in the store', async () => {
    const backend = server(pharmacist);
    const { session, store, queryClient } = sessionFor('portal', backend);
    expect(await session.currentUser()).toEqual(pharmacist);
    expect(queryClient.current()?.getQueryData(userKey)).toEqual(pharmacist);
    expect(store.get(session.userAtom)).toEqual(pharmacist);
  });

  it("writes the login's answer without asking, and nobody after the session ends, with nothing else the session read", async () => {
    const backend = server(pharmacist);
    const { session, store, queryClient } = sessionFor('portal', backend);
    await session.logIn('farmacia', 'secret');
    const client = queryClient.current();
    expect(client?.getQueryData(userKey)).toEqual(pharmacist);
    expect(store.get(session.userAtom)).toEqual(pharmacist);
    const ordersKey = ['GET', '/api/v1/clients/{clientId}/orders', { clientId: '7' }];
    client?.setQueryData(ordersKey, { data: [] });

    session.endSession('expired');
    expect(client?.getQueryData(userKey)).toBeNull();
    expect(client?.getQueryData(ordersKey)).toBeUndefined();
    expect(store.get(session.userAtom)).toBeNull();
    expect(await session.currentUser()).toBeNull();
    expect(backend.asked.user).toBe(0);
  });

  it('answers the checks in flight when a login lands with the logged-in user, not the answer for the session before', async () => {
    const backend = server(pharmacist);
    let answerCheck: (user: TestUser) => void = () => undefined;
    backend.calls.user = () =>
      new Promise<TestUser>((resolve) => {
        backend.asked.user += 1;
        answerCheck = resolve;
      });
    const { session, queryClient } = sessionFor('portal', backend);
    const checks = Promise.all([session.currentUser(), session.currentUser()]);
    await vi.waitFor(() => expect(backend.asked.user).toBe(1));
    await session.logIn('farmacia', 'secret');
    answerCheck(salesRep);
    expect(await checks).toEqual([pharmacist, pharmacist]);
    expect(queryClient.current()?.getQueryData(userKey)).toEqual(pharmacist);
  });

  it('with a page served to no session, asks nothing and makes no query client', async () => {
    vi.stubGlobal('document', { querySelector: () => ({ content: 'none' }) });
    // A page that has not logged in or out yet: the hint is module state, which other tests changed.
    vi.resetModules();
    const fresh = await import('./session.ts');
    const backend = server(pharmacist);
    const { session, queryClient } = sessionFor('portal', backend, {}, fresh.createSession);
    expect(await session.guard(request('/login'), { requireUser: false })).toBeNull();
    expect(backend.asked.user).toBe(0);
    expect(queryClient.current()).toBeUndefined();
  });
});

describe('the end of a session', () => {
  it('a 401 while logged in says so once and announces the expiry; while anonymous it says nothing', async () => {
    const endings: SessionEnding[] = [];
    const stop = onSessionEnd((ending) => endings.push(ending));
    const unauthorised: { listener?: (message: string | undefined) => void } = {};
    const { session, refusals } = sessionFor('portal', server(pharmacist), unauthorised);
    await session.currentUser();
    unauthorised.listener?.('Tu sesión ha caducado.');
    unauthorised.listener?.('Tu sesión ha caducado.');
    stop();
    expect(refusals).toEqual(['Tu sesión ha caducado.']);
    expect(endings).toEqual([{ reason: 'expired', userId: 1 }]);
  });

  it('logging out announces it with the user', async () => {
    const endings: SessionEnding[] = [];
    const stop = onSessionEnd((ending) => endings.push(ending));
    const { session } = sessionFor('backoffice', server(salesRep));
    await session.logIn('rep', 'secret');
    await session.logOut();
    stop();
    expect(endings).toEqual([{ reason: 'logout', userId: 2 }]);
  });
});
