import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs } from './tabs.tsx';

const meta = {
  title: 'Navegación/Tabs',
  component: Tabs,
  tags: ['autodocs'],
  args: {
    'aria-label': 'Información del producto',
    items: [
      {
        id: 'description',
        label: 'Descripción',
        content: <p>Extracto seco de raíz de equinácea (Echinacea purpurea), 400 mg por cápsula.</p>,
      },
      {
        id: 'use',
        label: 'Modo de empleo',
        content: <p>Tomar 2 cápsulas al día con un vaso de agua, preferiblemente en las comidas.</p>,
      },
      {
        id: 'volume',
        label: 'Precios por volumen',
        content: <p>Consulta los precios por tramo de unidades.</p>,
      },
      {
        id: 'docs',
        label: 'Documentación',
        content: <p>Ficha técnica y certificado de análisis.</p>,
        isDisabled: true,
      },
    ],
  },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Modo de empleo' }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Tomar 2 cápsulas al día');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Precios por volumen' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const SecondSelected: Story = { args: { defaultSelectedKey: 'volume' } };

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };
