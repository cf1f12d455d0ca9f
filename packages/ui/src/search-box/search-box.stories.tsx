import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fakeSearch } from '../internal/fake-search.ts';
import { SearchBox } from './search-box.tsx';

const meta = {
  title: 'Búsqueda/SearchBox',
  component: SearchBox,
  tags: ['autodocs'],
  args: { onSearch: fn((query: string, page: number) => fakeSearch(query, page)), onSelect: fn() },
} satisfies Meta<typeof SearchBox>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Pressing the box opens the overlay with its field focused. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Buscar por referencia o nombre' }),
    );
    const field = await screen.findByRole('textbox');
    await waitFor(() => expect(field).toHaveFocus());
  },
};

/** Typing on the focused box opens the overlay with that character. */
export const TypeToSearch: Story = {
  play: async ({ args, canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Buscar por referencia o nombre' }).focus();
    await userEvent.keyboard('v');
    const field = await screen.findByRole('textbox');
    await expect(field).toHaveValue('v');
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith('v', 0), { timeout: 2000 });
  },
};

export const Compact: Story = { args: { size: 'compact' } };

export const Disabled: Story = { args: { isDisabled: true } };
