/**
 * This month's orders as the monthly cap counts them (`GET /api/v1/clients/{clientId}/monthly-purchases`),
 * so the cart, the mini cart and the home page say what is left before a save or an order is refused
 * (406). Read into the cache with the cart, once per visit, and again after an order is sent.
 */
import { eurosToCents } from '@botica/domain';
import type { MonthlyCap } from '@botica/ui';
import { atom } from 'jotai';
import { appStore } from '../../shared/store.ts';
import { currentUser, isClient, userAtom } from '../auth/session.ts';
import { loadMonthlyPurchasesAtom, orderConfigurationAtom, readCartCache } from './cart.atoms.ts';
import { type MonthlyPurchasesAnswer, monthlyPurchasesKey } from './cart-queries.ts';

/**
 * The monthly cap and this month's orders of the logged-in pharmacy; undefined until both the
 * configuration and the sum are known (or when they cannot be had: the server still refuses).
 */
export const monthlyCapAtom = atom<MonthlyCap | undefined>((get) => {
  const config = get(orderConfigurationAtom);
  const user = get(userAtom);
  if (config === null || !isClient(user)) return undefined;
  const spent = readCartCache(get, (queryClient) => {
    const state = queryClient.getQueryState<MonthlyPurchasesAnswer>(monthlyPurchasesKey(user.client.id));
    return state?.status === 'success' ? state.data?.data.spent : undefined;
  });
  if (spent === undefined) return undefined;
  return { capCents: config.maximumPurchasePerMonthCents, spentCents: eurosToCents(spent) };
});

/**
 * Reads this month's sum for the logged-in pharmacy. A failure leaves the figure out (the portal
 * then says nothing about the cap, as before; the server's 406 still says it).
 */
export async function loadMonthlyPurchases(): Promise<void> {
  const user = await currentUser();
  if (!isClient(user)) return;
  await appStore.set(loadMonthlyPurchasesAtom, user.client.id);
}
