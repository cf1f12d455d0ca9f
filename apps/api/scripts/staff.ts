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
import { parseStaffCommand, runStaffCommand } from '../src/access/staff-command.ts';
import { commandSettings, deliverMailNow, withDatabase } from './command-line.ts';

const USAGE = `usage: staff add <username> <email> <name…> [--role admin|sales_rep] [--sales-rep-id N]
       staff list
       staff deactivate <username>`;

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
  const settings = commandSettings('staff');
  if (!settings) return 1;
  return withDatabase('staff', settings, { poolSize: 2 }, async (context) => {
    const code = await runStaffCommand(context, command, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
    if (code === 0 && command.kind === 'add') await deliverMailNow('staff', context);
    return code;
  });
}

process.exitCode = await main(process.argv.slice(2));
