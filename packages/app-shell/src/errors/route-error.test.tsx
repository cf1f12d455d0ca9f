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
  it("show a route refused to the visitor's role (a 403 its guard threw) inside the layout", async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <Chrome>
              <Outlet />
            </Chrome>
          ),
          errorElement: <LayoutErrorPage chrome={Chrome} loginPath="/acceso" />,
          children: [
            {
              path: 'solicitudes',
              loader: () => {
                throw new Response(null, { status: 403, statusText: 'Forbidden' });
              },
              element: <p>Solicitudes</p>,
              errorElement: <RouteErrorPage loginPath="/acceso" />,
            },
            { path: '*', element: <NotFoundPage chrome={Chrome} /> },
          ],
        },
      ],
      { initialEntries: ['/solicitudes'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Este acceso no está disponible' })).toBeTruthy();
    expect(screen.getByText('Cabecera de la aplicación')).toBeTruthy();
    expect(screen.queryByText('Solicitudes')).toBeNull();
  });

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
