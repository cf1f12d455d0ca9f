import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Stepper } from './stepper.tsx';

function Controlled({
  onChange,
  isDisabled,
}: {
  onChange: (quantity: number) => void;
  isDisabled?: boolean;
}) {
  const [value, setValue] = useState(1);
  return (
    <Stepper
      aria-label="Unidades de Valeriana"
      value={value}
      onChange={(quantity) => {
        setValue(quantity);
        onChange(quantity);
      }}
      isDisabled={isDisabled}
    />
  );
}

function setup(isDisabled = false) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(<Controlled onChange={onChange} isDisabled={isDisabled} />);
  return {
    onChange,
    user,
    input: screen.getByRole('textbox', { name: 'Unidades de Valeriana' }),
    minus: screen.getByRole('button', { name: 'Reducir Unidades de Valeriana' }),
    plus: screen.getByRole('button', { name: 'Aumentar Unidades de Valeriana' }),
  };
}

describe('Stepper', () => {
  it('steps with its buttons and never goes below 1', async () => {
    const { onChange, user, input, minus, plus } = setup();
    expect(minus).toBeDisabled();
    await user.click(plus);
    await user.click(plus);
    expect(input).toHaveValue('3');
    await user.click(minus);
    expect(input).toHaveValue('2');
    expect(onChange.mock.calls).toEqual([[2], [3], [2]]);
    // A mouse press leaves the focus in the field, where the arrows work.
    expect(input).toHaveFocus();
  });

  it('keeps its buttons out of the tab order, as react-aria does', async () => {
    const { user, input, minus, plus } = setup();
    expect(minus).toHaveAttribute('tabindex', '-1');
    expect(plus).toHaveAttribute('tabindex', '-1');
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab();
    expect(document.body).toHaveFocus();
  });

  it('steps with the arrow and page keys, and Home goes back to 1', async () => {
    const { onChange, user, input } = setup();
    await user.click(input);
    await user.keyboard('{ArrowUp}{ArrowUp}{PageUp}');
    expect(input).toHaveValue('4');
    await user.keyboard('{ArrowDown}{PageDown}');
    expect(input).toHaveValue('2');
    await user.keyboard('{Home}');
    expect(input).toHaveValue('1');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('1');
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('commits what is typed on leaving the field or on Enter, as an integer of at least 1', async () => {
    const { onChange, user, input } = setup();
    await user.tripleClick(input);
    await user.keyboard('12');
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(12);
    for (const [typed, expected] of [
      ['7.9', '7'],
      ['abc', '1'],
      ['0', '1'],
      ['-4', '1'],
      ['', '1'],
    ] as const) {
      await user.clear(input);
      if (typed) await user.type(input, typed);
      await user.keyboard('{Enter}');
      expect(input).toHaveValue(expected);
    }
    // Typing then stepping steps from what was typed.
    await user.clear(input);
    await user.type(input, '5{ArrowUp}');
    expect(input).toHaveValue('6');
  });

  it('disables the field and both buttons', () => {
    const { input, minus, plus } = setup(true);
    expect(input).toBeDisabled();
    expect(minus).toBeDisabled();
    expect(plus).toBeDisabled();
  });
});
