import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PRICE_RANGE_MESSAGES, PriceRangeField } from './price-range-field.tsx';

type Range = { minCents: number | null; maxCents: number | null };

function Controlled({
  initial,
  width,
  onChange,
}: {
  initial: Range;
  width: number | undefined;
  onChange: (range: Range) => void;
}) {
  const [range, setRange] = useState(initial);
  return (
    <div style={width ? { width } : undefined}>
      <PriceRangeField
        {...range}
        boundsCents={{ minCents: 295, maxCents: 8990 }}
        onChange={(next) => {
          setRange(next);
          onChange(next);
        }}
      />
    </div>
  );
}

function setup(initial: Range = { minCents: null, maxCents: null }, width?: number) {
  const onChange = vi.fn();
  render(<Controlled initial={initial} width={width} onChange={onChange} />);
  return {
    onChange,
    user: userEvent.setup(),
    from: screen.getByRole('textbox', { name: 'Desde' }),
    to: screen.getByRole('textbox', { name: 'Hasta' }),
    status: screen.getByRole('status'),
  };
}

describe('PriceRangeField', () => {
  it('commits an amount typed in es-ES on leaving the field or on Enter, as cents', async () => {
    const { onChange, user, from, to } = setup();
    await user.type(from, '1.234,5');
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith({ minCents: 123450, maxCents: null });
    expect(from).toHaveValue('1.234,50');
    await user.type(to, '2000.5{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ minCents: 123450, maxCents: 200050 });
    expect(to).toHaveValue('2.000,50');
  });

  it('swaps a minimum above the maximum and says so in a polite status', async () => {
    const { onChange, user, from, to, status } = setup({ minCents: 3000, maxCents: null });
    expect(status).toHaveTextContent('');
    await user.type(to, '10');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith({ minCents: 1000, maxCents: 3000 });
    expect(from).toHaveValue('10,00');
    expect(to).toHaveValue('30,00');
    expect(status).toHaveTextContent(PRICE_RANGE_MESSAGES.swapped);
    // A role=status region is polite by definition; it was in the page before the notice.
    expect(status).not.toHaveAttribute('aria-live', 'assertive');
    // It stays while the person moves on, and goes when they type again.
    await user.tab();
    expect(status).toHaveTextContent(PRICE_RANGE_MESSAGES.swapped);
    await user.clear(to);
    expect(status).toHaveTextContent('');
    await user.type(to, '40');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith({ minCents: 1000, maxCents: 4000 });
    expect(status).toHaveTextContent('');
  });

  it('leaves an end open when its field is emptied, and calls nothing when nothing changed', async () => {
    const { onChange, user, from } = setup({ minCents: 500, maxCents: 2000 });
    await user.click(from);
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
    await user.clear(from);
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith({ minCents: null, maxCents: 2000 });
  });

  it('marks what is not an amount and keeps it for correction', async () => {
    const { onChange, user, to } = setup();
    await user.type(to, '12,345');
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
    expect(to).toBeInvalid();
    expect(to).toHaveValue('12,345');
    expect(to).toHaveAccessibleDescription(
      `${PRICE_RANGE_MESSAGES.invalid} Precios del catálogo: de 2,95\u00a0€ a 89,90\u00a0€.`,
    );
    await user.clear(to);
    await user.type(to, '12,35{Enter}');
    expect(to).toBeValid();
    expect(onChange).toHaveBeenLastCalledWith({ minCents: null, maxCents: 1235 });
  });

  it('shows a four-digit amount whole in a narrow column and at a phone width', async () => {
    for (const width of [232, 300]) {
      const { from, to } = setup({ minCents: 123456, maxCents: 999999 }, width);
      for (const input of [from, to]) {
        expect(input.clientWidth).toBeGreaterThan(0);
        expect(input.scrollWidth).toBeLessThanOrEqual(input.clientWidth);
      }
      document.body.replaceChildren();
    }
  });
});
