import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Checkbox } from '../checkbox/checkbox.tsx';
import { FilterGroup, type FilterGroupProps } from './filter-group.tsx';

const ranges = ['Defensas', 'Descanso y Relax', 'Digestivo', 'Articular', 'Circulación'];

function WithOptions(props: Omit<FilterGroupProps, 'children'> & { selected?: string[] }) {
  const [selected, setSelected] = useState(props.selected ?? []);
  return (
    <FilterGroup {...props} selectedCount={selected.length}>
      {ranges.map((name) => (
        <Checkbox
          key={name}
          isSelected={selected.includes(name)}
          onChange={(isSelected) =>
            setSelected(isSelected ? [...selected, name] : selected.filter((other) => other !== name))
          }
        >
          {name}
        </Checkbox>
      ))}
    </FilterGroup>
  );
}

const meta = {
  title: 'Catálogo/FilterGroup',
  component: FilterGroup,
  tags: ['autodocs'],
  args: {
    title: 'Gama',
    countLabel: (count: number) => (count === 1 ? '1 seleccionada' : `${count} seleccionadas`),
    children: null,
  },
  render: ({ children: _children, ...args }) => <WithOptions {...args} />,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 272 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FilterGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Folded, nothing selected: the summary alone; it unfolds on a click or Enter. */
export const Folded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Gama' })).not.toBeVisible();
    await userEvent.click(canvasElement.querySelector('summary') as HTMLElement);
    await expect(canvas.getByRole('group', { name: 'Gama' })).toBeVisible();
  },
};

/** Folded with options selected: the summary says how many. */
export const FoldedWithSelection: Story = {
  render: ({ children: _children, ...args }) => (
    <WithOptions {...args} selected={['Digestivo', 'Articular']} />
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('2 seleccionadas')).toBeVisible();
  },
};

/** Unfolded: the count follows the options as they are ticked, and the group stays open. */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Defensas'));
    await expect(canvas.getByText('1 seleccionada')).toBeVisible();
    await userEvent.click(canvas.getByText('Defensas'));
    await expect(canvas.queryByText('1 seleccionada')).toBeNull();
    await expect(canvas.getByRole('group', { name: 'Gama' })).toBeVisible();
  },
};
