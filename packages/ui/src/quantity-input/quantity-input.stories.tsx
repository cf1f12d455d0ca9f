import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { QuantityInput } from './quantity-input.tsx';

const meta = {
  title: 'Pedido/QuantityInput',
  component: QuantityInput,
  tags: ['autodocs'],
  args: { value: 3, onChange: fn(), productName: 'Equinácea Complex' },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <QuantityInput
        {...args}
        value={value}
        onChange={(quantity) => {
          args.onChange(quantity);
          setValue(quantity);
        }}
      />
    );
  },
} satisfies Meta<typeof QuantityInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** − and + change the field at once; the change is emitted 500 ms after the last press. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Añadir una unidad de Equinácea Complex' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Añadir una unidad de Equinácea Complex' }));
    await expect(canvas.getByRole('textbox')).toHaveValue('5');
    await expect(args.onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onChange).toHaveBeenCalledWith(5), { timeout: 1500 });
    await expect(args.onChange).toHaveBeenCalledTimes(1);
  },
};

export const OneUnit: Story = {
  args: { value: 1 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: /Quitar una unidad/ })).toBeDisabled();
    await expect(canvas.getByText('ud')).toBeVisible();
  },
};

/** Text is not a quantity: it resets to 1 once typing stops. */
export const InvalidTextResetsToOne: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox');
    await userEvent.clear(input);
    await userEvent.type(input, 'abc');
    await waitFor(() => expect(input).toHaveValue('1'), { timeout: 1500 });
    await expect(args.onChange).toHaveBeenCalledWith(1);
  },
};

/** While the cart saves the field stays usable (a change made meanwhile is saved next). */
export const Saving: Story = {
  args: { isPending: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group')).toHaveAttribute('aria-busy', 'true');
    const plus = canvas.getByRole('button', { name: /Añadir una unidad/ });
    await expect(plus).toBeEnabled();
    await userEvent.click(plus);
    await expect(plus).toHaveFocus();
    await expect(canvas.getByRole('textbox')).toHaveValue('4');
  },
};

/** A product that cannot be ordered (sold out). */
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox')).toBeDisabled();
    await expect(canvas.getByRole('button', { name: /Añadir una unidad/ })).toBeDisabled();
  },
};

/** ↑ and ↓ in the field change the quantity by one, as − and + do. */
export const ArrowKeys: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox');
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}');
    await expect(input).toHaveValue('4');
  },
};

/** − reaching 1 from the keyboard hands the focus to the field instead of dropping it. */
export const MinusToOneKeepsFocus: Story = {
  args: { value: 2 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const minus = canvas.getByRole('button', { name: /Quitar una unidad/ });
    minus.focus();
    await userEvent.keyboard('{Enter}');
    await expect(minus).toBeDisabled();
    await expect(canvas.getByRole('textbox')).toHaveFocus();
  },
};

export const Small: Story = { args: { size: 'sm', value: 12 } };

export const LargeQuantity: Story = { args: { value: 1250, productName: 'Jalea Real Fresca con Própolis' } };
