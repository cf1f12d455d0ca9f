import { QUANTITY_DEBOUNCE_MS } from '@botica/domain';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuantityInput } from './quantity-input.tsx';

describe('QuantityInput', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(value = 3) {
    const onChange = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const view = render(<QuantityInput value={value} onChange={onChange} productName="Valeriana" />);
    return { onChange, user, view, input: screen.getByRole('textbox', { name: 'Cantidad de Valeriana' }) };
  }

  it('emits the typed quantity 500 ms after the last keystroke, not before', async () => {
    const { onChange, user, input } = setup();
    await user.clear(input);
    await user.type(input, '12');
    act(() => vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS - 50));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(60));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(12);
  });

  it('commits at once when the field is left or Enter is pressed, and only once', async () => {
    const { onChange, user, input } = setup();
    await user.clear(input);
    await user.type(input, '30');
    await user.tab();
    expect(onChange).toHaveBeenCalledExactlyOnceWith(30);
    act(() => vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS * 2));
    expect(onChange).toHaveBeenCalledTimes(1);
    await user.clear(input);
    await user.type(input, '7{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(7);
    act(() => vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS * 2));
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('parses an integer and resets text, zero and negatives to 1', async () => {
    const { onChange, user, input } = setup();
    for (const [typed, expected] of [
      ['abc', 1],
      ['0', 1],
      ['-4', 1],
      ['7.9', 7],
    ] as const) {
      onChange.mockClear();
      await user.clear(input);
      await user.type(input, typed);
      act(() => vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS));
      expect(input).toHaveValue(String(expected));
      expect(onChange).toHaveBeenLastCalledWith(expected);
    }
  });

  it('never goes below 1 with the minus button and coalesces quick presses', async () => {
    const { onChange, user } = setup(2);
    const minus = screen.getByRole('button', { name: 'Quitar una unidad de Valeriana' });
    await user.click(minus);
    expect(minus).toBeDisabled();
    act(() => vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(1);
    const plus = screen.getByRole('button', { name: 'Añadir una unidad de Valeriana' });
    onChange.mockClear();
    await user.click(plus);
    await user.click(plus);
    await user.click(plus);
    act(() => vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(4);
  });

  it('knows the largest quantity: four digits at most, and no plus button at 9999', async () => {
    const { onChange, user, input } = setup(9998);
    await user.clear(input);
    await user.type(input, '99999');
    expect(input).toHaveValue('9999');
    act(() => vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(9999);
    expect(screen.getByRole('button', { name: 'Añadir una unidad de Valeriana' })).toBeDisabled();
  });

  it('does not emit when the quantity ends where it started', async () => {
    const { onChange, user } = setup(3);
    await user.click(screen.getByRole('button', { name: /Añadir una unidad/ }));
    await user.click(screen.getByRole('button', { name: /Quitar una unidad/ }));
    act(() => vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("labels 1 as 'ud' and anything else as 'uds'", () => {
    const { view } = setup(1);
    expect(screen.getByText('ud')).toBeInTheDocument();
    view.rerender(<QuantityInput value={2} onChange={() => {}} productName="Valeriana" />);
    expect(screen.getByText('uds')).toBeInTheDocument();
  });

  it('is disabled for a product that cannot be ordered', () => {
    render(<QuantityInput value={2} onChange={() => {}} isDisabled />);
    expect(screen.getByRole('textbox')).toBeDisabled();
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });

  it('stays usable while the cart is saving, so the focus stays on the pressed button', async () => {
    const { user, view, onChange } = setup(3);
    const plus = screen.getByRole('button', { name: 'Añadir una unidad de Valeriana' });
    plus.focus();
    await user.keyboard('{Enter}');
    view.rerender(<QuantityInput value={3} onChange={onChange} productName="Valeriana" isPending />);
    expect(screen.getByRole('group', { name: 'Cantidad de Valeriana' })).toHaveAttribute('aria-busy', 'true');
    expect(plus).toBeEnabled();
    expect(plus).toHaveFocus();
    await user.keyboard('{Enter}');
    act(() => vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(5);
  });

  it('changes by one with ↑ and ↓ (and Page ↑, Page ↓) in the field, never below 1', async () => {
    const { onChange, user, input } = setup(2);
    input.focus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveValue('4');
    await user.keyboard('{PageDown}');
    expect(input).toHaveValue('3');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input).toHaveValue('1');
    act(() => vi.advanceTimersByTime(QUANTITY_DEBOUNCE_MS));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('moves the focus to the field when − pressed from the keyboard reaches 1, not to the page', async () => {
    const { user, input } = setup(2);
    const minus = screen.getByRole('button', { name: 'Quitar una unidad de Valeriana' });
    minus.focus();
    await user.keyboard('{Enter}');
    expect(minus).toBeDisabled();
    expect(input).toHaveFocus();
  });

  it('moves the focus to + when − tapped or clicked reaches 1 (no on-screen keyboard opens)', async () => {
    const { user } = setup(2);
    const minus = screen.getByRole('button', { name: 'Quitar una unidad de Valeriana' });
    await user.click(minus);
    expect(minus).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Añadir una unidad de Valeriana' })).toHaveFocus();
  });
});
