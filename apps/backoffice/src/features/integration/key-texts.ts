/** How the back office names the API keys' parts in Spanish: scopes, prefixes, rates, uses and calls. */
import {
  type AdminApiKey,
  API_KEY_MESSAGES,
  API_KEY_NAME_MAX,
  API_KEY_RATE_LIMITS,
} from '@botica/api-client/admin';
import type { IntegrationScope } from '@botica/api-client/endpoints';
import { formatCount, formatDateTime } from '@botica/domain';

/** Each scope's name on screen, in the order the form offers them. */
export const SCOPE_LABELS: Readonly<Record<IntegrationScope, string>> = {
  catalogue: 'Catálogo',
  stock: 'Stock',
  pharmacies: 'Farmacias',
  orders: 'Pedidos',
  documents: 'Documentos',
};

/** The scopes in the form's order. */
export const SCOPES = Object.keys(SCOPE_LABELS) as IntegrationScope[];

/** A key as lists name it: its prefix and an ellipsis (`bk_3f9a1c…`), never the secret. */
export function shownPrefix(key: Pick<AdminApiKey, 'prefix'>): string {
  return `${key.prefix}…`;
}

/** A key's last call on Madrid's clock, or 'Nunca'. */
export function lastUse(key: Pick<AdminApiKey, 'last_used_at'>): string {
  return key.last_used_at === null ? 'Nunca' : formatDateTime(key.last_used_at);
}

/** A number of calls: '1 llamada', '1.200 llamadas'. */
export function callsText(count: number): string {
  return count === 1 ? '1 llamada' : `${formatCount(count)} llamadas`;
}

/** A number of failed calls: '1 fallida', '3 fallidas'. */
export function failedText(count: number): string {
  return count === 1 ? '1 fallida' : `${formatCount(count)} fallidas`;
}

/** A key's last day: '12 llamadas · 1 fallida'. */
export function dayOfCalls(key: Pick<AdminApiKey, 'calls_24h' | 'failed_24h'>): string {
  return `${callsText(key.calls_24h)} · ${failedText(key.failed_24h)}`;
}

/** A rate as read: '600 por minuto'. */
export function rateText(rate: number): string {
  return `${formatCount(rate)} por minuto`;
}

/** The new key form's text fields. */
export const KEY_FIELDS = ['name', 'rate_per_minute'] as const;

/** What is wrong with the typed name and rate, in the server's words. */
export function keyProblems(values: { name: string; rate_per_minute: string }) {
  const name = values.name.trim();
  const rate = values.rate_per_minute.trim();
  const rateNumber = /^\d+$/.test(rate) ? Number(rate) : Number.NaN;
  return {
    name:
      name === ''
        ? API_KEY_MESSAGES.nameRequired
        : name.length > API_KEY_NAME_MAX
          ? API_KEY_MESSAGES.nameTooLong
          : undefined,
    rate_per_minute:
      Number.isInteger(rateNumber) &&
      rateNumber >= API_KEY_RATE_LIMITS.min &&
      rateNumber <= API_KEY_RATE_LIMITS.max
        ? undefined
        : API_KEY_MESSAGES.rateInvalid,
  };
}

/** The call that checks a key, as the ERP's people would type it. */
export function curlExample(origin: string, secret: string): string {
  return `curl -H "Authorization: Bearer ${secret}" ${origin}/api/v1/integration/me`;
}
