/**
 * Writing messages into the outbox (ARCHITECTURE.md §2, "Accounts, access and e-mail"): always with
 * the database handle of the transaction that makes the change the message is about, so both commit
 * or neither does. The sender (sender.ts) delivers them after the commit.
 */
import type { Database } from '../db/database.ts';
import { outbox } from '../db/schema.ts';
import type { ComposedMail } from './template.ts';

/** A message to write into the outbox. */
export interface OutgoingMail {
  /** What it is, e.g. `password_reset` (logs, tests). */
  kind: string;
  to: string;
  mail: ComposedMail;
  /** Not worth sending after this (e.g. when the link it carries expires). */
  discardAfter?: Date;
}

/**
 * Writes a message into the outbox; pass the transaction's handle (`tx as unknown as Database`).
 * Returns its id.
 */
export async function enqueueMail(db: Database, message: OutgoingMail, now: Date): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({
      kind: message.kind,
      recipient: message.to,
      subject: message.mail.subject,
      textBody: message.mail.text,
      htmlBody: message.mail.html,
      nextAttemptAt: now,
      createdAt: now,
      discardAfter: message.discardAfter ?? null,
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error('an outbox row was not written');
  return row.id;
}
