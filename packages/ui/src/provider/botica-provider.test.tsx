import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NumberField as AriaNumberField, Input, Label } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { Link } from '../link/link.tsx';
import { createToastQueue, showToast } from '../toasts/toasts.tsx';
import { BoticaProvider } from './botica-provider.tsx';

describe('BoticaProvider', () => {
  it('formats numbers in es-ES', () => {
    render(
      <BoticaProvider toastQueue={null}>
        <AriaNumberField defaultValue={1234.5}>
          <Label>Importe</Label>
          <Input />
        </AriaNumberField>
      </BoticaProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'Importe' })).toHaveValue('1234,5');
  });

  it("hands every link's href to the app's navigate instead of loading a page", async () => {
    const navigate = vi.fn();
    render(
      <BoticaProvider navigate={navigate} toastQueue={null}>
        <Link href="/catalog">Catálogo de Productos</Link>
      </BoticaProvider>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Catálogo de Productos' }));
    expect(navigate).toHaveBeenCalledWith('/catalog', undefined);
  });

  it('renders the toast region with its queue', async () => {
    const queue = createToastQueue();
    render(
      <BoticaProvider toastQueue={queue}>
        <p>Portal</p>
      </BoticaProvider>,
    );
    showToast({ title: 'La sesión ha expirado' }, { queue });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('La sesión ha expirado');
    expect(screen.getByRole('region', { name: 'Notificaciones' })).toBeInTheDocument();
    queue.clear();
  });
});
