import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BoticaProvider } from '../provider/botica-provider.tsx';
import { PlainLink } from './plain-link.tsx';

function setup(link: React.ReactNode, useHref?: (href: string) => string) {
  const navigate = vi.fn();
  render(
    <BoticaProvider navigate={navigate} useHref={useHref} toastQueue={null}>
      {link}
    </BoticaProvider>,
  );
  return { navigate, user: userEvent.setup() };
}

describe('PlainLink', () => {
  it("hands a click or Enter to the app's navigate instead of loading a page", async () => {
    const onPress = vi.fn();
    const { navigate, user } = setup(
      <PlainLink href="/catalog" onPress={onPress}>
        Catálogo de Productos
      </PlainLink>,
    );
    const link = screen.getByRole('link', { name: 'Catálogo de Productos' });
    await user.click(link);
    expect(navigate).toHaveBeenCalledWith('/catalog');
    link.focus();
    await user.keyboard('{Enter}');
    expect(navigate).toHaveBeenCalledTimes(2);
    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it('writes the href through the router and leaves new tabs and modified clicks to the browser', async () => {
    const { navigate, user } = setup(
      <>
        <PlainLink href="/cart">Mi pedido</PlainLink>
        <PlainLink href="/aviso-legal" target="_blank" onClick={(event) => event.preventDefault()}>
          Aviso legal
        </PlainLink>
      </>,
      (href) => `/portal${href}`,
    );
    const cart = screen.getByRole('link', { name: 'Mi pedido' });
    expect(cart).toHaveAttribute('href', '/portal/cart');
    // A ctrl-click opens a tab: not the app's. (The browser's default is prevented here, not by the link.)
    cart.addEventListener('click', (event) => event.preventDefault());
    await user.keyboard('{Control>}');
    await user.click(cart);
    await user.keyboard('{/Control}');
    await user.click(screen.getByRole('link', { name: 'Aviso legal' }));
    expect(navigate).not.toHaveBeenCalled();
  });
});
