import { ApiError } from '@botica/api-client';
import { LoginForm } from '@botica/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type LoginSession, redirectTarget, useLogin } from './login-flow.ts';

interface TestUser {
  name: string;
  role: 'admin' | 'sales_rep' | 'client';
}

/** A session whose server knows `users` by name, with `loggedIn` logged in at first. */
function sessionOf(users: Record<string, TestUser>, loggedIn: TestUser | null = null) {
  let user = loggedIn;
  const logOut = vi.fn(async () => {
    user = null;
  });
  const session: LoginSession<TestUser> = {
    logIn: async (username) => {
      const found = users[username];
      if (found === undefined)
        throw new ApiError({
          status: 401,
          kind: 'http',
          message: 'Credenciales incorrectas.',
          fieldErrors: { username: ['Estas credenciales no coinciden con nuestros registros.'] },
        });
      user = found;
      return found;
    },
    logOut,
    currentUser: async () => user,
    isAllowed: (candidate) => candidate !== null && candidate.role !== 'client',
  };
  return { session, logOut };
}

const target = (search: string) => redirectTarget(search);

function LoginPage({
  loadSession,
  reportError,
}: {
  loadSession: () => Promise<LoginSession<TestUser>>;
  reportError: (error: unknown) => void;
}) {
  const { submit, isPending, failure } = useLogin({ loadSession, redirectTarget: target, reportError });
  return (
    <LoginForm
      onSubmit={(credentials) => void submit(credentials)}
      isPending={isPending}
      fieldErrors={failure?.fields}
      errorMessage={failure?.message}
    />
  );
}

function show(session: LoginSession<TestUser>, path = '/login?redirect=%2Fsolicitudes') {
  const loadSession = async () => session;
  const reportError = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage loadSession={loadSession} reportError={reportError} /> },
      { path: '/solicitudes', element: <h1>Solicitudes</h1> },
      { path: '/', element: <h1>Inicio</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, reportError };
}

async function logIn(username: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Usuario' }), username);
  await user.type(screen.getByLabelText(/^Contraseña/), 'Botica2026');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

const USERS: Record<string, TestUser> = {
  'admin.demo': { name: 'admin.demo', role: 'admin' },
  'farmacia.demo': { name: 'farmacia.demo', role: 'client' },
};

describe("a login page's behaviour", () => {
  it('lets a user of the app in and goes on to the page that asked for the login', async () => {
    const { session } = sessionOf(USERS);
    const { router } = show(session);
    await logIn('admin.demo');
    expect(await screen.findByRole('heading', { name: 'Solicitudes' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/solicitudes');
  });

  it('refuses a user of another role with the 403 text, and logs him out again', async () => {
    const { session, logOut } = sessionOf(USERS);
    const { router } = show(session);
    await logIn('farmacia.demo');
    expect(await screen.findByText('Este acceso no está disponible')).toBeTruthy();
    expect(logOut).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server's refusal under its field, and reports nothing", async () => {
    const { session } = sessionOf(USERS);
    const { reportError } = show(session);
    await logIn('nadie');
    expect(await screen.findByText('Estas credenciales no coinciden con nuestros registros.')).toBeTruthy();
    expect(reportError).not.toHaveBeenCalled();
  });

  it('sends a user of the app who is already logged in on, and logs anyone else out', async () => {
    const admin = sessionOf(USERS, USERS['admin.demo']);
    show(admin.session);
    expect(await screen.findByRole('heading', { name: 'Solicitudes' })).toBeTruthy();

    const pharmacist = sessionOf(USERS, USERS['farmacia.demo']);
    const { router } = show(pharmacist.session, '/login');
    await waitFor(() => expect(pharmacist.logOut).toHaveBeenCalledOnce());
    expect(router.state.location.pathname).toBe('/login');
  });
});
