import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PRICE_RANGE_MESSAGES, PriceRangeField, type PriceRangeFieldProps } from './price-range-field.tsx';

function Controlled(props: PriceRangeFieldProps) {
  const [range, setRange] = useState({ minCents: props.minCents, maxCents: props.maxCents });
  return (
    <PriceRangeField
      {...props}
      {...range}
      onChange={(next) => {
        setRange(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Catálogo/PriceRangeField',
  component: PriceRangeField,
  tags: ['autodocs'],
  args: {
    minCents: null,
    maxCents: null,
    boundsCents: { minCents: 295, maxCents: 8990 },
    onChange: fn(),
  },
  render: (args) => <Controlled {...args} />,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PriceRangeField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No price set: both ends open, the catalogue's cheapest and dearest product as a guide. */
export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Desde' }), '5{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith({ minCents: 500, maxCents: null });
    await expect(canvas.getByRole('textbox', { name: 'Desde' })).toHaveValue('5,00');
  },
};

/** Both ends set; a four-digit amount shows whole, with its thousands dot. */
export const WithRange: Story = {
  args: { minCents: 500, maxCents: 123456 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Desde' })).toHaveValue('5,00');
    await expect(canvas.getByRole('textbox', { name: 'Hasta' })).toHaveValue('1.234,56');
  },
};

/** A minimum above the maximum is swapped, and the field says so. */
export const Swapped: Story = {
  args: { minCents: null, maxCents: 1000 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Desde' }), '30');
    await userEvent.tab();
    await expect(args.onChange).toHaveBeenCalledWith({ minCents: 1000, maxCents: 3000 });
    await expect(canvas.getByRole('textbox', { name: 'Desde' })).toHaveValue('10,00');
    await expect(canvas.getByRole('textbox', { name: 'Hasta' })).toHaveValue('30,00');
    await expect(canvas.getByRole('status')).toHaveTextContent(PRICE_RANGE_MESSAGES.swapped);
  },
};

/** What is not an amount stays in the field, marked, and changes nothing. */
export const Invalid: Story = {
  args: { minCents: 500, maxCents: null },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const to = canvas.getByRole('textbox', { name: 'Hasta' });
    await userEvent.type(to, 'doce');
    await userEvent.tab();
    await expect(to).toHaveValue('doce');
    await expect(to).toBeInvalid();
    await expect(to).toHaveAccessibleDescription(
      new RegExp(PRICE_RANGE_MESSAGES.invalid.replace('.', '\\.')),
    );
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** In the catalogue's side column (232 px) the fields stack, each wide enough for its amount. */
export const NarrowColumn: Story = {
  args: { minCents: 123456, maxCents: 999999 },
  decorators: [
    (Story) => (
      <div style={{ width: 232 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of ['Desde', 'Hasta']) {
      const input = canvas.getByRole('textbox', { name });
      await expect(input.scrollWidth).toBeLessThanOrEqual(input.clientWidth);
    }
  },
};
