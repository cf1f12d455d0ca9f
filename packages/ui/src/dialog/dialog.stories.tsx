import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { Dialog, DialogTrigger } from './dialog.tsx';

const meta = {
  title: 'Diálogos/Dialog',
  component: Dialog,
  tags: ['autodocs'],
  args: {
    title: 'Pedido web 2025-0042',
    children: (
      <p>
        Enviado el 14 de marzo de 2025 a las 10:32. Incluye 15 unidades de 4 productos y se entregará en
        Farmacia del Sol (Madrid).
      </p>
    ),
  },
  render: (args) => (
    <DialogTrigger>
      <Button variant="secondary">Ver detalle del pedido</Button>
      <Dialog {...args} />
    </DialogTrigger>
  ),
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Ver detalle del pedido' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Pedido web 2025-0042' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Open: Story = {
  args: {
    isOpen: true,
    footer: (close) => (
      <>
        <Button variant="ghost" onPress={close}>
          Cerrar
        </Button>
        <Button onPress={close}>Repetir pedido</Button>
      </>
    ),
  },
  render: (args) => <Dialog {...args} />,
};

export const EscapeCloses: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Ver detalle del pedido' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const Blocking: Story = {
  args: {
    isOpen: true,
    isDismissable: false,
    title: 'Servicio en mantenimiento',
    children: (
      <p>
        Nuestros técnicos están actualizando la aplicación. El servicio volverá a estar disponible en breve.
      </p>
    ),
  },
  render: (args) => <Dialog {...args} />,
};

export const LongSpanishText: Story = {
  args: {
    isOpen: true,
    size: 'lg',
    title: 'Condiciones particulares de la campaña de fitoterapia respiratoria para farmacias asociadas',
    children: (
      <>
        <p>
          Durante los meses de octubre a febrero, las farmacias adheridas a la campaña disfrutarán de un
          descuento adicional sobre las referencias de la línea respiratoria, acumulable a los descuentos por
          volumen ya pactados.
        </p>
        <p>
          El descuento se aplicará automáticamente en «Mi pedido» siempre que el importe de las referencias de
          la campaña supere el mínimo indicado en las condiciones generales de venta del laboratorio.
        </p>
      </>
    ),
  },
  render: (args) => <Dialog {...args} />,
};
