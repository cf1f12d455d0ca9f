import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import * as Icons from './icons.tsx';

const meta = {
  title: 'Fundamentos/Iconos',
  component: Icons.LeafIcon,
  tags: ['autodocs'],
} satisfies Meta<typeof Icons.LeafIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every icon; decorative unless given a `title`. */
export const Gallery: Story = {
  render: () => (
    <ul
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
        gap: 16,
        listStyle: 'none',
        padding: 0,
        color: '#1e5b3f',
      }}
    >
      {Object.entries(Icons).map(([name, Icon]) => (
        <li key={name} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 6 }}>
          <Icon size={24} />
          <code style={{ fontSize: 12, color: '#1d2420' }}>{name}</code>
        </li>
      ))}
    </ul>
  ),
};

/** With a title an icon is an image with a name. */
export const WithTitle: Story = {
  args: { title: 'Producto natural', size: 32 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Producto natural' })).toBeVisible();
  },
};
