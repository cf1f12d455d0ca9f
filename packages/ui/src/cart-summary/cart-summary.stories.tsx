import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { cartItems, discounts, smallCartItems } from '../internal/fixtures.ts';
import { brokenPieces } from '../internal/line-breaks.ts';
import { portalPaths } from '../internal/navigation-fixtures.ts';
import type { CartItem } from '../types.ts';
import { CartSummary } from './cart-summary.tsx';

const meta = {
  title: 'Pedido/CartSummary',
  component: CartSummary,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    items: cartItems,
    discounts,
    orderMinimumAmountCents: 15000,
    catalogHref: portalPaths.catalog,
    getProductHref: (item) => `/products/${item.product.id}`,
    onQuantityChange: fn(),
    onRemove: fn(),
    onCheckout: fn(),
  },
  render: function Render(args) {
    const [items, setItems] = useState<CartItem[]>([...args.items]);
    return (
      <div style={{ maxWidth: 1200 }}>
        <CartSummary
          {...args}
          items={items}
          onQuantityChange={(id, quantity) => {
            args.onQuantityChange?.(id, quantity);
            setItems((lines) => lines.map((line) => (line.product.id === id ? { ...line, quantity } : line)));
          }}
          onRemove={(id) => {
            args.onRemove?.(id);
            setItems((lines) => lines.filter((line) => line.product.id !== id));
          }}
        />
      </div>
    );
  },
} satisfies Meta<typeof CartSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * 163,40 € of lines; 5 % discount (8,17 €); VAT at 4, 10 and 21 % on the lines after discounts.
 */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const summary = canvas.getByRole('complementary', { name: 'Resumen del pedido' });
    await expect(summary).toHaveTextContent('Subtotal163,40 €');
    await expect(summary).toHaveTextContent('Descuento Farmacias Red Verde (5 %)-8,17 €');
    // A number and its unit never part at the end of a line: a no-break space between them.
    await expect(within(summary).getByText(/^Descuento Farmacias Red Verde/).textContent).toContain(
      '(5\u00a0%)',
    );
    await expect(within(summary).getByText(/^IVA 21/).textContent).toContain('IVA 21\u00a0%');
    await expect(summary).toHaveTextContent('IVA 4 %');
    await expect(summary).toHaveTextContent('IVA 21 %');
    const send = within(summary).getByRole('button', { name: 'ENVIAR PEDIDO' });
    await userEvent.click(send);
    await expect(args.onCheckout).toHaveBeenCalledOnce();
  },
};

/** Below the minimum: the warning, the bar, and the send button disabled. */
export const BelowMinimum: Story = {
  args: { items: smallCartItems, discounts: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('Necesitas añadir 103,35 € a tu pedido para poder finalizarlo.'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'ENVIAR PEDIDO' })).toBeDisabled();
  },
};

/** Changing a quantity and removing a line. */
export const Editing: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: 'Añadir una unidad de Valeriana y Pasiflora Noche' }),
    );
    await waitFor(() => expect(args.onQuantityChange).toHaveBeenCalledWith(102, 5), { timeout: 1500 });
    await userEvent.click(
      canvas.getByRole('button', { name: 'Eliminar Aceite de Árbol del Té Puro del pedido' }),
    );
    await expect(args.onRemove).toHaveBeenCalledWith(103);
  },
};

/**
 * While saving, remove buttons wait and quantities show as pending but keep the focus and accept
 * changes; 'ENVIAR PEDIDO' stays pressable, so the click that ends the editing of a quantity is not
 * lost (the app sends once the save is done).
 */
export const Saving: Story = {
  args: { isSaving: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Guardando los cambios…')).toBeVisible();
    for (const button of canvas.getAllByRole('button', { name: /^Eliminar / })) {
      await expect(button).toBeDisabled();
    }
    for (const field of canvas.getAllByRole('textbox', { name: /^Cantidad/ })) {
      await expect(field).toBeEnabled();
    }
    await userEvent.click(canvas.getByRole('button', { name: 'ENVIAR PEDIDO' }));
    await expect(args.onCheckout).toHaveBeenCalledTimes(1);
  },
};

/**
 * A pharmacy in the regime of recargo de equivalencia: under the VAT lines, 0,5 %, 1,4 % and 5,2 %
 * on the same bases (37,05 €, 98,51 € and 19,67 € after the 5 % discount), and the total with them
 * (155,23 € + 15,46 € of VAT + 2,59 € of surcharge).
 */
export const EquivalenceSurcharge: Story = {
  args: { hasEquivalenceSurcharge: true },
  play: async ({ canvasElement }) => {
    const summary = within(canvasElement).getByRole('complementary', { name: 'Resumen del pedido' });
    const rows = [...summary.querySelectorAll('dt')].map((term) => term.textContent);
    await expect(rows).toEqual([
      'Subtotal',
      'Descuento Farmacias Red Verde (5\u00a0%)',
      'IVA 4\u00a0% sobre 37,05\u00a0€',
      'IVA 10\u00a0% sobre 98,51\u00a0€',
      'IVA 21\u00a0% sobre 19,67\u00a0€',
      'Recargo de equivalencia 0,5\u00a0% sobre 37,05\u00a0€',
      'Recargo de equivalencia 1,4\u00a0% sobre 98,51\u00a0€',
      'Recargo de equivalencia 5,2\u00a0% sobre 19,67\u00a0€',
      'Total',
    ]);
    await expect(summary).toHaveTextContent('Recargo de equivalencia 5,2 % sobre 19,67 €1,02 €');
    await expect(summary).toHaveTextContent('Total173,28 €');
  },
};

/** Long texts at phone width: a long discount group's name and the surcharge lines wrap, amounts do not. */
export const LongTexts: Story = {
  args: {
    hasEquivalenceSurcharge: true,
    discounts: [
      {
        group_name: 'Cooperativa Farmacéutica del Noroeste Peninsular (Plan Fidelización)',
        discount_percent: 12.5,
      },
    ],
  },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const summary = within(canvasElement).getByRole('complementary', { name: 'Resumen del pedido' });
    for (const amount of summary.querySelectorAll('dd')) {
      await expect(amount.scrollWidth).toBeLessThanOrEqual(amount.clientWidth + 1);
    }
    await expect(summary.scrollWidth).toBeLessThanOrEqual(summary.clientWidth + 1);
  },
};

/** The app's own words under each line's quantity (the portal's next volume tier). */
export const WithLineExtra: Story = {
  args: {
    renderLineExtra: (item) => <p role="status">Añade 2 uds más de {item.product.name}</p>,
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    for (const item of args.items) {
      await expect(canvas.getByText(`Añade 2 uds más de ${item.product.name}`)).toBeVisible();
    }
  },
};

export const CheckingOut: Story = { args: { isCheckingOut: true } };

export const Loading: Story = { args: { isLoading: true } };

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Tu pedido está vacío' })).toBeVisible();
  },
};

export const ReadOnly: Story = { args: { onQuantityChange: undefined, onRemove: undefined } };

export const Tablet: Story = {
  args: { items: smallCartItems, discounts: [] },
  globals: { viewport: { value: 'tablet' } },
};

export const Phone: Story = { globals: { viewport: { value: 'phone' } } };

/** A sub-user who may not send orders: the explanation stands where the send button was. */
export const SendRestricted: Story = {
  args: {
    sendRestriction: (
      <p>
        <strong>El pedido lo envía el usuario principal de tu farmacia.</strong> Puedes preparar el pedido; tu
        usuario no puede enviarlo.
      </p>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'ENVIAR PEDIDO' })).toBeNull();
    await expect(canvas.getByText(/usuario principal/)).toBeVisible();
  },
};

/** A monthly cap with room left: what is left this month shows beside the minimum; the order can be sent. */
export const MonthlyCapLeft: Story = {
  args: { monthlyCap: { capCents: 300000, spentCents: 93647 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('Este mes te quedan 2.063,53 € de tu límite de compra mensual de 3.000,00 €.'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'ENVIAR PEDIDO' })).toBeEnabled();
  },
};

/**
 * What is left this month (63,53 €) is below the minimum (150 €): no order can be sent this month,
 * whatever is added, and the notice says so with the laboratory's phone and e-mail instead of asking
 * for more.
 */
export const MonthlyCapBlocked: Story = {
  args: { items: smallCartItems, discounts: [], monthlyCap: { capCents: 300000, spentCents: 293647 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Este mes ya no puedes enviar pedidos')).toBeVisible();
    await expect(
      canvas.getByText(
        /Te quedan 63,53 € de tu límite de compra mensual de 3\.000,00 € y el pedido mínimo es de 150,00 €\./,
      ),
    ).toBeVisible();
    await expect(canvas.queryByText(/Necesitas añadir/)).toBeNull();
    await expect(canvas.getByRole('link', { name: '+34 910 000 000' })).toHaveAttribute(
      'href',
      'tel:+34910000000',
    );
    await expect(canvas.getByRole('link', { name: /administracion\.ventas@/ })).toHaveAttribute(
      'href',
      'mailto:administracion.ventas@botica.example',
    );
    await expect(canvas.getByRole('button', { name: 'ENVIAR PEDIDO' })).toBeDisabled();
  },
};

/** The same month with an empty cart: said before anything is added. */
export const MonthlyCapBlockedEmpty: Story = {
  args: { items: [], monthlyCap: { capCents: 300000, spentCents: 293647 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Este mes ya no puedes enviar pedidos')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Tu pedido está vacío' })).toBeVisible();
  },
};

/** The cart passes what is left this month (150 €): it says by how much, and the order cannot be sent. */
export const MonthlyCapOver: Story = {
  args: { monthlyCap: { capCents: 300000, spentCents: 285000 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(
        'Tu pedido supera en 13,40 € lo que te queda este mes: quita productos para poder enviarlo.',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'ENVIAR PEDIDO' })).toBeDisabled();
  },
};

/**
 * At 320 px (a 1280 px screen at 400 % zoom), amounts in thousands: each line's 'uds' never overlaps its amount (the amount
 * goes under the quantity), and no amount breaks before its '€'.
 */
export const NarrowPhone: Story = {
  globals: { viewport: { value: 'narrow' } },
  // Amounts in thousands, as a pharmacy's monthly order has them.
  args: { items: cartItems.map((item) => ({ ...item, quantity: item.quantity * 20 })) },
  play: async ({ canvasElement }) => {
    const lines = canvasElement.querySelectorAll('.bt-cart__line');
    await expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const unit = line.querySelector('.bt-quantity__unit')?.getBoundingClientRect();
      const total = line.querySelector('.bt-cart__line-total')?.getBoundingClientRect();
      if (!unit || !total) throw new Error('a line without its units or its amount');
      const overlap =
        unit.left < total.right &&
        total.left < unit.right &&
        unit.top < total.bottom &&
        total.top < unit.bottom;
      await expect(overlap, line.textContent ?? '').toBe(false);
    }
    await expect(brokenPieces(canvasElement, /-?[\d.]+,\d{2}\s€/g)).toEqual([]);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    );
  },
};
