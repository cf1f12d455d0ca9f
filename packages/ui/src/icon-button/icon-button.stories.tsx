import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CloseIcon, SearchIcon, TrashIcon } from '../icons/icons.tsx';
import { IconButton } from './icon-button.tsx';

const meta = {
  title: 'Acciones/IconButton',
  component: IconButton,
  tags: ['autodocs'],
  args: { label: 'Cerrar', children: <CloseIcon />, onPress: fn() },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Cerrar' }));
    await expect(args.onPress).toHaveBeenCalledOnce();
  },
};

export const Secondary: Story = { args: { variant: 'secondary', label: 'Buscar', children: <SearchIcon /> } };

export const Primary: Story = { args: { variant: 'primary', label: 'Buscar', children: <SearchIcon /> } };

export const Small: Story = {
  args: { size: 'sm', label: 'Eliminar del pedido', children: <TrashIcon size={18} /> },
};

export const Disabled: Story = {
  args: { isDisabled: true, label: 'Eliminar del pedido', children: <TrashIcon /> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Eliminar del pedido' })).toBeDisabled();
  },
};
