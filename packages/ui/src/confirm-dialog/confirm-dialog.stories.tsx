import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { DialogTrigger } from '../dialog/dialog.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

const meta = {
  title: 'Diálogos/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['autodocs'],
  args: {
    title: '¿Eliminar a Lucía Martín?',
    children: 'Lucía dejará de poder entrar en el portal y hacer pedidos para esta farmacia.',
    confirmLabel: 'Eliminar usuario',
    isDestructive: true,
    onConfirm: fn(),
    onCancel: fn(),
  },
  render: (args) => (
    <DialogTrigger>
      <Button variant="secondary">Eliminar usuario</Button>
      <ConfirmDialog {...args} />
    </DialogTrigger>
  ),
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Eliminar usuario' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar a Lucía Martín?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar usuario' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

export const Cancel: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Eliminar usuario' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** An asynchronous confirm shows the pending state until it settles. */
export const Pending: Story = {
  args: {
    isOpen: true,
    isDestructive: false,
    title: '¿Enviar el pedido?',
    children: 'Enviaremos el pedido de 15 unidades (163,40 €) al laboratorio.',
    confirmLabel: 'ENVIAR PEDIDO',
    onConfirm: fn(() => new Promise(() => {})),
  },
  render: (args) => <ConfirmDialog {...args} />,
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ENVIAR PEDIDO' }));
    await expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
  },
};

export const DefaultLabels: Story = {
  args: {
    isOpen: true,
    isDestructive: false,
    confirmLabel: undefined,
    title: '¿Guardar los cambios?',
    children: 'Se actualizarán los datos de la farmacia.',
  },
  render: (args) => <ConfirmDialog {...args} />,
};
