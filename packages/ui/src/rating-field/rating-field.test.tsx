import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RatingField } from './rating-field.tsx';

function Controlled({ onChange }: { onChange: (value: number) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <>
      <button type="button">Antes</button>
      <RatingField
        label="Calidad"
        minLabel="Muy mala"
        maxLabel="Excelente"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <button type="button">Después</button>
    </>
  );
}

describe('RatingField', () => {
  it('is chosen with the keyboard alone: Tab into the group, arrows to move, Tab out', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Antes' }));
    await user.tab();
    expect(screen.getByRole('radio', { name: '1, Muy mala' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(3);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Después' })).toHaveFocus();
  });

  it('shows a controlled value and reads both ends with their numbers', () => {
    render(<RatingField label="Calidad" minLabel="Mala" maxLabel="Buena" value={5} />);
    expect(screen.getByRole('radio', { name: '5, Buena' })).toBeChecked();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
  });
});
