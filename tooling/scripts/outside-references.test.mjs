/**
 * House style: comments and docs refer to documents inside the repository, never to issue numbers
 * or to sections of the shared documents beside it (the product specification, the architecture and
 * toolchain notes). They say the rule itself, or point to docs/decisions, a README or a source file.
 * The root README alone may say where the shared documents live, by their `../shared/` path.
 * Sections of standards (an RFC, an ISO norm) are documents of the world and stay.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const SKIPPED_DIRECTORIES = new Set([
  '.git',
  '.turbo',
  '.data',
  '.vitest',
  'node_modules',
  'dist',
  'coverage',
  'storybook-static',
  'test-results',
  'playwright-report',
]);
const SKIPPED_FILES = new Set(['CHANGELOG.md', 'pnpm-lock.yaml']);
const CHECKED_FILES = /\.(?:[cm]?[jt]sx?|css|mdx?|json|ya?ml|html|sql|sh)$|^Dockerfile$/;

const ISSUE = /\bissues?\s+#?\d+/i;
const SHARED_DOCUMENT = /\b(?:ARCHITECTURE|TOOLCHAIN)\.md\b|\bportal[-]spec\b/;
const SHARED_PATH = /\.\.\/shared\/\S+/g;
const SECTION = /\u00a7/;
const SPEC = /\b(?:spec|specification|architecture)\b/i;
const STANDARD = /\b(?:RFC|ISO|IEC|UNE|EN|ECMA|OWASP|WCAG|W3C|RD|BOE)\b/;

/**
 * The lines of one file that break the rule, as `path:line: text`. A section sign is a standard's
 * when a standard is named on its line or the three before and the specification is not.
 */
export function offences(path, text) {
  const lines = text.split('\n');
  const found = [];
  lines.forEach((line, index) => {
    const checked = path === 'README.md' ? line.replace(SHARED_PATH, '') : line;
    const context = lines.slice(Math.max(0, index - 3), index + 1).join('\n');
    const section = SECTION.test(line) && (SPEC.test(line) || !STANDARD.test(context));
    if (ISSUE.test(checked) || SHARED_DOCUMENT.test(checked) || section) {
      found.push(`${path}:${index + 1}: ${line.trim()}`);
    }
  });
  return found;
}

function* checkedFiles(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    const fromRoot = relative(root, path).split(sep).join('/');
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) yield* checkedFiles(path);
    } else if (entry.isFile() && CHECKED_FILES.test(entry.name) && !SKIPPED_FILES.has(entry.name)) {
      yield fromRoot;
    }
  }
}

test('flags issue numbers, the shared documents and their sections; keeps standards', () => {
  const sign = '\u00a7';
  const flagged = (line, path = 'src/x.ts') => offences(path, line).length > 0;
  assert.ok(flagged(`// Arrays in bracket notation (spec ${sign}7).`));
  assert.ok(flagged(`The spec (${sign}4) makes a field wait.`));
  assert.ok(flagged(`   ${sign}6, ${sign}7): no guard.`));
  assert.ok(flagged(`// The account pages (${'issue'} 17).`));
  assert.ok(flagged(`${'Issue'} 5's benchmark`, 'docs/decisions/006.md'));
  assert.ok(flagged(`// The layers of ${'ARCHITECTURE'}.md.`));
  assert.ok(flagged(`See ../shared/spec/portal${'-'}spec.md`, 'docs/x.md'));
  assert.ok(!flagged(`// Lines folded at 75 octets (RFC 5545 ${sign}3.1).`));
  assert.ok(!offences('src/ics.ts', `// RFC 5545 iCalendar:\n// TEXT escaped (${sign}3.3.11)`).length);
  assert.ok(!flagged(`The specification is \`../shared/spec/portal${'-'}spec.md\`.`, 'README.md'));
  assert.ok(!flagged('expect(result.error?.issues.map((issue) => issue.message))'));
});

test('comments and docs cite no issue numbers and no sections of the shared documents', () => {
  const found = [];
  for (const path of checkedFiles(root)) {
    found.push(...offences(path, readFileSync(join(root, path), 'utf8')));
  }
  assert.equal(
    found.length,
    0,
    `${found.length} lines cite an issue or a document outside the repository; say the rule itself ` +
      `or point to docs/decisions, a README or a source file:\n${found.join('\n')}`,
  );
});
