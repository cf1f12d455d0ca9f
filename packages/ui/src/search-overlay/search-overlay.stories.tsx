import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fakeSearch } from '../internal/fake-search.ts';
import { SearchOverlay } from './search-overlay.tsx';

const meta = {
  title: 'Búsqueda/SearchOverlay',
  component: SearchOverlay,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    isOpen: true,
    onOpenChange: fn(),
    onSelect: fn(),
    onSearch: fn((query: string, page: number) => fakeSearch(query, page)),
  },
  render: function Render(args) {
    const [isOpen, setOpen] = useState(args.isOpen);
    return (
      <div style={{ minHeight: '100vh' }}>
        <SearchOverlay
          {...args}
          isOpen={isOpen}
          onOpenChange={(next) => {
            args.onOpenChange(next);
            setOpen(next);
          }}
        />
      </div>
    );
  },
} satisfies Meta<typeof SearchOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens with the field focused and the hint. */
export const Default: Story = {
  play: async () => {
    const field = await screen.findByRole('textbox', { name: 'Buscar por referencia o nombre' });
    await waitFor(() => expect(field).toHaveFocus());
    await expect(screen.getByRole('status')).toHaveTextContent(
      'Escribe una referencia o un nombre de producto.',
    );
  },
};

/** Results for 'val', as the pharmacist sees them (no interaction). */
export const Results: Story = { args: { initialQuery: 'val' } };

/** Typing searches after the pause; arrows move through the results; Enter opens one. */
export const WithResults: Story = {
  args: { initialQuery: 'val' },
  play: async ({ args }) => {
    const list = await screen.findByRole('listbox', { name: 'Resultados de la búsqueda' });
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(1), {
      timeout: 3000,
    });
    await expect(args.onSearch).toHaveBeenCalledWith('val', 0);
    const field = screen.getByRole('textbox');
    await userEvent.click(field);
    await userEvent.keyboard('{ArrowDown}');
    const first = within(list).getAllByRole('option')[0] as HTMLElement;
    await waitFor(() => expect(field).toHaveAttribute('aria-activedescendant', first.id));
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Valeriana y Pasiflora Noche' }),
    );
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** Scrolling within 100 px of the end asks for the next page. */
export const MorePages: Story = {
  args: { initialQuery: 'a' },
  play: async ({ args }) => {
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(20), { timeout: 3000 });
    const scroller = list.parentElement as HTMLElement;
    scroller.scrollTop = scroller.scrollHeight;
    scroller.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith('a', 1));
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(20), {
      timeout: 3000,
    });
  },
};

export const NoResults: Story = {
  args: { initialQuery: 'zzz' },
  play: async () => {
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No hay productos para «zzz»'), {
      timeout: 3000,
    });
  },
};

export const Loading: Story = {
  args: {
    initialQuery: 'equi',
    onSearch: fn((_query: string, _page: number) => new Promise<never>(() => {})),
  },
  play: async () => {
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Buscando…'), { timeout: 3000 });
  },
};

export const ErrorState: Story = {
  args: {
    initialQuery: 'equi',
    onSearch: fn((_query: string, _page: number) => Promise.reject<never>(new Error('network'))),
  },
  play: async () => {
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reintentar' })).toBeVisible(), {
      timeout: 3000,
    });
    await expect(screen.getByRole('status')).toHaveTextContent('No se ha podido buscar');
    await expect(screen.getByText(/No es posible acceder al servicio de búsqueda/)).toBeVisible();
  },
};

/** A failure the app can explain (here, a search the server refuses) is said as the app says it. */
export const ErrorExplained: Story = {
  args: {
    initialQuery: 'equi',
    onSearch: fn((_query: string, _page: number) => Promise.reject<never>(new Error('422'))),
    describeError: (error) =>
      error instanceof Error && error.message === '422'
        ? 'No hemos podido buscar ese texto: Debe tener como máximo 100 caracteres.'
        : undefined,
  },
  play: async () => {
    await expect(
      await screen.findByText('No hemos podido buscar ese texto: Debe tener como máximo 100 caracteres.'),
    ).toBeVisible();
    await expect(screen.queryByText(/No es posible acceder/)).toBeNull();
  },
};

/** The field stops at 100 characters, the longest search the server takes. */
export const LongQueryStops: Story = {
  play: async () => {
    const field = await screen.findByRole('textbox');
    await userEvent.click(field);
    await userEvent.paste('valeriana '.repeat(60));
    await expect((field as HTMLInputElement).value).toHaveLength(100);
  },
};

/** The close button and Escape close the overlay. */
export const Closing: Story = {
  play: async ({ args }) => {
    await screen.findByRole('textbox');
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const LongSpanishText: Story = { args: { initialQuery: 'jalea' } };
