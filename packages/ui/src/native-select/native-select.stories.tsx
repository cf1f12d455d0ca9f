import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NativeSelect, type NativeSelectProps } from './native-select.tsx';

const sorts = [
  { id: 'relevance', label: 'Relevancia' },
  { id: 'name_asc', label: 'Nombre (A-Z)' },
  { id: 'price_asc', label: 'Precio: de menor a mayor' },
  { id: 'price_desc', label: 'Precio: de mayor a menor' },
];

function Controlled(props: NativeSelectProps) {
  const [value, setValue] = useState(props.value);
  return (
    <NativeSelect
      {...props}
      value={value}
      onChange={(id) => {
        setValue(id);
        props.onChange(id);
      }}
    />
  );
}

const meta = {
  title: 'Formularios/NativeSelect',
  component: NativeSelect,
  tags: ['autodocs'],
  args: { label: 'Ordenar por', options: sorts, value: 'relevance', onChange: fn() },
  render: (args) => <Controlled {...args} />,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof NativeSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Ordenar por' });
    await userEvent.selectOptions(select, 'Precio: de mayor a menor');
    await expect(args.onChange).toHaveBeenCalledWith('price_desc');
    await expect(select).toHaveValue('price_desc');
  },
};

export const Disabled: Story = { args: { disabled: true } };
