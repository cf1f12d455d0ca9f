/**
 * The laboratory's order rules, until the back office changes them:
 *
 *   node configurations.js list                                 (in the production bundle or the image)
 *   node configurations.js set order_minimum_amount 150
 *   node configurations.js set maximum_purchase_per_month 3000
 *   pnpm --filter @botica/api configurations …                  (in the repo)
 *
 * Reads the server's settings (DATABASE_URL, else the PGlite folder DATA_DIR: stop the server first,
 * PGlite is one process) and applies pending migrations first. A new value holds for the next cart
 * save on every instance (carts are priced from the database). Exits 0, 1 with the reason, 2 for a
 * wrong command line.
 */
import {
  isOrderRuleKey,
  listConfigurations,
  ORDER_RULES,
  setOrderRule,
} from '../src/configurations/configuration-service.ts';
import { commandSettings, withDatabase } from './command-line.ts';

const USAGE = `usage: configurations list | set <key> <euros>
keys:
${Object.entries(ORDER_RULES)
  .map(([key, meaning]) => `  ${key.padEnd(28)}${meaning}`)
  .join('\n')}`;

async function main(argv: string[]): Promise<number> {
  const [command, key = '', value = '', ...rest] = argv.filter((argument) => argument !== '--');
  if (command === '--help' || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  const isList = command === 'list' && key === '';
  const isSet = command === 'set' && isOrderRuleKey(key) && value !== '' && rest.length === 0;
  if (!isList && !isSet) {
    if (command === 'set' && key !== '' && !isOrderRuleKey(key))
      console.error(`configurations: "${key}" is not an order rule.`);
    console.error(USAGE);
    return 2;
  }
  const settings = commandSettings('configurations');
  if (!settings) return 1;
  return withDatabase('configurations', settings, { poolSize: 1 }, async (context) => {
    if (isSet && isOrderRuleKey(key)) {
      const result = await setOrderRule(context, key, value);
      if (!result.ok) {
        console.error(`configurations: ${result.problem}.`);
        return 1;
      }
      console.log(`${key} = ${result.value} €`);
      return 0;
    }
    for (const row of await listConfigurations(context)) {
      const meaning = isOrderRuleKey(row.key) ? `  (${ORDER_RULES[row.key]})` : '';
      console.log(`${row.key} = ${row.value}${meaning}`);
    }
    return 0;
  });
}

process.exitCode = await main(process.argv.slice(2));
