import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CartIcon } from '../icons/icons.tsx';
import { Button } from './button.tsx';

const meta = {
  title: 'Acciones/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: 'Añadir al pedido', onPress: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'danger'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Añadir al pedido' });
    await userEvent.click(button);
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Ver catálogo' } };

export const Ghost: Story = { args: { variant: 'ghost', children: 'Cancelar' } };

export const Danger: Story = { args: { variant: 'danger', children: 'Eliminar usuario' } };

export const WithIcon: Story = { args: { iconStart: <CartIcon />, size: 'lg', children: 'ENVIAR PEDIDO' } };

export const Small: Story = { args: { size: 'sm', variant: 'secondary', children: 'Descargar PDF' } };

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Añadir al pedido' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const Pending: Story = {
  args: { isPending: true, children: 'Guardando pedido' },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button');
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const LongSpanishText: Story = {
  args: {
    children: 'Solicitar la documentación técnica y los certificados de análisis del lote',
    isFullWidth: true,
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
};
