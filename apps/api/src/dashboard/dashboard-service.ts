/**
 * The back office's dashboard, composed from the modules' services (orders, access, mail,
 * configurations): it owns no table and writes no SQL. A sales rep's figures count his pharmacies
 * only, and the admins' blocks (registration requests, the outbox) are null for him.
 */
import { type DashboardResponse, NEAR_CAP_PERCENT } from '@botica/api-client/admin';
import { centsToEuros } from '@botica/domain';
import { countPendingRegistrations } from '../access/registrations-service.ts';
import type { StaffScope } from '../accounts/staff-scope.ts';
import { orderConfiguration } from '../configurations/configuration-service.ts';
import type { CoreContext } from '../context.ts';
import { type UndeliveredMailList, undeliveredMail } from '../mail/outbox-report.ts';
import {
  clientsSpendingAtLeast,
  type OrderTally,
  ordersPerDay,
  ordersPerSalesRep,
  orderTallies,
} from '../orders/dashboard-service.ts';
import { dashboardWindows } from './windows.ts';

/** The latest undelivered messages listed of each kind. */
const LATEST_MAIL = 5;

/** The name shown for the pharmacies without a sales rep. */
export const WITHOUT_SALES_REP = 'Sin comercial asignado';

/** The cents from which a month's orders are near the cap: `NEAR_CAP_PERCENT` of it, rounded up. */
export function nearCapMinimumCents(capCents: number): number {
  return Math.ceil((capCents * NEAR_CAP_PERCENT) / 100);
}

/** A share of the cap in whole percent, rounded down (79,9 % is not yet 80). */
export function capPercent(amountCents: number, capCents: number): number {
  return capCents > 0 ? Math.floor((amountCents * 100) / capCents) : 0;
}

const figure = (tally: OrderTally) => ({ count: tally.count, amount: centsToEuros(tally.amountCents) });

function mailList(list: UndeliveredMailList) {
  return {
    count: list.count,
    latest: list.latest.map((mail) => ({
      id: mail.id,
      to: mail.recipient,
      subject: mail.subject,
      attempts: mail.attempts,
      last_error: mail.lastError,
      created_at: mail.createdAt.toISOString(),
    })),
  };
}

/** The dashboard of a staff member whose scope is `scope`, at the context's clock. */
export async function dashboard(context: CoreContext, scope: StaffScope): Promise<DashboardResponse> {
  const now = context.now();
  const windows = dashboardWindows(now);
  const isAdmin = scope.everyClient;
  const { maximumPurchasePerMonthCents: capCents } = await orderConfiguration(context);
  const tallies = await orderTallies(context, scope, {
    today: windows.today,
    yesterday: windows.yesterday,
    month: windows.month,
    previousMonth: windows.previousMonth,
  });
  const days = await ordersPerDay(context, scope, windows.days);
  const reps = await ordersPerSalesRep(context, scope, windows.wholeMonth);
  const nearCap =
    capCents > 0
      ? await clientsSpendingAtLeast(context, scope, {
          period: windows.wholeMonth,
          minimumCents: nearCapMinimumCents(capCents),
        })
      : [];
  const pending = isAdmin ? await countPendingRegistrations(context) : null;
  const mail = isAdmin ? await undeliveredMail(context, LATEST_MAIL) : null;
  return {
    generated_at: now.toISOString(),
    scope: isAdmin ? 'all' : 'sales_rep',
    orders: {
      today: figure(tallies.today),
      yesterday: figure(tallies.yesterday),
      month: figure(tallies.month),
      previous_month: figure(tallies.previousMonth),
    },
    pending_registrations: pending,
    outbox: mail ? { failed: mailList(mail.failed), stuck: mailList(mail.stuck) } : null,
    near_cap: {
      cap: centsToEuros(capCents),
      threshold_percent: NEAR_CAP_PERCENT,
      clients: nearCap.map((client) => ({
        id: client.id,
        name: client.name,
        code: client.code,
        amount: centsToEuros(client.amountCents),
        cap: centsToEuros(capCents),
        percent: capPercent(client.amountCents, capCents),
      })),
    },
    orders_per_day: days.map((day) => ({
      date: day.date,
      count: day.count,
      amount: centsToEuros(day.amountCents),
    })),
    sales_reps: reps.map((rep) => ({
      id: rep.id,
      name: rep.name ?? WITHOUT_SALES_REP,
      count: rep.count,
      amount: centsToEuros(rep.amountCents),
    })),
  };
}
