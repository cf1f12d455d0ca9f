import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { trustPageLocale } from './vite-plugins.ts';

/** The react-aria the portal builds with (through @botica/ui and react-aria-components). */
function installedDefaultLocaleModule(): { id: string; code: string } {
  const ui = join(dirname(fileURLToPath(import.meta.url)), '../../../packages/ui/package.json');
  const components = createRequire(ui).resolve('react-aria-components');
  const exportsIndex = createRequire(components).resolve('react-aria');
  const id = join(exportsIndex, '../../private/i18n/useDefaultLocale.mjs');
  return { id, code: readFileSync(id, 'utf8') };
}

function transform(code: string, id: string): { code: string } | null {
  const plugin = trustPageLocale();
  const context = {
    error(message: string): never {
      throw new Error(message);
    },
  };
  const hook = plugin.transform as (
    this: typeof context,
    code: string,
    id: string,
  ) => { code: string } | null;
  return hook.call(context, code, id);
}

describe('trustPageLocale', () => {
  it('skips the ICU check of a locale the page hands over, in the react-aria the portal builds with', () => {
    const { id, code } = installedDefaultLocaleModule();
    expect(code).toContain('supportedLocalesOf');
    const result = transform(code, id);
    expect(result).not.toBeNull();
    const patched = result?.code ?? '';
    expect(patched).toMatch(
      /if \(typeof window === 'undefined' \|\| !window\[\$\w+\$var\$localeSymbol\]\) try \{\s*Intl\.DateTimeFormat\.supportedLocalesOf/,
    );
    // Nothing else changes: the guard is the only difference.
    expect(patched.replace(/if \(typeof window === 'undefined' \|\| !window\[[$\w]+\]\) /, '')).toBe(code);
  });

  it('leaves every other module alone', () => {
    expect(
      transform(
        "Intl.DateTimeFormat.supportedLocalesOf(['es'])",
        '/x/react-aria/dist/private/i18n/utils.mjs',
      ),
    ).toBeNull();
    expect(transform('export const a = 1;', '/src/main.tsx')).toBeNull();
  });

  it('fails the build when react-aria no longer checks the locale that way', () => {
    const id = '/x/node_modules/react-aria/dist/private/i18n/useDefaultLocale.mjs';
    expect(() => transform('export function getDefaultLocale() { return "en-US"; }', id)).toThrow(
      /no longer checks the locale/,
    );
  });
});
