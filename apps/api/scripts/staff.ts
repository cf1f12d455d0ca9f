/**
 * The laboratory's staff accounts, so a production start gets its first admin without touching the
 * database:
 *
 *   node staff.js add <username> <email> <name…> [--role admin|sales_rep] [--sales-rep-id N]
 *   node staff.js list
 *   node staff.js deactivate <username>
 *   pnpm --filter @botica/api staff …                (in the repo)
 *
 * `add` creates the user with an unusable password (role admin by default) and e-mails a link to
 * choose it (the portal's page, `PORTAL_URL`, else http://localhost:PORT; valid 7 days), then the back
 * office's address; the link is printed too, for an operator without mail. `deactivate` ends the
 * user's logins and sessions. Audited (without a staff member: the command line). Reads the server's
 * settings (DATABASE_URL, else the PGlite folder DATA_DIR: stop the server first, PGlite is one
 * process) and applies pending migrations first. Exits 0, 1 with the reason, 2 for a wrong command line.
 */
import { mkdirSync } from 'node:fs';
import { parseStaffCommand, runStaffCommand } from '../src/access/staff-command.ts';
import type { CoreContext } from '../src/context.ts';
import { connectionProblem } from '../src/db/connection-problem.ts';
import { openDatabase } from '../src/db/database.ts';
import { MailSender } from '../src/mail/sender.ts';
import { transportFromSettings } from '../src/mail/transports.ts';
import { loadSettings, type Settings, SettingsError } from '../src/settings/settings.ts';

const USAGE = `usage: staff add <username> <email> <name…> [--role admin|sales_rep] [--sales-rep-id N]
       staff list
       staff deactivate <username>`;

const consoleLog = {
  info: () => {},
  warn: (details: object, message: string) => console.warn(`staff: ${message}`, details),
  error: (details: object, message: string) => console.error(`staff: ${message}`, details),
};

async function main(argv: string[]): Promise<number> {
  if (argv[0] === '--help' || argv[0] === 'help') {
    console.log(USAGE);
    return 0;
  }
  const command = parseStaffCommand(argv);
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(`staff: ${error.message}`);
      return 1;
    }
    throw error;
  }
  if (!settings.databaseUrl && !settings.dataDir.startsWith('memory://'))
    mkdirSync(settings.dataDir, { recursive: true });
  const target = settings.databaseUrl ? { url: settings.databaseUrl } : { dataDir: settings.dataDir };
  const database = await openDatabase(target, { poolSize: 2 });
  try {
    await database.migrate();
    const context: CoreContext = { db: database.db, settings, now: () => new Date() };
    const code = await runStaffCommand(context, command, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
    if (code === 0 && command.kind === 'add') {
      const sender = new MailSender(context, transportFromSettings(settings), consoleLog);
      const delivered = await sender.deliverDue();
      await sender.stop();
      if (delivered.retrying > 0)
        console.warn('staff: the mail server did not take the message; a running server will retry it.');
    }
    return code;
  } catch (error) {
    const unreachable = connectionProblem(error, target);
    if (!unreachable) throw error;
    console.error(`staff: ${unreachable}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
