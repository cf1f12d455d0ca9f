/**
 * This month's orders as the monthly cap counts them (`GET /api/v1/clients/{clientId}/monthly-purchases`),
 * so the cart, the mini cart and the home page say what is left before a save or an order is refused
 * (406). Loaded with the cart, once per visit, and again after an order is sent.
 */
import { eurosToCents } from '@botica/domain';
import type { MonthlyCap } from '@botica/ui';
import { atom } from 'jotai';
import { api } from '../../shared/api.ts';
import { appStore } from '../../shared/store.ts';
import { currentUser, isClient, userAtom } from '../auth/session.ts';
import { orderConfigurationAtom } from './cart.atoms.ts';

/** The sum of this month's orders, in cents, and whose it is. */
const monthSpentAtom = atom<{ clientId: number; spentCents: number } | null>(null);

/**
 * The monthly cap and this month's orders of the logged-in pharmacy; undefined until both the
 * configuration and the sum are known (or when they cannot be had: the server still refuses).
 */
export const monthlyCapAtom = atom<MonthlyCap | undefined>((get) => {
  const config = get(orderConfigurationAtom);
  const spent = get(monthSpentAtom);
  const user = get(userAtom);
  if (config === null || spent === null || !isClient(user) || user.client.id !== spent.clientId)
    return undefined;
  return { capCents: config.maximumPurchasePerMonthCents, spentCents: spent.spentCents };
});

/**
 * Loads this month's sum for the logged-in pharmacy. A failure leaves the figure out (the portal
 * then says nothing about the cap, as before; the server's 406 still says it).
 */
export async function loadMonthlyPurchases(): Promise<void> {
  const user = await currentUser();
  if (!isClient(user)) return;
  try {
    const { data } = await api.cart.monthlyPurchases(user.client.id);
    appStore.set(monthSpentAtom, { clientId: user.client.id, spentCents: eurosToCents(data.spent) });
  } catch {
    appStore.set(monthSpentAtom, null);
  }
}
