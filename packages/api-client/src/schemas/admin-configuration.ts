/**
 * The back office's configuration (`/api/v1/admin/configuration…`): the order rules (minimum order,
 * monthly cap) and the maintenance switch, read and changed by the laboratory's admins.
 */
import { parseEuros } from '@botica/domain';
import * as z from 'zod/mini';
import { EurosSchema } from './common.ts';

/** The Spanish messages of the configuration's refusals, as the server sends them under each field. */
export const CONFIGURATION_MESSAGES = {
  amountRequired: 'El importe es obligatorio.',
  amountNegative: 'El importe no puede ser negativo.',
  amountInvalid: 'Escribe un importe en euros con dos decimales como máximo, por ejemplo 150 o 1.500,00.',
  minimumAboveCap: 'El pedido mínimo no puede superar el máximo de compra mensual.',
  maintenanceRequired: 'Indica si el portal queda en mantenimiento.',
} as const;

/**
 * What is wrong with an amount as the staff typed it (`150`, `150,50`, `1.500,00`, read by
 * `parseEuros`), or null when it reads.
 * @example amountProblem('-5') // 'El importe no puede ser negativo.'
 */
export function amountProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return CONFIGURATION_MESSAGES.amountRequired;
  if (trimmed.startsWith('-')) return CONFIGURATION_MESSAGES.amountNegative;
  return parseEuros(trimmed) === null ? CONFIGURATION_MESSAGES.amountInvalid : null;
}

const TypedAmountSchema = z.string(CONFIGURATION_MESSAGES.amountRequired).check(
  z.maxLength(40, CONFIGURATION_MESSAGES.amountInvalid),
  z.superRefine((value, context) => {
    const problem = amountProblem(value);
    if (problem !== null) context.issues.push({ code: 'custom', message: problem, input: value });
  }),
);

/** The configuration as the back office shows it: both order rules in euros, and the switch. */
export const AdminConfigurationSchema = z.object({
  /** The cart price an order must reach before it can be sent (0: none). */
  order_minimum_amount: EurosSchema,
  /** What one pharmacy may order in a calendar month (Europe/Madrid), the cart included. */
  maximum_purchase_per_month: EurosSchema,
  /** Whether the portal answers its maintenance page to the pharmacies. */
  maintenance: z.boolean(),
});
export type AdminConfiguration = z.infer<typeof AdminConfigurationSchema>;

export const AdminConfigurationResponseSchema = z.object({ data: AdminConfigurationSchema });
export type AdminConfigurationResponse = z.infer<typeof AdminConfigurationResponseSchema>;

/**
 * `PUT /api/v1/admin/configuration/order-rules`: both amounts as typed (`'150'`, `'150,50'`,
 * `'1.500,00'`); the minimum may not exceed the cap (422 under `order_minimum_amount`).
 */
export const OrderRulesRequestSchema = z.object({
  order_minimum_amount: TypedAmountSchema,
  maximum_purchase_per_month: TypedAmountSchema,
});
export type OrderRulesRequest = z.infer<typeof OrderRulesRequestSchema>;

/** `PUT /api/v1/admin/configuration/maintenance`: `{ on: true }` puts the portal in maintenance. */
export const MaintenanceRequestSchema = z.object({
  on: z.boolean(CONFIGURATION_MESSAGES.maintenanceRequired),
});
export type MaintenanceRequest = z.infer<typeof MaintenanceRequestSchema>;
