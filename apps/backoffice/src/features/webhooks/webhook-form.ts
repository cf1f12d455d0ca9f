/** The endpoint form's fields, checks and the words the page shows for events and statuses. */
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  webhookUrlProblem,
} from '@botica/api-client/admin';
import type { BadgeTone } from '@botica/ui';

export const ENDPOINT_FIELDS = ['url', 'description'] as const;
export type EndpointField = (typeof ENDPOINT_FIELDS)[number];

/** Each field's first problem, worded as the server words it. */
export function endpointProblems(
  values: Record<EndpointField, string>,
): Partial<Record<EndpointField, string>> {
  const problems: Partial<Record<EndpointField, string>> = {};
  const url = values.url.trim();
  if (url === '') problems.url = WEBHOOK_MESSAGES.urlInvalid;
  else if (url.length > WEBHOOK_LIMITS.url) problems.url = WEBHOOK_MESSAGES.urlTooLong;
  else {
    const problem = webhookUrlProblem(url);
    if (problem !== null) problems.url = problem;
  }
  if (values.description.trim().length > WEBHOOK_LIMITS.description)
    problems.description = WEBHOOK_MESSAGES.descriptionTooLong;
  return problems;
}

/** What each event is called on the page (a test's too). */
export const EVENT_LABELS: Readonly<Record<WebhookEvent | 'webhook.test', string>> = {
  'order.placed': 'Pedido realizado',
  'order.cancelled': 'Pedido cancelado',
  'registration.requested': 'Solicitud de alta',
  'webhook.test': 'Prueba',
};

/** An event type as the page names it (an unknown one as it is). */
export function eventLabel(type: string): string {
  return (EVENT_LABELS as Record<string, string>)[type] ?? type;
}

/** A delivery's status: its word and its badge's tone. */
export const DELIVERY_STATUS: Readonly<Record<WebhookDeliveryStatus, { label: string; tone: BadgeTone }>> = {
  pending: { label: 'Pendiente', tone: 'warning' },
  delivered: { label: 'Entregado', tone: 'success' },
  failed: { label: 'Fallido', tone: 'danger' },
};

/** A secret as the page shows it before 'Mostrar': its prefix and dots. */
export function maskedSecret(secret: string): string {
  return `${secret.slice(0, 6)}${'•'.repeat(16)}`;
}
