import { auth } from '@botica/api-client/endpoints';
import { render, screen } from '@testing-library/react';
import { type Atom, createStore, useAtomValue } from 'jotai';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferQueryClient } from '../query/deferred-query-client.ts';
import { endpointKey } from '../query/endpoint-query.ts';
import { createSession, type SessionUser } from './session.ts';

// In a browser, where TanStack Query collects what no screen observes (in Node it never does).

const pharmacist: SessionUser = { id: 1, role: 'client' };

function pageSession() {
  const asked = { user: 0 };
  const store = createStore();
  const queryClient = deferQueryClient();
  const session = createSession({
    store,
    calls: {
      user: async () => {
        asked.user += 1;
        return pharmacist;
      },
      login: async () => pharmacist,
      logout: async () => undefined,
    },
    queryClient,
    userEndpoint: auth.user,
    allowedRoles: ['client'],
    onUnauthorised: () => undefined,
    reportCallError: () => undefined,
    reportSessionRefused: () => () => undefined,
  });
  return { session, store, queryClient, asked };
}

/** A header as the apps' chromes read the user: synchronously, from the store. */
function Header({
  userAtom,
  store,
}: {
  userAtom: Atom<SessionUser | null>;
  store: ReturnType<typeof createStore>;
}) {
  const user = useAtomValue(userAtom, { store });
  return <p>{user === null ? 'Sin sesión' : `Usuario ${user.id}`}</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the session in a page', () => {
  it('asks once per page load: the user outlives the time after which the cache drops what no screen reads', async () => {
    vi.useFakeTimers();
    const { session, queryClient, asked } = pageSession();
    expect(await session.currentUser()).toEqual(pharmacist);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(queryClient.current()?.getQueryData(endpointKey(auth.user))).toEqual(pharmacist);
    expect(await session.currentUser()).toEqual(pharmacist);
    expect(asked.user).toBe(1);
  });

  it("the screens that read the user as they render follow the user's query: checked, ended, logged in", async () => {
    const { session, store } = pageSession();
    render(<Header userAtom={session.userAtom} store={store} />);
    expect(screen.getByText('Sin sesión')).toBeDefined();
    await act(() => session.currentUser());
    expect(screen.getByText('Usuario 1')).toBeDefined();
    act(() => session.endSession('expired'));
    expect(screen.getByText('Sin sesión')).toBeDefined();
    await act(() => session.logIn('farmacia', 'secreto'));
    expect(screen.getByText('Usuario 1')).toBeDefined();
  });
});
