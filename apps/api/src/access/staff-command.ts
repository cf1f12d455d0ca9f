/**
 * The `staff` command's reading of its command line and its work on an open database (scripts/staff.ts
 * runs them; tests call them on both engines).
 */

import type { CoreContext } from '../context.ts';
import {
  type AddStaffProblem,
  addStaff,
  deactivateStaff,
  listStaff,
  type NewStaff,
} from './staff-service.ts';

const PROBLEMS: Record<AddStaffProblem, string> = {
  'username-invalid':
    'the username must be 3 to 50 characters: letters without accents, digits, dots, hyphens and underscores, starting with a letter or a digit',
  'username-taken': 'a user already has that username',
  'email-invalid': 'the e-mail address is not valid',
  'name-required': 'the name is required',
  'sales-rep-not-found': 'there is no sales rep with that id (sales_reps)',
  'sales-rep-for-admin': '--sales-rep-id is for the role sales_rep only',
};

/** A command line, read. */
export type StaffCommand =
  | { kind: 'add'; staff: NewStaff }
  | { kind: 'list' }
  | { kind: 'deactivate'; username: string };

/** The command line read, or null when it is wrong. */
export function parseStaffCommand(argv: readonly string[]): StaffCommand | null {
  const args = argv.filter((argument) => argument !== '--');
  const [command, ...rest] = args;
  if (command === 'list' && rest.length === 0) return { kind: 'list' };
  if (command === 'deactivate' && rest.length === 1 && rest[0])
    return { kind: 'deactivate', username: rest[0] };
  if (command !== 'add') return null;
  const positional: string[] = [];
  let role: NewStaff['role'] = 'admin';
  let salesRepId: number | undefined;
  for (let index = 0; index < rest.length; index += 1) {
    const argument = rest[index] ?? '';
    const value = rest[index + 1];
    if (argument === '--role') {
      if (value !== 'admin' && value !== 'sales_rep') return null;
      role = value;
      index += 1;
    } else if (argument === '--sales-rep-id') {
      const id = Number(value);
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      salesRepId = id;
      index += 1;
    } else if (argument.startsWith('--')) return null;
    else positional.push(argument);
  }
  const [username, email, ...name] = positional;
  if (!username || !email || name.length === 0) return null;
  return { kind: 'add', staff: { username, email, name: name.join(' '), role, salesRepId } };
}

/** Runs a command on an open database; what the terminal reads goes to `out` and `err`. */
export async function runStaffCommand(
  context: CoreContext,
  command: StaffCommand,
  io: { out: (line: string) => void; err: (line: string) => void },
): Promise<number> {
  if (command.kind === 'list') {
    const rows = await listStaff(context);
    if (rows.length === 0) io.out('No staff users.');
    for (const row of rows)
      io.out(
        `${row.username}  ${row.role}${row.salesRepId === null ? '' : ` (sales rep ${row.salesRepId})`}  ${row.name}  ${row.email ?? '-'}  ${row.isActive ? 'active' : 'inactive'}`,
      );
    return 0;
  }
  if (command.kind === 'deactivate') {
    const result = await deactivateStaff(context, command.username);
    if (!result.ok) {
      io.err(`staff: there is no staff user "${command.username}".`);
      return 1;
    }
    io.out(
      result.wasActive
        ? `Deactivated ${command.username}: no more logins, every session ended.`
        : `${command.username} was already inactive.`,
    );
    return 0;
  }
  const origin = context.settings.portalUrl || `http://localhost:${context.settings.port}`;
  const result = await addStaff(context, command.staff, origin);
  if (!result.ok) {
    io.err(`staff: cannot add "${command.staff.username}": ${PROBLEMS[result.problem]}.`);
    return 1;
  }
  io.out(`Added ${result.username} (${command.staff.role}), user ${result.userId}.`);
  io.out(`E-mailed to ${command.staff.email.trim()}: a link to choose the password (valid 7 days):`);
  io.out(`  ${result.setPasswordLink}`);
  io.out(`then the back office: ${origin}/backoffice/`);
  return 0;
}
