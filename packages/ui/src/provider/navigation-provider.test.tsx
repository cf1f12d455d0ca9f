import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPage } from '../error-page/error-page.tsx';
import { NavigationProvider } from './navigation-provider.tsx';

describe('NavigationProvider', () => {
  it("gives the library's plain links (here the error page's) the app's router, without react-aria", async () => {
    const navigate = vi.fn();
    render(
      <NavigationProvider navigate={navigate} useHref={(href) => `/portal${href}`}>
        <ErrorPage status={404} />
      </NavigationProvider>,
    );
    const home = screen.getByRole('link', { name: 'Volver al inicio' });
    expect(home).toHaveAttribute('href', '/portal/');
    await userEvent.click(home);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('leaves links plain without a navigate function', () => {
    render(
      <NavigationProvider>
        <ErrorPage status={404} />
      </NavigationProvider>,
    );
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });
});
