import { SEARCH_DEBOUNCE_MS } from '@botica/domain';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResultsPage } from '../types.ts';
import { SearchOverlay } from './search-overlay.tsx';

function pageOf(page: number, nbPages: number, size = 20): SearchResultsPage {
  return {
    page,
    nbPages,
    nbHits: nbPages * size,
    hits: Array.from({ length: size }, (_, index) => ({
      id: page * size + index,
      name: `Producto ${page * size + index}`,
      reference: `R-${page * size + index}`,
      image: { miniproduct: null },
    })),
  };
}

describe('SearchOverlay', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function setup(onSearch = vi.fn(async (_query: string, page: number) => pageOf(page, 2))) {
    const onOpenChange = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await act(async () => {
      render(
        <I18nProvider locale="es-ES">
          <SearchOverlay isOpen onOpenChange={onOpenChange} onSearch={onSearch} onSelect={vi.fn()} />
        </I18nProvider>,
      );
    });
    return { onSearch, onOpenChange, user, field: screen.getByRole('textbox') };
  }

  async function settle(ms: number) {
    await act(async () => {
      vi.advanceTimersByTime(ms);
      await Promise.resolve();
    });
  }

  it('focuses the field and searches only after a 500 ms pause in typing', async () => {
    const { onSearch, user, field } = await setup();
    expect(field).toHaveFocus();
    await user.type(field, 'cur');
    await settle(SEARCH_DEBOUNCE_MS - 50);
    expect(onSearch).not.toHaveBeenCalled();
    await settle(60);
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('cur', 0);
    expect(await screen.findAllByRole('option')).toHaveLength(20);
  });

  it('clears the results and searches nothing for empty text', async () => {
    const { onSearch, user, field } = await setup();
    await user.type(field, 'cur');
    await settle(SEARCH_DEBOUNCE_MS);
    expect(await screen.findAllByRole('option')).toHaveLength(20);
    onSearch.mockClear();
    await user.clear(field);
    await settle(SEARCH_DEBOUNCE_MS * 2);
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('asks for the next page within 100 px of the end, and never past the last page', async () => {
    const { onSearch, user, field } = await setup();
    await user.type(field, 'cur');
    await settle(SEARCH_DEBOUNCE_MS);
    const list = await screen.findByRole('listbox');
    const scroller = list.parentElement as HTMLElement;
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 2000 });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 500 });
    let scrollTop = 0;
    Object.defineProperty(scroller, 'scrollTop', {
      configurable: true,
      get: () => scrollTop,
      set: (value: number) => {
        scrollTop = value;
      },
    });

    scroller.scrollTop = 1399; // 101 px from the end: not yet
    scroller.dispatchEvent(new Event('scroll'));
    expect(onSearch).toHaveBeenCalledTimes(1);

    scroller.scrollTop = 1400; // exactly 100 px from the end
    await act(async () => {
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(onSearch).toHaveBeenLastCalledWith('cur', 1);
    expect(await within(list).findByText('Producto 39')).toBeInTheDocument();

    // Page 1 of 2 is the last page (zero-based): no further request.
    await act(async () => {
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('closes on Escape', async () => {
    const { onOpenChange, user } = await setup();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
