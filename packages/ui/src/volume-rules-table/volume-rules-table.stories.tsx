import { type VolumeTier, volumePriceTable } from '@botica/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { VolumeRulesTable } from './volume-rules-table.tsx';

const tiers: VolumeTier[] = [
  { minQuantity: 6, discountPercent: 4 },
  { minQuantity: 12, discountPercent: 8 },
  { minQuantity: 36, discountPercent: 12 },
];

/** 10,95 € a unit at the laboratory's price; the client has no special price. */
const listPrice = { listCents: 1095, baseCents: 1095 };

const meta = {
  title: 'Catálogo/VolumeRulesTable',
  component: VolumeRulesTable,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { pricing: volumePriceTable(listPrice, tiers, 8) },
} satisfies Meta<typeof VolumeRulesTable>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('table', { name: 'Precios por volumen' });

/**
 * Eight units in the cart: their row says 'Tu pedido'. Each saving is on the price the client pays
 * below the tiers (10,95 €), so the 4 % tier shows −4 % and the 8 % tier −8 %.
 */
export const CurrentTier: Story = {
  play: async ({ canvasElement }) => {
    const rows = within(table(canvasElement)).getAllByRole('row').slice(1);
    await expect(rows.map((row) => row.textContent)).toEqual([
      '1 – 5\u00a0uds10,95\u00a0€—Sin descuento',
      '6 – 11\u00a0udsTu pedido10,51\u00a0€−4\u00a0%',
      '12 – 35\u00a0uds10,07\u00a0€−8\u00a0%',
      '36 o más\u00a0uds9,64\u00a0€−12\u00a0%',
    ]);
    const current = within(table(canvasElement)).getByRole('rowheader', { name: /Tu pedido/ });
    await expect(current).toHaveAccessibleName(/^6 – 11\suds\s*Tu pedido$/);
    await expect(current.closest('tr')).toHaveAttribute('aria-current', 'true');
    await expect(within(canvasElement).queryByText(/ya mejora/)).toBeNull();
  },
};

/** The product is not in the cart: no row is marked. */
export const NotInCart: Story = {
  args: { pricing: volumePriceTable(listPrice, tiers, 0) },
  play: async ({ canvasElement }) => {
    await expect(within(table(canvasElement)).getAllByRole('row')).toHaveLength(5);
    await expect(within(canvasElement).queryByText(/Tu pedido/)).toBeNull();
  },
};

/**
 * A special price of 10,07 € (8 % off) beats the 6 and 12 unit tiers: they are not rows, a note says
 * why, and the 36 unit tier saves 4,3 % on the special price. Twelve units in the cart pay 10,07 €.
 */
export const SpecialPriceBeatsSomeTiers: Story = {
  args: { pricing: volumePriceTable({ listCents: 1095, baseCents: 1007 }, tiers, 12) },
  play: async ({ canvasElement }) => {
    const rows = within(table(canvasElement)).getAllByRole('row').slice(1);
    await expect(rows.map((row) => row.textContent)).toEqual([
      '1 – 35\u00a0udsTu pedido10,07\u00a0€—Tu precio especial',
      '36 o más\u00a0uds9,64\u00a0€−4,3\u00a0%',
    ]);
    await expect(
      within(canvasElement).getByText(
        'Tu precio especial ya mejora los precios por volumen desde 6 y 12 uds.',
      ),
    ).toBeVisible();
  },
};

/** A special price of 9,30 € beats every tier: a sentence instead of rows that would all say 9,30 €. */
export const SpecialPriceBeatsEveryTier: Story = {
  args: { pricing: volumePriceTable({ listCents: 1095, baseCents: 930 }, tiers, 40) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(
      canvas.getByText('Tu precio especial ya mejora los precios por volumen de este producto.'),
    ).toBeVisible();
  },
};

export const Empty: Story = {
  args: { pricing: volumePriceTable(listPrice, []) },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Este producto no tiene precios por volumen.'),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  args: { isLoading: true, pricing: volumePriceTable(listPrice, []) },
  play: async ({ canvasElement }) => {
    await expect(table(canvasElement)).toHaveAttribute('aria-busy', 'true');
  },
};

export const ErrorState: Story = {
  args: { error: 'No se han podido cargar los precios por volumen.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'No se han podido cargar los precios por volumen.',
    );
  },
};

/**
 * A phone, a long caption, four-digit quantities and a note naming three tiers: nothing overflows
 * and no percentage is split from its sign.
 */
export const LongSpanishText: Story = {
  globals: { viewport: { value: 'phone' } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
  args: {
    caption: 'Precios por volumen para pedidos de farmacia con entrega en veinticuatro horas',
    pricing: volumePriceTable(
      { listCents: 124_550, baseCents: 112_095 },
      [
        { minQuantity: 6, discountPercent: 2.5 },
        { minQuantity: 24, discountPercent: 5 },
        { minQuantity: 120, discountPercent: 10 },
        { minQuantity: 1200, discountPercent: 12.75 },
        { minQuantity: 2400, discountPercent: 15.5 },
      ],
      1500,
    ),
  },
  play: async ({ canvasElement }) => {
    const element = within(canvasElement).getByRole('table', { name: /veinticuatro horas/ });
    const frame = element.parentElement?.parentElement as HTMLElement;
    await expect(element.scrollWidth).toBeLessThanOrEqual(frame.clientWidth);
    const current = within(element).getByRole('rowheader', { name: /Tu pedido/ });
    await expect(current).toHaveTextContent('1.200 – 2.399 udsTu pedido');
    const cells = within(element).getAllByRole('cell');
    await expect(cells.map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['1.086,70\u00a0€', '−3,1\u00a0%', '1.052,45\u00a0€', '−6,1\u00a0%']),
    );
    await expect(
      within(canvasElement).getByText(
        'Tu precio especial ya mejora los precios por volumen desde 6, 24 y 120 uds.',
      ),
    ).toBeVisible();
  },
};
