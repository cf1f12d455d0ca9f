import { describe, expect, it } from 'vitest';
import { addToCartToast } from './cart-toast.ts';
import {
  ConfigurationError,
  minimumOrderMessage,
  minimumOrderShortfall,
  monthlyAllowance,
  monthlyCapBlockedMessage,
  monthlyCapCheck,
  monthlyCapMessage,
  monthlyCapOverMessage,
  monthlyRemainingMessage,
  parseConfiguration,
} from './order-rules.ts';

const pairs = (minimum: unknown, cap: unknown) => [
  { key: 'order_minimum_amount', value: minimum },
  { key: 'maximum_purchase_per_month', value: cap },
  { key: 'unrelated', value: 'x' },
];

describe('parseConfiguration', () => {
  it('reads both amounts from numbers and strings', () => {
    expect(parseConfiguration(pairs('150', 3000))).toEqual({
      orderMinimumAmountCents: 15000,
      maximumPurchasePerMonthCents: 300000,
    });
    expect(parseConfiguration(pairs(' 150.5 ', '3000,25'))).toEqual({
      orderMinimumAmountCents: 15050,
      maximumPurchasePerMonthCents: 300025,
    });
  });

  it.each([
    [[], 'order_minimum_amount'],
    [pairs(null, 3000), 'order_minimum_amount'],
    [pairs('', 3000), 'order_minimum_amount'],
    [pairs(150, undefined), 'maximum_purchase_per_month'],
  ])('says which key is missing', (input, key) => {
    expect(() => parseConfiguration(input)).toThrow(ConfigurationError);
    expect(() => parseConfiguration(input)).toThrow(`no value for "${key}"`);
  });

  it.each([['abc'], ['-5'], ['1.234'], [{}], [true], [Number.NaN], ['12.345']])(
    'says which value is malformed (%j)',
    (value) => {
      try {
        parseConfiguration(pairs(value, 3000));
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigurationError);
        expect((error as ConfigurationError).key).toBe('order_minimum_amount');
        expect((error as ConfigurationError).name).toBe('ConfigurationError');
        expect((error as Error).message).toMatch(/must be an amount in euros/);
      }
    },
  );
});

describe('minimum order', () => {
  const config = { orderMinimumAmountCents: 15000 };
  it('is valid when the minimum minus the cart price is 0 or less', () => {
    expect(minimumOrderShortfall(config, 15000)).toEqual({ ok: true });
    expect(minimumOrderShortfall(config, 20000)).toEqual({ ok: true });
    expect(minimumOrderShortfall(config, 13750)).toEqual({
      ok: false,
      reason: 'below-minimum',
      missingCents: 1250,
    });
    expect(minimumOrderShortfall(config, 0)).toEqual({
      ok: false,
      reason: 'below-minimum',
      missingCents: 15000,
    });
  });

  it('says how much is missing, in the spec words', () => {
    expect(minimumOrderMessage(1250)).toBe(
      'Necesitas añadir 12,50\u00a0€ a tu pedido para poder finalizarlo.',
    );
    expect(minimumOrderMessage(123456)).toBe(
      'Necesitas añadir 1.234,56\u00a0€ a tu pedido para poder finalizarlo.',
    );
  });
});

describe('monthly cap', () => {
  const config = { maximumPurchasePerMonthCents: 300000 };
  it('allows reaching the cap exactly and refuses going over it', () => {
    expect(monthlyCapCheck(config, 290000, 10000)).toEqual({ ok: true, remainingCents: 0 });
    expect(monthlyCapCheck(config, 0, 1000)).toEqual({ ok: true, remainingCents: 299000 });
    expect(monthlyCapCheck(config, 295000, 10000)).toEqual({
      ok: false,
      reason: 'monthly-cap-exceeded',
      overByCents: 5000,
      capCents: 300000,
    });
  });

  it('says what is left of the cap this month, never a negative amount', () => {
    expect(monthlyCapMessage(300000, 295000, 10000)).toBe(
      'Has superado el límite de compra mensual de 3.000,00\u00a0€: este mes llevas 2.950,00\u00a0€ en pedidos, te quedan 50,00\u00a0€ y este pedido suma 100,00\u00a0€.',
    );
    expect(monthlyCapMessage(300000, 310000, 2000)).toContain('te quedan 0,00\u00a0€');
  });
});

describe('addToCartToast', () => {
  it('tells a new line from an existing one', () => {
    expect(addToCartToast(0, 3)).toBe('Has agregado 3 unidades en tu pedido');
    expect(addToCartToast(3, 5)).toBe('Ahora tienes 5 unidades en tu pedido');
    expect(addToCartToast(2, 2)).toBe('Ahora tienes 2 unidades en tu pedido');
  });

  it("says 'unidad' for one unit, as 'ud' is for one", () => {
    expect(addToCartToast(0, 1)).toBe('Has agregado 1 unidad en tu pedido');
    expect(addToCartToast(2, 1)).toBe('Ahora tienes 1 unidad en tu pedido');
  });

  it('writes thousands with a dot, as every number a pharmacist reads', () => {
    expect(addToCartToast(9000, 9999)).toBe('Ahora tienes 9.999 unidades en tu pedido');
    expect(addToCartToast(0, 1200)).toBe('Has agregado 1.200 unidades en tu pedido');
  });
});

describe('monthly allowance', () => {
  const config = { orderMinimumAmountCents: 15000, maximumPurchasePerMonthCents: 300000 };

  it('leaves no order this month when what is left is below the minimum (farmacia.limite)', () => {
    expect(monthlyAllowance(config, 293647)).toEqual({
      capCents: 300000,
      spentCents: 293647,
      remainingCents: 6353,
      canOrderThisMonth: false,
      cartOverCents: 0,
    });
  });

  it('allows an order while what is left reaches the minimum, exactly too', () => {
    expect(monthlyAllowance(config, 285000).canOrderThisMonth).toBe(true);
    expect(monthlyAllowance(config, 285001).canOrderThisMonth).toBe(false);
    expect(monthlyAllowance(config, 0)).toMatchObject({ remainingCents: 300000, canOrderThisMonth: true });
  });

  it('never leaves a negative amount, and a spent cap leaves nothing to order even without a minimum', () => {
    expect(monthlyAllowance(config, 310000)).toMatchObject({ remainingCents: 0, canOrderThisMonth: false });
    const noMinimum = { ...config, orderMinimumAmountCents: 0 };
    expect(monthlyAllowance(noMinimum, 300000).canOrderThisMonth).toBe(false);
    expect(monthlyAllowance(noMinimum, 299999).canOrderThisMonth).toBe(true);
  });

  it('says how much the cart passes what is left, as the server counts it', () => {
    expect(monthlyAllowance(config, 280000, 20000).cartOverCents).toBe(0);
    expect(monthlyAllowance(config, 280000, 22500).cartOverCents).toBe(2500);
  });

  it('puts it in words', () => {
    expect(monthlyRemainingMessage({ remainingCents: 206353, capCents: 300000 })).toBe(
      'Este mes te quedan 2.063,53\u00a0€ de tu límite de compra mensual de 3.000,00\u00a0€.',
    );
    expect(monthlyCapBlockedMessage({ remainingCents: 6353, capCents: 300000 }, 15000)).toBe(
      'Te quedan 63,53\u00a0€ de tu límite de compra mensual de 3.000,00\u00a0€ y el pedido mínimo es de 150,00\u00a0€.',
    );
    expect(monthlyCapOverMessage(2500)).toBe(
      'Tu pedido supera en 25,00\u00a0€ lo que te queda este mes: quita productos para poder enviarlo.',
    );
  });
});
