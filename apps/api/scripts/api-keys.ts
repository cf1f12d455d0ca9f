/**
 * The machine clients' API keys (the laboratory's ERP), from the command line:
 *
 *   node api-keys.js add <name> <scope,scope…> [--rate N]
 *   node api-keys.js list
 *   node api-keys.js revoke <id|prefix>
 *   pnpm --filter @botica/api api-keys …                (in the repo)
 *
 * `add` prints the new key's secret and nothing else on stdout (the rest on stderr), so
 * `KEY=$(node api-keys.js add "SAP B1" orders,documents)` keeps it; it is shown this once (only its
 * SHA-256 is stored). Scopes: catalogue, stock, pharmacies, orders, documents; the rate is calls per
 * minute (600 by default). `revoke` refuses the key's next call. Audited (without a staff member: the
 * command line). Reads the server's settings (DATABASE_URL, else the PGlite folder DATA_DIR: stop the
 * server first, PGlite is one process) and applies pending migrations first. Exits 0, 1 with the
 * reason, 2 for a wrong command line.
 */
import {
  API_KEYS_USAGE,
  parseApiKeysCommand,
  runApiKeysCommand,
} from '../src/integration/api-keys-command.ts';
import { commandSettings, withDatabase } from './command-line.ts';

async function main(argv: string[]): Promise<number> {
  if (argv[0] === '--help' || argv[0] === 'help') {
    console.log(API_KEYS_USAGE);
    return 0;
  }
  const command = parseApiKeysCommand(argv);
  if (!command) {
    console.error(API_KEYS_USAGE);
    return 2;
  }
  const settings = commandSettings('api-keys');
  if (!settings) return 1;
  return withDatabase('api-keys', settings, { poolSize: 2 }, (context) =>
    runApiKeysCommand(context, command, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    }),
  );
}

process.exitCode = await main(process.argv.slice(2));
