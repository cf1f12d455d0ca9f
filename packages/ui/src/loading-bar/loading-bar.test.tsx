import { LOADING_BAR_THROTTLE_MS } from '@botica/domain';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingBar } from './loading-bar.tsx';

describe('LoadingBar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never shows for loads shorter than the 200 ms throttle', () => {
    const view = render(<LoadingBar isLoading />);
    act(() => vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS - 10));
    expect(screen.queryByRole('progressbar')).toBeNull();
    view.rerender(<LoadingBar isLoading={false} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('starts after the throttle, trickles below 90 % and completes to 100 % before hiding', () => {
    const view = render(<LoadingBar isLoading />);
    act(() => vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS));
    const bar = screen.getByRole('progressbar', { name: 'Cargando la página' });
    const early = Number(bar.getAttribute('aria-valuenow'));
    expect(bar).toHaveAttribute('aria-valuetext', `${early}\u00a0%`);
    act(() => vi.advanceTimersByTime(2000));
    const later = Number(bar.getAttribute('aria-valuenow'));
    expect(later).toBeGreaterThan(early);
    act(() => vi.advanceTimersByTime(60_000));
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(90);
    view.rerender(<LoadingBar isLoading={false} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
