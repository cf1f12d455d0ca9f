import { ADD_TO_CART_TOAST_MS, addToCartToast, CALL_ERRORS } from '@botica/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useCallback, useEffect, useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog.tsx';
import { products } from '../internal/fixtures.ts';
import type { Product } from '../types.ts';
import { createToastQueue, showAddToCartToast, showToast, type ToastQueue, Toasts } from './toasts.tsx';

const equinacea = products[0] as Product;
const jalea = products[4] as Product;

function Demo({ queue, onMount }: { queue: ToastQueue; onMount?: (queue: ToastQueue) => void }) {
  useEffect(() => {
    onMount?.(queue);
    return () => queue.clear();
  }, [queue, onMount]);
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 12, minHeight: 360 }}>
      <Button
        onPress={() => showAddToCartToast({ product: equinacea, previousQuantity: 0, quantity: 3, queue })}
      >
        Añadir 3 al pedido
      </Button>
      <Button
        variant="secondary"
        onPress={() => showToast({ ...toastOf(CALL_ERRORS[419]), tone: 'warning' }, { queue })}
      >
        Sesión expirada
      </Button>
      <Toasts queue={queue} />
    </div>
  );
}

const toastOf = (entry: { title: string; text: string }) => ({ title: entry.title, description: entry.text });

const meta = {
  title: 'Estados/Toasts',
  component: Toasts,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  render: function Render() {
    const [queue] = useState(createToastQueue);
    return (
      <div style={{ padding: 24 }}>
        <Demo queue={queue} />
      </div>
    );
  },
} satisfies Meta<typeof Toasts>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The add-to-cart toast: thumbnail, the spec's text and the product's name, gone after 1.5 s. */
export const AddToCart: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Añadir 3 al pedido' }));
    const toast = await screen.findByRole('alertdialog');
    await expect(toast).toHaveTextContent('Has agregado 3 unidades en tu pedido');
    await expect(toast).toHaveTextContent(equinacea.name);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), {
      timeout: ADD_TO_CART_TOAST_MS + 1500,
    });
  },
};

/** Other toasts stay 7 s, stack, and close with their button. */
export const StackedAndDismissible: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sesión expirada' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Sesión expirada' }));
    await waitFor(() => expect(screen.getAllByRole('alertdialog')).toHaveLength(2));
    const region = screen.getByRole('region', { name: 'Notificaciones' });
    await userEvent.click(
      within(region).getAllByRole('button', { name: 'Cerrar notificación' })[0] as HTMLElement,
    );
    await waitFor(() => expect(screen.getAllByRole('alertdialog')).toHaveLength(1));
  },
};

/** A toast with an action ('Deshacer' after removing a line): pressing it runs the action and closes the toast. */
export const WithAction: Story = {
  render: function Render() {
    const [queue] = useState(createToastQueue);
    const [undone, setUndone] = useState(0);
    // Added once: a new callback on every render would clear the queue and add the toast again.
    const addRemovedToast = useCallback((q: ToastQueue) => {
      q.add({
        title: 'Has eliminado el producto de tu pedido',
        tone: 'info',
        product: jalea,
        action: { label: 'Deshacer', onAction: () => setUndone((count) => count + 1) },
      });
    }, []);
    return (
      <div style={{ padding: 24 }}>
        <p>Deshecho {undone} veces</p>
        <Demo queue={queue} onMount={addRemovedToast} />
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const toast = await screen.findByRole('alertdialog');
    await expect(toast).toHaveTextContent('Has eliminado el producto de tu pedido');
    await userEvent.click(within(toast).getByRole('button', { name: 'Deshacer' }));
    await expect(within(canvasElement).getByText('Deshecho 1 veces')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** For review and screenshots: the add-to-cart toast held on screen (in the app it goes after 1.5 s). */
export const AddToCartHeld: Story = {
  render: function Render() {
    const [queue] = useState(createToastQueue);
    return (
      <div style={{ padding: 24 }}>
        <Demo
          queue={queue}
          onMount={(q) => {
            q.add({ title: addToCartToast(2, 5), tone: 'success', product: jalea });
          }}
        />
      </div>
    );
  },
};

/** Every tone, held on screen. */
export const Tones: Story = {
  render: function Render() {
    const [queue] = useState(createToastQueue);
    return (
      <div style={{ padding: 24 }}>
        <Demo
          queue={queue}
          onMount={(q) => {
            q.add({ ...toastOf(CALL_ERRORS.network), tone: 'danger' });
            q.add({ ...toastOf(CALL_ERRORS[422]), tone: 'warning' });
            q.add({
              title: 'Pedido enviado',
              description: 'Te avisaremos cuando salga del almacén.',
              tone: 'success',
            });
            q.add({
              title: 'Nuevo webinar disponible',
              description: 'Fitoterapia del sueño, jueves a las 14:00.',
            });
          }}
        />
      </div>
    );
  },
};

/**
 * A toast while a dialog asks for confirmation (on a phone the dialog is a sheet at the bottom, where
 * the toasts are): the dialog rises above the toasts, and its buttons stay uncovered.
 */
export const BesideADialog: Story = {
  globals: { viewport: { value: 'phone' } },
  render: function Render() {
    const [queue] = useState(createToastQueue);
    const [isOpen, setOpen] = useState(true);
    return (
      <div style={{ padding: 24 }}>
        <Demo
          queue={queue}
          onMount={(q) => {
            q.add({ ...toastOf(CALL_ERRORS.network), tone: 'danger' });
          }}
        />
        <ConfirmDialog
          title="¿Eliminar este usuario?"
          isOpen={isOpen}
          onOpenChange={setOpen}
          confirmLabel="Eliminar"
          isDestructive
          onConfirm={() => undefined}
        >
          <p>Dejará de poder entrar en el portal con su usuario.</p>
        </ConfirmDialog>
      </div>
    );
  },
  play: async () => {
    const toast = await screen.findByRole('alertdialog', { name: /No es posible acceder al servicio/ });
    const dialog = screen.getByRole('alertdialog', { name: '¿Eliminar este usuario?' });
    await waitFor(() => {
      const box = toast.getBoundingClientRect();
      for (const button of within(dialog).getAllByRole('button')) {
        const action = button.getBoundingClientRect();
        const overlaps =
          box.left < action.right &&
          action.left < box.right &&
          box.top < action.bottom &&
          action.top < box.bottom;
        expect(overlaps).toBe(false);
      }
    });
  },
};
