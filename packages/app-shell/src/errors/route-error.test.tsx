import { ApiError } from '@botica/api-client';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LayoutErrorPage, NotFoundPage, RouteErrorPage } from './route-error.tsx';

function Chrome({ children }: { children: ReactNode }) {
  return (
    <>
      <header>Cabecera de la aplicación</header>
      <main>{children}</main>
    </>
  );
}

function show(path: string, routes: Parameters<typeof createMemoryRouter>[0]) {
  const router = createMemoryRouter(
    [{ path: '/', element: <Outlet />, errorElement: <LayoutErrorPage chrome={Chrome} />, children: routes }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("the routes' error pages", () => {
  it("show a screen's API error with its status and the catalogue's text", async () => {
    show('/producto/9', [
      {
        path: 'producto/:id',
        loader: () => {
          throw new ApiError({ status: 404, kind: 'http', message: 'No query results', fieldErrors: {} });
        },
        element: <p>Producto</p>,
        errorElement: <RouteErrorPage />,
      },
    ]);
    expect(
      await screen.findByRole('heading', { name: 'La página que estás buscando no existe.' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Error 404 · Botica'));
  });

  it('put an unknown address in the chrome the app gives', async () => {
    show('/nada', [{ path: '*', element: <NotFoundPage chrome={Chrome} /> }]);
    expect(
      await screen.findByRole('heading', { name: 'La página que estás buscando no existe.' }),
    ).toBeTruthy();
    expect(screen.getByText('Cabecera de la aplicación')).toBeTruthy();
  });

  it("run the guards again once for a refused session, then send the user to the app's login page and back", async () => {
    const refused = new ApiError({ status: 401, kind: 'http', message: 'Unauthenticated.', fieldErrors: {} });
    let asked = 0;
    show('/farmacias?page=2', [
      {
        path: 'farmacias',
        loader: () => {
          asked += 1;
          throw refused;
        },
        element: <p>Farmacias</p>,
        errorElement: <RouteErrorPage loginPath="/backoffice/login" />,
      },
    ]);
    const home = await screen.findByRole('link', { name: /inicio|volver/i });
    expect(home.getAttribute('href')).toBe(
      `/backoffice/login?redirect=${encodeURIComponent('/farmacias?page=2')}`,
    );
    expect(asked).toBe(2);
  });
});
