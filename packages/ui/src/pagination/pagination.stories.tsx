import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pagination } from './pagination.tsx';

const meta = {
  title: 'Datos/Pagination',
  component: Pagination,
  tags: ['autodocs'],
  args: { page: 5, pageCount: 12, onPageChange: fn() },
  render: function Render(args) {
    const [page, setPage] = useState(args.page);
    return (
      <Pagination
        {...args}
        page={page}
        onPageChange={(next) => {
          args.onPageChange(next);
          setPage(next);
        }}
      />
    );
  },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Paginación' });
    await expect(within(nav).getByRole('button', { name: 'Página 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(nav).getByRole('button', { name: 'Página siguiente' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(6);
    await userEvent.click(within(nav).getByRole('button', { name: 'Página 12' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(12);
    await expect(within(nav).getByRole('button', { name: 'Página siguiente' })).toBeDisabled();
  },
};

export const FirstPage: Story = { args: { page: 1, pageCount: 3 } };

export const SinglePage: Story = {
  args: { page: 1, pageCount: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('navigation')).toBeNull();
  },
};

export const Disabled: Story = { args: { isDisabled: true } };

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
