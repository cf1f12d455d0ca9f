import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Select } from './select.tsx';

const shops = [
  { id: 1, label: 'Farmacia del Sol — Madrid' },
  { id: 2, label: 'Farmacia Alameda — Sevilla' },
  { id: 3, label: 'Farmacia Mar Menor — Cartagena' },
];

const meta = {
  title: 'Formularios/Select',
  component: Select,
  tags: ['autodocs'],
  args: { label: 'Tienda', options: shops, onChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Tienda/ }));
    const body = within(canvasElement.ownerDocument.body);
    const option = await body.findByRole('option', { name: 'Farmacia Alameda — Sevilla' });
    await userEvent.click(option);
    await expect(args.onChange).toHaveBeenCalledWith(2);
    await waitFor(() => expect(canvas.getByRole('button', { name: /Farmacia Alameda/ })).toBeVisible());
  },
};

export const Selected: Story = { args: { defaultValue: 3 } };

export const Empty: Story = { args: { options: [], placeholder: 'No hay tiendas' } };

export const Invalid: Story = {
  args: { isRequired: true, isInvalid: true, errorMessage: 'Selecciona la tienda que recibirá el pedido.' },
};

export const Disabled: Story = { args: { isDisabled: true, defaultValue: 1 } };

export const LongSpanishText: Story = {
  args: {
    label: 'Dirección de entrega habitual de los pedidos',
    options: [
      {
        id: 1,
        label:
          'Farmacia Licenciada María José Fernández-Villaverde — Calle Mayor de San Bartolomé 27, Valladolid',
      },
      { id: 2, label: 'Almacén auxiliar del polígono industrial de Santa Ana, nave 14 — Rivas-Vaciamadrid' },
    ],
    defaultValue: 1,
  },
};
