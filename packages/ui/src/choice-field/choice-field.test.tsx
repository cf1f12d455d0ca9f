import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChoiceField } from './choice-field.tsx';

const OPTIONS = [
  { id: 7, label: 'Sí' },
  { id: 3, label: 'A veces' },
  { id: 9, label: 'No' },
];

function Several() {
  const [value, setValue] = useState<number[]>([]);
  return (
    <>
      <ChoiceField
        selectionMode="multiple"
        label="Gamas"
        options={OPTIONS}
        value={value}
        onChange={setValue}
      />
      <output>{value.join(',')}</output>
    </>
  );
}

describe('ChoiceField', () => {
  it('picks one option with the arrows, as a radio group', async () => {
    let chosen: number | undefined;
    render(
      <ChoiceField
        selectionMode="single"
        label="¿Recomiendas?"
        options={OPTIONS}
        onChange={(value) => {
          chosen = value;
        }}
      />,
    );
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'A veces' })).toBeChecked();
    expect(chosen).toBe(3);
  });

  it('picks several with Tab and Space, reported in the options’ order', async () => {
    render(<Several />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard(' ');
    await user.tab();
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'No' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('7,9');
  });
});
