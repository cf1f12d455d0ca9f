/**
 * The `api-keys` command's reading of its command line and its work on an open database
 * (scripts/api-keys.ts runs them; tests call them on both engines). `add` writes the secret alone on
 * `out`, so a shell can capture it (`KEY=$(… api-keys add …)`); everything else a person reads goes to
 * `err` for `add`.
 */
import { INTEGRATION_SCOPES } from '@botica/api-client/endpoints';
import type { CoreContext } from '../core-context.ts';
import { HttpError } from '../http/errors.ts';
import {
  apiKeyNamed,
  createApiKey,
  DEFAULT_RATE_PER_MINUTE,
  listApiKeysWithActivity,
  revokeApiKey,
} from './api-keys-service.ts';

/** A command line, read. */
export type ApiKeysCommand =
  | { kind: 'add'; name: string; scopes: string[]; ratePerMinute?: number }
  | { kind: 'list' }
  | { kind: 'revoke'; key: string };

/** The command line read, or null when it is wrong. */
export function parseApiKeysCommand(argv: readonly string[]): ApiKeysCommand | null {
  const args = argv.filter((argument) => argument !== '--');
  const [command, ...rest] = args;
  if (command === 'list' && rest.length === 0) return { kind: 'list' };
  if (command === 'revoke' && rest.length === 1 && rest[0]) return { kind: 'revoke', key: rest[0] };
  if (command !== 'add') return null;
  const positional: string[] = [];
  let ratePerMinute: number | undefined;
  for (let index = 0; index < rest.length; index += 1) {
    const argument = rest[index] ?? '';
    if (argument === '--rate') {
      const rate = Number(rest[index + 1]);
      if (!Number.isSafeInteger(rate)) return null;
      ratePerMinute = rate;
      index += 1;
    } else if (argument.startsWith('--')) return null;
    else positional.push(argument);
  }
  if (positional.length !== 2) return null;
  const [name, scopes] = positional as [string, string];
  return {
    kind: 'add',
    name,
    scopes: scopes
      .split(',')
      .map((scope) => scope.trim())
      .filter((scope) => scope !== ''),
    ...(ratePerMinute === undefined ? {} : { ratePerMinute }),
  };
}

/** The command's usage, for `--help` and a wrong command line. */
export const API_KEYS_USAGE = `usage: api-keys add <name> <scope,scope…> [--rate N]   (scopes: ${INTEGRATION_SCOPES.join(', ')}; rate ${DEFAULT_RATE_PER_MINUTE} a minute by default)
       api-keys list
       api-keys revoke <id|prefix>`;

/** A refusal of the service (its Spanish messages) in one line for the terminal. */
function refusal(error: HttpError): string {
  const details = Object.values(error.errors ?? {}).flat();
  return [error.message, ...details].join(' ');
}

const when = (date: Date | null) => (date === null ? '-' : date.toISOString().slice(0, 16).replace('T', ' '));

/** Runs a command on an open database, audited as the command line (no staff member). */
export async function runApiKeysCommand(
  context: CoreContext,
  command: ApiKeysCommand,
  io: { out: (line: string) => void; err: (line: string) => void },
): Promise<number> {
  if (command.kind === 'list') {
    const keys = await listApiKeysWithActivity(context);
    if (keys.length === 0) io.out('No API keys.');
    for (const key of keys)
      io.out(
        [
          String(key.id),
          `${key.prefix}…`,
          key.name,
          key.scopes.join(','),
          `${key.ratePerMinute}/min`,
          `last used ${when(key.lastUsedAt)}`,
          `24h ${key.calls24h} calls, ${key.failed24h} failed`,
          key.revokedAt === null ? 'active' : `revoked ${when(key.revokedAt)}`,
        ].join('  '),
      );
    return 0;
  }
  if (command.kind === 'revoke') {
    const key = await apiKeyNamed(context, command.key);
    if (!key) {
      io.err(`api-keys: no single API key has the id or prefix "${command.key}".`);
      return 1;
    }
    if (key.revokedAt !== null) {
      io.out(`${key.prefix}… (${key.name}) was already revoked.`);
      return 0;
    }
    await revokeApiKey(context, key.id, null);
    io.out(`Revoked ${key.prefix}… (${key.name}): its next call is refused.`);
    return 0;
  }
  try {
    const { key, secret } = await createApiKey(
      context,
      { name: command.name, scopes: command.scopes, ratePerMinute: command.ratePerMinute },
      null,
    );
    io.out(secret);
    io.err(
      `api-keys: created key ${key.id} "${key.name}" (${key.prefix}…, ${key.scopes.join(',')}, ${key.ratePerMinute}/min).`,
    );
    io.err('api-keys: its secret (the one line on stdout) is shown this once: store it now.');
    return 0;
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 422) throw error;
    io.err(`api-keys: cannot add "${command.name}": ${refusal(error)}`);
    return 1;
  }
}
