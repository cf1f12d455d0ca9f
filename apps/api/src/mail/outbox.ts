/**
 * Writing messages into the outbox (README.md "E-mail"): always with
 * the database handle of the transaction that makes the change the message is about, so both commit
 * or neither does. The sender (sender.ts) delivers them after the commit.
 */
import type { CoreContext } from '../core-context.ts';
import { outbox } from './tables.ts';
import type { ComposedMail } from './template.ts';
import type { MailAttachment } from './transports.ts';

/** A message to write into the outbox. */
export interface OutgoingMail {
  /** What it is, e.g. `password_reset` (logs, tests). */
  kind: string;
  to: string;
  mail: ComposedMail;
  /** Files sent with it (e.g. a calendar invitation); cleared with the bodies once it is done. */
  attachments?: readonly MailAttachment[];
  /** Not worth sending after this (e.g. when the link it carries expires). */
  discardAfter?: Date;
}

/** What the attachments of one message may weigh together (the outbox is no file store). */
export const MAX_ATTACHMENT_CHARS = 1_000_000;

function checkedAttachments(attachments: readonly MailAttachment[]): MailAttachment[] | null {
  if (attachments.length === 0) return null;
  let total = 0;
  for (const attachment of attachments) {
    // The name and type become MIME headers: no line breaks, something to show.
    if (!/^[^\r\n/\\]{1,200}$/.test(attachment.filename)) {
      throw new Error(`an attachment's name is not usable: ${JSON.stringify(attachment.filename)}`);
    }
    if (!/^[\w.+-]+\/[\w.+-]+(;[^\r\n]*)?$/.test(attachment.contentType)) {
      throw new Error(`an attachment's type is not usable: ${JSON.stringify(attachment.contentType)}`);
    }
    total += attachment.content.length;
  }
  if (total > MAX_ATTACHMENT_CHARS) throw new Error(`attachments of ${total} characters are too big`);
  return attachments.map(({ filename, contentType, content, encoding }) => ({
    filename,
    contentType,
    content,
    ...(encoding ? { encoding } : {}),
  }));
}

/**
 * Writes a message into the outbox, due now, in the context's database: inside `inTransaction`, the
 * transaction's context, so the message leaves only if the change that caused it commits. Returns its
 * id.
 */
export async function enqueueMail(
  context: Pick<CoreContext, 'db' | 'now'>,
  message: OutgoingMail,
): Promise<number> {
  const now = context.now();
  const [row] = await context.db
    .insert(outbox)
    .values({
      kind: message.kind,
      recipient: message.to,
      subject: message.mail.subject,
      textBody: message.mail.text,
      htmlBody: message.mail.html,
      attachments: checkedAttachments(message.attachments ?? []),
      nextAttemptAt: now,
      createdAt: now,
      discardAfter: message.discardAfter ?? null,
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error('an outbox row was not written');
  return row.id;
}
