/**
 * The back office's dashboard (`GET /api/v1/admin/dashboard`): the order figures, what waits for the
 * laboratory (registration requests, e-mail that did not leave), the pharmacies near their monthly
 * cap, the orders per day and the month per sales rep. A sales rep's figures count his pharmacies only.
 */
import * as z from 'zod/mini';
import { QueryDateSchema } from './cart.ts';
import { DateTimeSchema, EurosSchema, IdSchema } from './common.ts';

/** A number of orders and what they add up to. */
export const OrderFigureSchema = z.object({
  /** Every order sent in the period, cancelled ones included. */
  count: z.int().check(z.gte(0)),
  /** The orders' `price` (before discounts and taxes, as the monthly cap counts it), cancelled ones excluded. */
  amount: EurosSchema,
});
export type OrderFigure = z.infer<typeof OrderFigureSchema>;

/**
 * The orders of today and this month (Madrid calendar), each beside the period it is compared with:
 * yesterday up to the same hour, and the previous month up to the same day and hour.
 */
export const DashboardOrdersSchema = z.object({
  today: OrderFigureSchema,
  yesterday: OrderFigureSchema,
  month: OrderFigureSchema,
  previous_month: OrderFigureSchema,
});
export type DashboardOrders = z.infer<typeof DashboardOrdersSchema>;

/** An e-mail of the outbox that did not leave. */
export const OutboxProblemSchema = z.object({
  id: IdSchema,
  to: z.string(),
  subject: z.string(),
  attempts: z.int().check(z.gte(0)),
  last_error: z.nullable(z.string()),
  created_at: DateTimeSchema,
});
export type OutboxProblem = z.infer<typeof OutboxProblemSchema>;

/** A kind of e-mail problem: how many, and the latest few. */
export const OutboxProblemListSchema = z.object({
  count: z.int().check(z.gte(0)),
  latest: z.array(OutboxProblemSchema),
});

/**
 * The outbox's problems: messages given up (`failed`) and messages pending for more than 15 minutes
 * (`stuck`).
 */
export const DashboardOutboxSchema = z.object({
  failed: OutboxProblemListSchema,
  stuck: OutboxProblemListSchema,
});
export type DashboardOutbox = z.infer<typeof DashboardOutboxSchema>;

/** A pharmacy whose orders this month reach 80 % of the monthly cap or more. */
export const NearCapClientSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** The pharmacy's code in the laboratory's ERP. */
  code: z.string(),
  /** This month's orders, as the cap counts them. */
  amount: EurosSchema,
  cap: EurosSchema,
  /** `amount` as a share of `cap`, in whole percent (rounded down, so 79,9 % never shows as 80). */
  percent: z.int().check(z.gte(0)),
});
export type NearCapClient = z.infer<typeof NearCapClientSchema>;

/** One Madrid day's orders. */
export const DailyOrdersSchema = z.object({
  date: QueryDateSchema,
  count: z.int().check(z.gte(0)),
  amount: EurosSchema,
});
export type DailyOrders = z.infer<typeof DailyOrdersSchema>;

/** This month's orders of one sales rep's pharmacies (`id` null: the pharmacies without a rep). */
export const SalesRepMonthSchema = z.object({
  id: z.nullable(IdSchema),
  name: z.string(),
  count: z.int().check(z.gte(0)),
  amount: EurosSchema,
});
export type SalesRepMonth = z.infer<typeof SalesRepMonthSchema>;

/** The share of the monthly cap from which a pharmacy is listed as near it. */
export const NEAR_CAP_PERCENT = 80;

/** The dashboard's answer. `null` blocks are the admins' alone (a sales rep gets null). */
export const DashboardResponseSchema = z.object({
  /** When the figures were read. */
  generated_at: DateTimeSchema,
  /** `all` for an admin; `sales_rep` when the figures count one rep's pharmacies only. */
  scope: z.enum(['all', 'sales_rep']),
  orders: DashboardOrdersSchema,
  /** Registration requests waiting for a decision (admins only). */
  pending_registrations: z.nullable(z.int().check(z.gte(0))),
  /** E-mail that did not leave (admins only). */
  outbox: z.nullable(DashboardOutboxSchema),
  near_cap: z.object({
    /** The monthly cap (`maximum_purchase_per_month`). */
    cap: EurosSchema,
    threshold_percent: z.int(),
    clients: z.array(NearCapClientSchema),
  }),
  /** The last 90 Madrid days, oldest first, today last, every day present. */
  orders_per_day: z.array(DailyOrdersSchema),
  /** This month per sales rep, highest amount first (a rep: his own only). */
  sales_reps: z.array(SalesRepMonthSchema),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;
