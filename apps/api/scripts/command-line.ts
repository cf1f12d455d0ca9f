/**
 * What the command-line tools (`staff`, `registrations`, `configurations`) share: the server's
 * settings read as the server reads them, the database opened and migrated for one task and closed
 * after it, an unreachable database said in one line instead of a stack trace, and the messages a
 * task queued delivered before the command exits.
 */
import { mkdirSync } from 'node:fs';
import type { CoreContext } from '../src/context.ts';
import { connectionProblem } from '../src/db/connection-problem.ts';
import { openDatabase } from '../src/db/database.ts';
import { MailSender } from '../src/mail/sender.ts';
import { transportFromSettings } from '../src/mail/transports.ts';
import { loadSettings, type Settings, SettingsError } from '../src/settings/settings.ts';

/**
 * The server's settings, or null once a wrong one has been printed (`name: …`) for the command to
 * exit 1.
 */
export function commandSettings(name: string): Settings | null {
  try {
    return loadSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(`${name}: ${error.message}`);
      return null;
    }
    throw error;
  }
}

/**
 * Runs `task` on the settings' database (DATABASE_URL, else the PGlite folder DATA_DIR, created if
 * missing) with its pending migrations applied, and closes it after. A database that cannot be
 * reached is printed in one line and exits 1; `task`'s number is the command's exit code otherwise.
 */
export async function withDatabase(
  name: string,
  settings: Settings,
  { poolSize }: { poolSize: number },
  task: (context: CoreContext) => Promise<number>,
): Promise<number> {
  if (!settings.databaseUrl && !settings.dataDir.startsWith('memory://'))
    mkdirSync(settings.dataDir, { recursive: true });
  const target = settings.databaseUrl ? { url: settings.databaseUrl } : { dataDir: settings.dataDir };
  const database = await openDatabase(target, { poolSize });
  try {
    await database.migrate();
    return await task({ db: database.db, settings, now: () => new Date() });
  } catch (error) {
    const unreachable = connectionProblem(error, target);
    if (!unreachable) throw error;
    console.error(`${name}: ${unreachable}`);
    return 1;
  } finally {
    await database.close();
  }
}

/**
 * Delivers the messages due now (SMTP_URL, or .eml files), so that what the command queued leaves
 * before it exits; one the mail server did not take is left to a running server's sender, and said.
 */
export async function deliverMailNow(name: string, context: CoreContext): Promise<void> {
  const log = {
    info: () => {},
    warn: (details: object, message: string) => console.warn(`${name}: ${message}`, details),
    error: (details: object, message: string) => console.error(`${name}: ${message}`, details),
  };
  const sender = new MailSender(context, transportFromSettings(context.settings), log);
  const delivered = await sender.deliverDue();
  await sender.stop();
  if (delivered.retrying > 0)
    console.warn(`${name}: the mail server did not take the message; a running server will retry it.`);
}
