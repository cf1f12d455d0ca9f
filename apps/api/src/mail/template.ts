/**
 * The one template of every e-mail: a Spanish plain-text part and a simple, accessible HTML part
 * (`lang="es"`, one column, real text, a table with headers for details, no images, no remote
 * resources, no tracking), both closing with the laboratory's name and contact block.
 */
import { formatPhone } from '@botica/domain';
import type { Settings } from '../settings/settings.ts';

/** What a message says; `composeMail` lays it out. Every text is plain text (it is escaped for HTML). */
export interface MailContent {
  subject: string;
  /** The opening line, e.g. 'Hola, Ana:'. */
  greeting: string;
  paragraphs: readonly string[];
  /** The one thing to do, as a button in HTML and a bare URL in text. */
  action?: { label: string; url: string };
  /** Labelled values (e.g. a registration request's fields). */
  details?: readonly (readonly [label: string, value: string])[];
  /** The details table's caption in HTML. @default 'Datos de la solicitud' */
  detailsCaption?: string;
  /** A table before the details (e.g. an order's lines); its text part lists a row per line. */
  table?: MailTable;
  /** Paragraphs after the action and the details. */
  closing?: readonly string[];
}

/** A table of a message: a caption, column headings and rows of plain text. */
export interface MailTable {
  caption: string;
  columns: readonly { title: string; align?: 'left' | 'right' }[];
  /** Each row's cells, and the row as one line of the text part. */
  rows: readonly { cells: readonly string[]; text: string }[];
}

/** A message ready for the outbox. */
export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** Only http(s) links make it into a message (never `javascript:` or `data:`). */
function safeUrl(url: string): string {
  if (!/^https?:\/\/[^\s]+$/.test(url)) throw new Error(`not an http(s) URL for an e-mail: ${url}`);
  return url;
}

const TEXT_STYLE = 'margin:0 0 16px;';

/** A table as plain text: its caption, then a line per row. */
function tableText(table: MailTable): string {
  return [`${table.caption}:`, ...table.rows.map((row) => `- ${row.text}`)].join('\n');
}

/** A table as HTML, with its caption and column headers. */
function tableHtml(table: MailTable): string {
  const cell = (tag: 'th' | 'td', text: string, index: number) => {
    const align = table.columns[index]?.align ?? 'left';
    const scope = tag === 'th' ? ' scope="col"' : '';
    return `<${tag}${scope} style="text-align:${align};padding:4px 8px;border-bottom:1px solid #d5dcd3;vertical-align:top;${align === 'right' ? 'white-space:nowrap;' : ''}">${escapeHtml(text)}</${tag}>`;
  };
  return [
    `<table style="${TEXT_STYLE}border-collapse:collapse;width:100%;font-size:14px;">`,
    `<caption style="text-align:left;font-weight:bold;padding:0 0 8px;">${escapeHtml(table.caption)}</caption>`,
    `<thead><tr>${table.columns.map((column, index) => cell('th', column.title, index)).join('')}</tr></thead>`,
    '<tbody>',
    ...table.rows.map(
      (row) => `<tr>${row.cells.map((text, index) => cell('td', text, index)).join('')}</tr>`,
    ),
    '</tbody>',
    '</table>',
  ].join('\n');
}
const COLOURS = { text: '#1f2a1f', muted: '#4a554a', brand: '#2d5a27', background: '#f4f6f3' };

/** Lays a message out as text and HTML with the laboratory's contact block. */
export function composeMail(laboratory: Settings['laboratory'], content: MailContent): ComposedMail {
  const url = content.action ? safeUrl(content.action.url) : undefined;
  const signature = [
    laboratory.name,
    ...laboratory.address,
    `Tel. ${formatPhone(laboratory.phone)}`,
    laboratory.salesEmail,
  ];

  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(content.action && url ? [`${content.action.label}:\n${url}`] : []),
    ...(content.table ? [tableText(content.table)] : []),
    ...(content.details?.length
      ? [content.details.map(([label, value]) => `${label}: ${value}`).join('\n')]
      : []),
    ...(content.closing ?? []),
    `-- \n${signature.join('\n')}`,
  ].join('\n\n');

  const paragraph = (line: string) => `<p style="${TEXT_STYLE}">${escapeHtml(line)}</p>`;
  const html = [
    '<!DOCTYPE html>',
    '<html lang="es">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${COLOURS.background};">`,
    `<div role="article" aria-label="${escapeHtml(content.subject)}" lang="es" style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;color:${COLOURS.text};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;">`,
    `<p style="${TEXT_STYLE}font-size:20px;font-weight:bold;color:${COLOURS.brand};">${escapeHtml(laboratory.name)}</p>`,
    paragraph(content.greeting),
    ...content.paragraphs.map(paragraph),
    ...(content.action && url
      ? [
          `<p style="${TEXT_STYLE}"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:${COLOURS.brand};color:#ffffff;font-weight:bold;text-decoration:none;border-radius:4px;">${escapeHtml(content.action.label)}</a></p>`,
          `<p style="${TEXT_STYLE}font-size:14px;color:${COLOURS.muted};">Si el botón no funciona, copia esta dirección en tu navegador:<br><a href="${escapeHtml(url)}" style="color:${COLOURS.brand};word-break:break-all;">${escapeHtml(url)}</a></p>`,
        ]
      : []),
    ...(content.table ? [tableHtml(content.table)] : []),
    ...(content.details?.length
      ? [
          `<table style="${TEXT_STYLE}border-collapse:collapse;">`,
          `<caption style="text-align:left;font-weight:bold;padding:0 0 8px;">${escapeHtml(content.detailsCaption ?? 'Datos de la solicitud')}</caption>`,
          ...content.details.map(
            ([label, value]) =>
              `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;vertical-align:top;">${escapeHtml(label)}</th><td style="padding:4px 0;">${escapeHtml(value)}</td></tr>`,
          ),
          '</table>',
        ]
      : []),
    ...(content.closing ?? []).map(paragraph),
    `<hr style="border:0;border-top:1px solid #d5dcd3;margin:24px 0 16px;">`,
    `<p style="margin:0;font-size:14px;color:${COLOURS.muted};">${[
      `<strong>${escapeHtml(laboratory.name)}</strong>`,
      ...laboratory.address.map(escapeHtml),
      `Tel. ${escapeHtml(formatPhone(laboratory.phone))}`,
      `<a href="mailto:${escapeHtml(laboratory.salesEmail)}" style="color:${COLOURS.brand};">${escapeHtml(laboratory.salesEmail)}</a>`,
    ].join('<br>')}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');

  return { subject: content.subject, text, html };
}
