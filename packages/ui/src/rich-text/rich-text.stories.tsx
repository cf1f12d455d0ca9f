import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RichText, type RichTextValue } from './rich-text.tsx';

const article: RichTextValue = [
  {
    type: 'paragraph',
    children: [
      { text: 'La raíz de ' },
      { text: 'Valeriana officinalis', italic: true },
      { text: ' se cosecha en otoño, ' },
      { text: 'tras dos años de cultivo', bold: true },
      { text: '.' },
    ],
  },
  { type: 'heading', level: 2, children: [{ text: 'Qué cambia en la farmacia' }] },
  {
    type: 'list',
    style: 'bullet',
    items: [
      [{ text: 'Nuevo formato de 60 cápsulas.' }],
      [{ text: 'Ficha técnica en ' }, { text: 'materiales de formación', href: '/formacion/materiales' }],
    ],
  },
  { type: 'heading', level: 3, children: [{ text: 'Pasos para el mostrador' }] },
  {
    type: 'list',
    style: 'number',
    items: [[{ text: 'Pregunte por el sueño.' }], [{ text: 'Recomiende la dosis de la noche.' }]],
  },
  {
    type: 'quote',
    children: [{ text: 'Un extracto estandarizado marca la diferencia.' }],
  },
  {
    type: 'paragraph',
    children: [
      { text: 'Fuente: ' },
      { text: 'la EMA', href: 'https://www.ema.europa.eu/es' },
      { text: ' · dudas a ' },
      { text: 'formacion@botica.example', href: 'mailto:formacion@botica.example' },
    ],
  },
];

const meta = {
  title: 'Contenido/RichText',
  component: RichText,
  tags: ['autodocs'],
  args: { value: article },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '46rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof RichText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every block and mark a post's body may hold. */
export const Article: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Qué cambia en la farmacia' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: 'Pasos para el mostrador' })).toBeVisible();
    await expect(canvas.getAllByRole('list')).toHaveLength(2);
    await expect(canvas.getByRole('link', { name: 'materiales de formación' })).toHaveAttribute(
      'href',
      '/formacion/materiales',
    );
    const external = canvas.getByRole('link', { name: /la EMA/ });
    await expect(external).toHaveAttribute('target', '_blank');
  },
};

/** A single paragraph: the shortest body. */
export const Paragraph: Story = {
  args: { value: [{ type: 'paragraph', children: [{ text: 'El laboratorio cierra el 8 de diciembre.' }] }] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('El laboratorio cierra el 8 de diciembre.')).toBeVisible();
  },
};

/** Nothing written yet: renders nothing, no stray space. */
export const Empty: Story = {
  args: { value: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.bt-rich-text')?.childElementCount).toBe(0);
  },
};

/** Markup typed as text stays text, and a link the site may not follow is plain text. */
export const UnsafeContent: Story = {
  args: {
    value: [
      {
        type: 'paragraph',
        children: [
          { text: '<img src=x onerror=alert(1)> ' },
          { text: 'pulsa aquí', href: 'javascript:alert(1)' },
        ],
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/<img src=x/)).toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

/** Long Spanish words and a long address wrap inside a narrow column. */
export const LongText: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '20rem' }}>
        <Story />
      </div>
    ),
  ],
  args: {
    value: [
      {
        type: 'heading',
        level: 2,
        children: [{ text: 'Electroencefalográficamente hablando: interacciones farmacocinéticas' }],
      },
      {
        type: 'paragraph',
        children: [
          {
            text: 'Consulte https://www.aemps.gob.es/medicamentos-de-uso-humano/fitoterapicos/listado-completo',
          },
        ],
      },
    ],
  },
};
