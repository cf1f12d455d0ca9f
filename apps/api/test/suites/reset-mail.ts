/** The mail of the access suites: the messages the test server delivered, and the reset links in them. */
import { sql } from 'drizzle-orm';
import type { MailEnvelope } from '../../src/mail/transports.ts';
import type { TestServer } from '../../src/testing/test-server.ts';

/** The secret of the reset link in a message's text. */
export function secretIn(text: string): string {
  const match = /\/login\/reset_password\?secret=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

/** Whether a message in the outbox is still waiting for the sender. */
async function hasPendingMail(server: TestServer): Promise<boolean> {
  const pending = await server.database.db.execute(
    sql`select 1 from outbox where status = 'pending' limit 1`,
  );
  return (pending as unknown as { rows: unknown[] }).rows.length > 0;
}

/** The message to `to` beyond the first `skip`, once delivered and finished in the outbox. */
export async function mailFor(server: TestServer, to: string, skip = 0): Promise<MailEnvelope> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const found = server.mail.delivered.filter((message) => message.to === to)[skip];
    // Delivered, and its outbox row finished (the transport hears of a message before the sender
    // marks it sent and clears its bodies).
    if (found && !(await hasPendingMail(server))) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail for ${to}`);
}
