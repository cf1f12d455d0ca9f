/** The command line of `scripts/import.ts`: `<kind> <file.csv> [--dry-run] [--strict] [--report file]`. */
import { parseArgs } from 'node:util';
import { IMPORT_KINDS, type ImportKindName, isImportKind } from './import-csv.ts';

/** What the import command was asked to do. */
export interface ImportArguments {
  kind: ImportKindName;
  file: string;
  dryRun: boolean;
  strict: boolean;
  /** Where to write the rejected rows as CSV, if anywhere. */
  report: string | undefined;
  help: boolean;
}

const kinds = Object.entries(IMPORT_KINDS)
  .map(([name, kind]) => `  ${name.padEnd(16)}${kind.label}`)
  .join('\n');

/** The command's help, in Spanish: the laboratory's operations staff run it. */
export const IMPORT_USAGE = `Uso: pnpm --filter @botica/api import-csv -- <tipo> <fichero.csv> [--dry-run] [--strict] [--report rechazadas.csv]

Tipos, en el orden de una primera importación:
${kinds}

  --dry-run        comprueba todo y no guarda nada (simulación)
  --strict         no guarda nada si alguna fila se rechaza (sin él se guardan las filas válidas)
  --report F       escribe las filas rechazadas en F (CSV con ;)
  --help           muestra esta ayuda

La base de datos es DATABASE_URL si está definida; si no, la carpeta de PGlite DATA_DIR.
Columnas y formatos: apps/api/README.md, «Importing the laboratory's catalogue and clients».`;

/**
 * Parses the import command's arguments (a leading `--`, as some package managers pass it, is skipped).
 * @example parseImportArguments(['products', 'productos.csv', '--dry-run']).dryRun // true
 * @throws Error with a message for the person at the terminal.
 */
export function parseImportArguments(argv: readonly string[]): ImportArguments {
  const { values, positionals } = parseArgs({
    args: argv.filter((argument, index) => !(index === 0 && argument === '--')),
    allowPositionals: true,
    strict: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      report: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const help = values.help === true;
  const [kind = '', file = '', ...rest] = positionals;
  if (!help) {
    if (!kind) throw new Error('Falta el tipo de fichero (products, clients, users…).');
    if (!isImportKind(kind)) throw new Error(`«${kind}» no es un tipo de importación.`);
    if (!file) throw new Error('Falta el fichero CSV.');
    if (rest.length > 0) throw new Error(`Sobran argumentos: ${rest.join(' ')}.`);
  }
  return {
    kind: (isImportKind(kind) ? kind : 'products') as ImportKindName,
    file,
    dryRun: values['dry-run'] === true,
    strict: values.strict === true,
    report: values.report,
    help,
  };
}
