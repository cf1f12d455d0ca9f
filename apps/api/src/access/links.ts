/**
 * The even timing of the access answers; the links to the portal in e-mails are the accounts
 * module's (src/accounts/links.ts), re-exported for the modules that import them from here.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export { portalOrigin, resetLink } from '../accounts/links.ts';

/**
 * A registration request in the back office's list, which scrolls to it and highlights it.
 * @example registrationLink('https://pedidos.example', 12) // 'https://pedidos.example/backoffice/registrations?request=12'
 */
export function registrationLink(origin: string, id: number): string {
  return `${origin}/backoffice/registrations?request=${id}`;
}

/**
 * Waits until `floorMs` have passed since `startedAt` (a `performance.now()`): an access answer then
 * takes the same time whether its work found a user or not, as long as the work is faster than it.
 */
export async function answerNoSoonerThan(startedAt: number, floorMs: number): Promise<void> {
  const left = floorMs - (performance.now() - startedAt);
  if (left > 0) await sleep(left);
}
