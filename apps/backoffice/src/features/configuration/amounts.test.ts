import { CONFIGURATION_MESSAGES } from '@botica/api-client/admin';
import { describe, expect, it } from 'vitest';
import { amountText, ruleProblems } from './amounts.ts';

const rules = (minimum: string, cap: string) => ({
  order_minimum_amount: minimum,
  maximum_purchase_per_month: cap,
});

describe('the order rules’ amounts', () => {
  it('shows an amount as es-ES writes it, without the euro sign', () => {
    expect(amountText(1500)).toBe('1.500,00');
    expect(amountText(150.5)).toBe('150,50');
    expect(amountText(0)).toBe('0,00');
  });

  it('takes what the staff type: 150, 150,50, 1.500,00', () => {
    expect(ruleProblems(rules('150', '1.500,00'))).toEqual({});
    expect(ruleProblems(rules('150,50', '3000'))).toEqual({});
    expect(ruleProblems(rules(amountText(1000), amountText(10_000)))).toEqual({});
  });

  it('words each problem as the server does, under its field', () => {
    expect(ruleProblems(rules('', '-5'))).toEqual({
      order_minimum_amount: CONFIGURATION_MESSAGES.amountRequired,
      maximum_purchase_per_month: CONFIGURATION_MESSAGES.amountNegative,
    });
    expect(ruleProblems(rules('abc', '12,345'))).toEqual({
      order_minimum_amount: CONFIGURATION_MESSAGES.amountInvalid,
      maximum_purchase_per_month: CONFIGURATION_MESSAGES.amountInvalid,
    });
    expect(ruleProblems(rules('3.000,01', '3.000'))).toEqual({
      order_minimum_amount: CONFIGURATION_MESSAGES.minimumAboveCap,
    });
  });
});
