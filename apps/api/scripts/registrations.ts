/**
 * The laboratory's decision on registration requests, until the back office does it:
 *
 *   node registrations.js list [--all]          (in the production bundle or the image)
 *   node registrations.js approve <id>
 *   node registrations.js reject <id> [reason…]
 *   pnpm --filter @botica/api registrations …   (in the repo)
 *
 * Reads the server's settings (DATABASE_URL, else the PGlite folder DATA_DIR: stop the server first,
 * PGlite is one process). Approving creates the client and its main user and e-mails them a link to
 * set their password (`PORTAL_URL`, else http://localhost:PORT); rejecting tells the pharmacy, with the
 * reason when one is given. Both are audited (without a staff member: the command line). The messages
 * are delivered at once by this command (SMTP_URL, or .eml files with the links printed), and
 * otherwise by a running server's sender. Exits 0, or 1 with the reason.
 */
import {
  approveRegistration,
  type DecisionProblem,
  listRegistrations,
  rejectRegistration,
} from '../src/access/registrations-service.ts';
import { commandSettings, deliverMailNow, withDatabase } from './command-line.ts';

const USAGE = 'usage: registrations list [--all] | approve <id> | reject <id> [reason…]';

const PROBLEMS: Record<DecisionProblem, string> = {
  'not-found': 'there is no request with that id',
  'not-pending': 'the request has already been decided',
  'username-taken': 'a user already has that username: reject the request, or ask the pharmacy for another',
  'client-has-main-user': 'the client with that tax id already has a main user: reject the request',
};

async function main(argv: string[]): Promise<number> {
  const [command, argument] = argv;
  const id = Number(argument);
  if (
    command !== 'list' &&
    !((command === 'approve' || command === 'reject') && Number.isSafeInteger(id) && id > 0)
  ) {
    console.error(USAGE);
    return 1;
  }
  const settings = commandSettings('registrations');
  if (!settings) return 1;
  return withDatabase('registrations', settings, { poolSize: 2 }, async (context) => {
    if (command === 'list') {
      const rows = await listRegistrations(context, argv.includes('--all'));
      if (rows.length === 0) console.log('No pending registration requests.');
      for (const row of rows) {
        console.log(
          `#${row.id} ${row.status.padEnd(8)} ${row.createdAt.toISOString().slice(0, 16)}  ${row.pharmacyName} (${row.taxId})  user ${row.username}  ${row.email}  tel. ${row.phone}  CP ${row.postalCode}`,
        );
      }
      return 0;
    }
    const origin = settings.portalUrl || `http://localhost:${settings.port}`;
    const result =
      command === 'approve'
        ? await approveRegistration(context, id, origin)
        : await rejectRegistration(context, id, { reason: argv.slice(2).join(' ') });
    if (!result.ok) {
      console.error(`registrations: cannot ${command} #${id}: ${PROBLEMS[result.problem]}.`);
      return 1;
    }
    console.log(
      command === 'approve'
        ? `Approved #${id}: ${result.created ? 'new' : 'existing'} client ${result.clientId}, user ${result.userId}; the pharmacy is e-mailed a link to set its password.`
        : `Rejected #${id}; the pharmacy is told by e-mail.`,
    );
    await deliverMailNow('registrations', context);
    return 0;
  });
}

process.exitCode = await main(process.argv.slice(2));
