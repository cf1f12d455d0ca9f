import { CALL_ERRORS, cartSaveError } from '@botica/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { DialogTrigger } from '../dialog/dialog.tsx';
import { AlertDialog } from './alert-dialog.tsx';

const restricted = CALL_ERRORS[403];
const cap = cartSaveError(406, { monthlyCapCents: 300000 });

const meta = {
  title: 'Diálogos/AlertDialog',
  component: AlertDialog,
  tags: ['autodocs'],
  args: {
    title: 'Pedido enviado',
    children: 'Hemos recibido tu pedido. Te avisaremos por correo electrónico cuando salga del almacén.',
    onConfirm: fn(),
  },
  render: (args) => (
    <DialogTrigger>
      <Button variant="secondary">Mostrar aviso</Button>
      <AlertDialog {...args} />
    </DialogTrigger>
  ),
} satisfies Meta<typeof AlertDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The default button says 'Aceptar' and closes the dialog. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Mostrar aviso' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pedido enviado' });
    const accept = within(dialog).getByRole('button', { name: 'Aceptar' });
    await expect(accept).toHaveFocus();
    await userEvent.click(accept);
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** The 403 dialog, with the link home. */
export const RestrictedData: Story = {
  args: { isOpen: true, tone: 'warning', title: restricted.title, children: restricted.text, homeHref: '/' },
  render: (args) => <AlertDialog {...args} />,
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Datos Restringidos' });
    await expect(within(dialog).getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  },
};

/** The cart-save 406: over the monthly cap. */
export const MonthlyCapExceeded: Story = {
  args: {
    isOpen: true,
    tone: 'danger',
    title: cap.title,
    children: cap.text,
    confirmLabel: 'Revisar pedido',
  },
  render: (args) => <AlertDialog {...args} />,
};

export const LongSpanishText: Story = {
  args: {
    isOpen: true,
    title: 'Tu sesión ha caducado por inactividad y los cambios no guardados se han perdido',
    children:
      'Por tu seguridad cerramos la sesión tras un periodo sin actividad. Vuelve a iniciar sesión con tu usuario y contraseña para continuar preparando el pedido de la farmacia.',
  },
  render: (args) => <AlertDialog {...args} />,
};
