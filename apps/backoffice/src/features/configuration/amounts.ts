/**
 * The order rules' amounts as the form shows and checks them: es-ES text without the euro sign
 * (`1.500,00`), read back by the domain's `parseEuros`, with the server's own messages.
 */
import { amountProblem, CONFIGURATION_MESSAGES } from '@botica/api-client/admin';
import { eurosToCents, formatEuros, parseEuros } from '@botica/domain';

/** The form's fields, as the server names them. */
export const RULE_FIELDS = ['order_minimum_amount', 'maximum_purchase_per_month'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

/**
 * An amount in euros (as the server sends it) as the staff type it.
 * @example amountText(1500) // '1.500,00'
 */
export function amountText(euros: number): string {
  return formatEuros(eurosToCents(euros)).replace(/\u00a0€$/, '');
}

/** Each field's first problem, as the server would word it: each amount, then the minimum above the cap. */
export function ruleProblems(values: Record<RuleField, string>): Partial<Record<RuleField, string>> {
  const problems: Partial<Record<RuleField, string>> = {};
  for (const field of RULE_FIELDS) {
    const problem = amountProblem(values[field]);
    if (problem !== null) problems[field] = problem;
  }
  if (Object.keys(problems).length > 0) return problems;
  const minimum = parseEuros(values.order_minimum_amount.trim());
  const cap = parseEuros(values.maximum_purchase_per_month.trim());
  if (minimum !== null && cap !== null && minimum > cap)
    problems.order_minimum_amount = CONFIGURATION_MESSAGES.minimumAboveCap;
  return problems;
}
