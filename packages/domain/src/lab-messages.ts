/**
 * The laboratory's messages to the pharmacies (holiday closures, price changes, recalls): their
 * kinds and severities with the Spanish labels, when one is active, and their plain-text bodies
 * (paragraphs separated by a blank line; never HTML).
 */

/** What a message is about. */
export type LabMessageKind = 'recall' | 'holiday' | 'prices' | 'general';
/** How much a message matters: a recall is critical, a holiday closure a warning. */
export type LabMessageSeverity = 'info' | 'warning' | 'critical';

/** The kinds, in the order the laboratory lists them. */
export const LAB_MESSAGE_KINDS: readonly LabMessageKind[] = ['recall', 'holiday', 'prices', 'general'];
/** The severities, from the least to the most pressing. */
export const LAB_MESSAGE_SEVERITIES: readonly LabMessageSeverity[] = ['info', 'warning', 'critical'];

/** The Spanish label of each kind, as a pharmacist reads it on the message. */
export const LAB_MESSAGE_KIND_LABELS: Readonly<Record<LabMessageKind, string>> = {
  recall: 'Retirada de lote',
  holiday: 'Cierre por festivo',
  prices: 'Cambio de precios',
  general: 'Aviso',
};

/** The Spanish label of each severity (for assistive technology and lists). */
export const LAB_MESSAGE_SEVERITY_LABELS: Readonly<Record<LabMessageSeverity, string>> = {
  info: 'Informativo',
  warning: 'Importante',
  critical: 'Urgente',
};

/**
 * Whether a message is shown at `now`: from `starts_at` (included) to `ends_at` (excluded).
 * @example isLabMessageActive({ starts_at: '2026-03-01T00:00:00Z', ends_at: '2026-04-01T00:00:00Z' }, new Date('2026-03-18')) // true
 */
export function isLabMessageActive(
  message: { starts_at: string | Date; ends_at: string | Date },
  now: Date,
): boolean {
  const time = now.getTime();
  return new Date(message.starts_at).getTime() <= time && time < new Date(message.ends_at).getTime();
}

/**
 * A plain text's paragraphs: separated by a blank line, trimmed, single line breaks kept inside a
 * paragraph, empty ones dropped.
 * @example textParagraphs('Uno.\n\nDos,\ny tres.\n') // ['Uno.', 'Dos,\ny tres.']
 */
export function textParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/**
 * A short summary of a plain text: its first paragraph on one line, cut at a word with '…' past
 * `max` characters.
 * @example textExcerpt('Cerramos el lunes por la fiesta local.\n\nGracias.', 20) // 'Cerramos el lunes…'
 */
export function textExcerpt(text: string, max = 180): string {
  const first = (textParagraphs(text)[0] ?? '').replace(/\s+/g, ' ');
  const chars = [...first];
  if (chars.length <= max) return first;
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
