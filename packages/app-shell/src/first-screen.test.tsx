import userEvent from '@testing-library/user-event';
import { type FormEvent, useEffect, useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppTree } from './app-root.tsx';
import { startAppAfterFirstScreen } from './first-screen.tsx';

/** What a login sent from either page reaches, and how often. */
let sent: string[] = [];
/** A login sent from the first screen, for the router's page to send (the portal keeps it so). */
let queued: string | null = null;

/** The same form on both pages: uncontrolled fields, a remember box, its button. */
function LoginCard({ isRouted, onSend }: { isRouted: boolean; onSend: (user: string) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSend(new FormData(event.currentTarget).get('username') as string);
  };
  return (
    <main>
      <h1>Accede</h1>
      <form onSubmit={submit}>
        <label>
          Usuario
          {/* biome-ignore lint/a11y/noAutofocus: as the login page, which focuses its first field. */}
          <input name="username" autoFocus />
        </label>
        <label>
          Contraseña
          <input name="password" type="password" />
        </label>
        <label>
          <input name="remember" type="checkbox" /> Recordarme
        </label>
        <button type="submit">Entrar</button>
      </form>
      {isRouted ? <Link to="/alta">Alta</Link> : <a href="/alta">Alta</a>}
      <p data-testid="page">{isRouted ? 'router' : 'first screen'}</p>
    </main>
  );
}

function FirstScreen({ handOver }: { handOver: () => Promise<void> }) {
  const [message, setMessage] = useState('');
  return (
    <>
      <LoginCard
        isRouted={false}
        onSend={(user) => {
          queued = user;
          handOver().catch(() => {
            queued = null;
            setMessage('Sin conexión');
          });
        }}
      />
      <p role="alert">{message}</p>
    </>
  );
}

function RoutedLogin() {
  useEffect(() => {
    const user = queued;
    queued = null;
    if (user !== null) sent.push(user);
  }, []);
  return <LoginCard isRouted onSend={(user) => sent.push(user)} />;
}

/** The app's router and tree, handed out when `release` is called (its chunk has arrived). */
function deferredApp(path = '/login') {
  let release: (() => void) | undefined;
  let fail: ((error: Error) => void) | undefined;
  const loadApp = vi.fn(
    () =>
      new Promise<Pick<AppTree, 'router' | 'element'>>((resolve, reject) => {
        fail = reject;
        release = () => {
          const router = createMemoryRouter(
            [
              { path: '/login', element: <RoutedLogin /> },
              { path: '/alta', element: <h1>Alta</h1> },
            ],
            { initialEntries: [path] },
          );
          resolve({ router, element: <RouterProvider router={router} /> });
        };
      }),
  );
  return {
    loadApp,
    /** The router's code arrives; resolves once the router has the page. */
    release: async () => {
      release?.();
      await vi.waitFor(() => expect(page()).toBe('router'));
    },
    fail: (error: Error) => fail?.(error),
    arrive: () => release?.(),
  };
}

const page = () => document.querySelector('[data-testid="page"]')?.textContent;
const field = (name: string) =>
  document.querySelector<HTMLInputElement>(`[name="${name}"]`) as HTMLInputElement;

let container: HTMLElement;
let originalPath: string;
beforeEach(() => {
  sent = [];
  queued = null;
  originalPath = window.location.pathname + window.location.search;
  window.history.replaceState(null, '', '/login?redirect=%2Fpedidos');
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  container.remove();
  window.history.replaceState(null, '', originalPath);
});

function start(app: ReturnType<typeof deferredApp>) {
  // Idle comes only when the test says so: each test hands over when it means to.
  vi.spyOn(window, 'requestIdleCallback').mockImplementation(() => 0);
  startAppAfterFirstScreen({
    firstScreen: { path: '/login', render: (handOver) => <FirstScreen handOver={handOver} /> },
    loadApp: app.loadApp,
    container,
  });
}

describe('a first screen painted before the router', () => {
  it('paints at once, and loads the router only at the first key or pointer press', async () => {
    const app = deferredApp();
    start(app);
    await vi.waitFor(() => expect(page()).toBe('first screen'));
    expect(field('username')).toHaveFocus();
    expect(app.loadApp).not.toHaveBeenCalled();
    await userEvent.keyboard('f');
    expect(app.loadApp).toHaveBeenCalledOnce();
    await userEvent.keyboard('armacia');
    await app.release();
    expect(app.loadApp).toHaveBeenCalledOnce();
  });

  it('hands the router the text typed, the box ticked, the focus and the caret', async () => {
    const app = deferredApp();
    start(app);
    await vi.waitFor(() => expect(page()).toBe('first screen'));
    await userEvent.keyboard('farmacia.demo');
    await userEvent.click(field('remember'));
    await userEvent.click(field('password'));
    await userEvent.keyboard('Botica2026');
    field('password').setSelectionRange(2, 5, 'backward');
    const before = field('password');

    await app.release();
    expect(field('password')).not.toBe(before);
    expect(field('username').value).toBe('farmacia.demo');
    expect(field('password').value).toBe('Botica2026');
    expect(field('remember').checked).toBe(true);
    expect(field('password')).toHaveFocus();
    expect([
      field('password').selectionStart,
      field('password').selectionEnd,
      field('password').selectionDirection,
    ]).toEqual([2, 5, 'backward']);
    // Typing goes on where it was: over the selection.
    await userEvent.keyboard('!');
    expect(field('password').value).toBe('Bo!a2026');
  });

  it('keeps the focus on a button or link, and nowhere when it was nowhere', async () => {
    const app = deferredApp();
    start(app);
    await vi.waitFor(() => expect(page()).toBe('first screen'));
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toHaveTextContent('Entrar');
    await app.release();
    expect(document.activeElement).toHaveTextContent('Entrar');
    expect(document.activeElement?.tagName).toBe('BUTTON');

    container.remove();
    container = document.createElement('div');
    document.body.append(container);
    const second = deferredApp();
    start(second);
    await vi.waitFor(() => expect(page()).toBe('first screen'));
    (document.activeElement as HTMLElement).blur();
    await userEvent.click(document.body);
    await second.release();
    // The router's field that focuses itself on mount gives the focus back.
    expect(document.activeElement).toBe(document.body);
  });

  it('sends a login submitted before the router was there once, from the router’s page', async () => {
    const app = deferredApp();
    start(app);
    await vi.waitFor(() => expect(page()).toBe('first screen'));
    await userEvent.keyboard('farmacia.demo{Enter}');
    await userEvent.keyboard('{Enter}');
    expect(sent).toEqual([]);
    await app.release();
    expect(sent).toEqual(['farmacia.demo']);
    expect(field('username').value).toBe('farmacia.demo');
    // From now on the router's page sends, once per submit.
    await userEvent.keyboard('{Enter}');
    expect(sent).toEqual(['farmacia.demo', 'farmacia.demo']);
  });

  it('tries again at the next press when the router could not be loaded, and says so to a submit', async () => {
    const app = deferredApp();
    start(app);
    await vi.waitFor(() => expect(page()).toBe('first screen'));
    await userEvent.keyboard('farmacia.demo{Enter}');
    app.fail(new TypeError('Failed to fetch dynamically imported module'));
    await vi.waitFor(() =>
      expect(document.querySelector('[role="alert"]')).toHaveTextContent('Sin conexión'),
    );
    expect(app.loadApp).toHaveBeenCalledOnce();
    await userEvent.keyboard('x');
    expect(app.loadApp).toHaveBeenCalledTimes(2);
    await app.release();
    expect(sent).toEqual([]);
    expect(field('username').value).toBe('farmacia.demox');
  });

  it('renders the router at once on any other page', async () => {
    window.history.replaceState(null, '', '/alta');
    const app = deferredApp('/alta');
    start(app);
    expect(app.loadApp).toHaveBeenCalledOnce();
    app.arrive();
    await vi.waitFor(() => expect(container.querySelector('h1')).toHaveTextContent('Alta'));
  });
});
