import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Switch } from './switch.tsx';

const meta = {
  title: 'Formularios/Switch',
  component: Switch,
  tags: ['autodocs'],
  args: { children: 'Cookies de analítica', onChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const control = within(canvasElement).getByRole('switch', { name: /Cookies de analítica/ });
    await userEvent.click(control);
    await expect(control).toBeChecked();
    await expect(args.onChange).toHaveBeenCalledWith(true);
  },
};

export const On: Story = { args: { defaultSelected: true } };

export const WithDescription: Story = {
  args: { description: 'Nos ayudan a saber qué secciones del portal se usan más.' },
};

export const Disabled: Story = {
  args: {
    isDisabled: true,
    defaultSelected: true,
    children: 'Cookies esenciales',
    description: 'Siempre activas.',
  },
};

export const LongSpanishText: Story = {
  args: {
    children:
      'Avisarme por correo electrónico cuando un producto agotado vuelva a estar disponible en el almacén',
    description: 'Recibirás un único aviso por producto y podrás darte de baja en cualquier momento.',
  },
};
