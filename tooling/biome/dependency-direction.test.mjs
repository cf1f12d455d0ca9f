// Proves that the lint configuration enforces the dependency direction of the root README:
// each probe breaks one rule of one layer and must fail that layer's lint; importing the domain passes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const biome = join(here, '..', '..', 'node_modules', '.bin', 'biome');

// The probes are linted in a copy of the repo's layout outside the work tree, so that the package's
// own lint never sees them.
const sandbox = mkdtempSync(join(tmpdir(), 'botica-lint-'));
const configs = join(sandbox, 'tooling', 'biome');
mkdirSync(join(configs, 'src'), { recursive: true });
writeFileSync(join(sandbox, '.gitignore'), '');
spawnSync('git', ['init', '--quiet', sandbox]);
for (const file of readdirSync(here).filter((name) => name.endsWith('.json') && name !== 'package.json')) {
  copyFileSync(join(here, file), join(configs, file));
}
after(() => rmSync(sandbox, { recursive: true, force: true }));

let probes = 0;
function lint(layer, source) {
  probes += 1;
  const file = join(configs, 'src', `probe-${probes}.ts`);
  writeFileSync(file, source);
  const result = spawnSync(biome, ['lint', `--config-path=${join(configs, `${layer}.json`)}`, file], {
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

const probe = (specifier, name) =>
  `import { ${name} } from '${specifier}';\n\nexport const probe = ${name};\n`;

const forbidden = [
  ['domain', probe('react', 'useState'), 'framework-free'],
  ['domain', probe('zod', 'z'), 'framework-free'],
  ['domain', probe('@botica/api-client', 'createApiClient'), 'bottom of the dependency graph'],
  ['domain', probe('node:fs', 'readFileSync'), 'does no I/O'],
  ['api-client', probe('@botica/ui', 'Button'), 'depends on domain only'],
  ['api-client', probe('react', 'useState'), 'framework-free'],
  ['ui', probe('react-router', 'useNavigate'), 'knows nothing of routes'],
  ['ui', probe('jotai', 'atom'), 'knows nothing of routes'],
  ['ui', probe('ky', 'HTTPError'), 'knows nothing of routes'],
  ['ui', probe('@botica/portal', 'router'), 'below the apps'],
  ['app-shell', probe('@botica/portal', 'router'), 'below the apps'],
  ['app-shell', probe('@botica/api', 'buildApp'), 'below the apps'],
  ['api', probe('@botica/ui', 'Button'), 'uses domain and the api-client schemas only'],
  ['portal', probe('@botica/api', 'buildApp'), 'through @botica/api-client only'],
  ['portal', probe('@botica/backoffice', 'router'), 'never import each other'],
  ['backoffice', probe('@botica/api', 'buildApp'), 'through @botica/api-client only'],
  ['backoffice', probe('@botica/portal', 'router'), 'never import each other'],
];

for (const [layer, source, message] of forbidden) {
  test(`${layer} refuses: ${source.split('\n')[0]}`, () => {
    const { status, output } = lint(layer, source);
    assert.notEqual(status, 0, output);
    assert.match(output, /noRestrictedImports/);
    assert.ok(output.includes(message), output);
  });
}

for (const layer of ['api-client', 'ui', 'api', 'portal', 'backoffice']) {
  test(`${layer} may import the domain`, () => {
    const { status, output } = lint(layer, probe('@botica/domain', 'formatEuros'));
    assert.equal(status, 0, output);
  });
}
