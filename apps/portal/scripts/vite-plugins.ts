/**
 * The portal's own build steps (vite.config.ts): assets compressed once at build time, so the
 * server never spends its event loop on Brotli level 11 while pharmacists wait; react-aria's locale
 * check skipped for the locale the page hands over (no ICU during a page's load). Each client
 * route's preloads come from the shell's step (`@botica/app-shell/vite`), which the back office shares.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text formats and WebAssembly, not source maps (only DevTools asks for those). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest|wasm)$/;

/**
 * Writes `name.br` (Brotli, quality 11) and `name.gz` (gzip, level 9) beside every compressible
 * output file over 1 KB. The API's portal server sends them as they are (apps/api serve-portal).
 */
export function precompress(): Plugin {
  return {
    name: 'botica:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle).map(async (output) => {
          if (!COMPRESSIBLE.test(output.fileName) || output.fileName.startsWith('.vite/')) return;
          // The file as written (with its sourceMappingURL comment), byte for byte.
          const file = join(outDir, output.fileName);
          const raw = await readFile(file);
          if (raw.length <= 1024) return;
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzipAsync(raw, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/** react-aria's module that works out the default locale when it is evaluated. */
const DEFAULT_LOCALE_MODULE = /\/react-aria\/dist\/private\/i18n\/useDefaultLocale\.m?js$/;
/** Its check of the locale, the call that starts ICU (the locale data) as the module is evaluated. */
const LOCALE_CHECK =
  /( *)try \{\s*Intl\.DateTimeFormat\.supportedLocalesOf\(\[\s*locale\s*\]\);\s*\} catch\s*\{\s*locale = 'en-US';\s*\}/;

/**
 * react-aria checks the default locale with `Intl.DateTimeFormat.supportedLocalesOf` when its i18n
 * module is evaluated, which starts ICU: 20 to 45 ms of a client page's load on this machine, four
 * times that on a phone, before any control has anything to format. The portal hands react-aria
 * its locale (`es-ES`, main.tsx, as react-aria's own `getLocalizationScript` does), so the build
 * skips the check for a locale the page hands over; a browser's own language is still checked.
 * The build fails if react-aria's code no longer has that check, so an upgrade is looked at again.
 */
export function trustPageLocale(): Plugin {
  return {
    name: 'botica:trust-page-locale',
    apply: 'build',
    transform(code, id) {
      if (!DEFAULT_LOCALE_MODULE.test(id.split('?')[0] ?? id)) return null;
      const symbol = /window\[(\$\w+\$var\$localeSymbol)\]/.exec(code)?.[1];
      if (!symbol || !LOCALE_CHECK.test(code)) {
        this.error(`react-aria's ${id} no longer checks the locale as botica:trust-page-locale expects`);
      }
      // A replacer function: the symbol's `$` must not read as a replacement pattern.
      const guard = (check: string, indent: string) =>
        `${indent}if (typeof window === 'undefined' || !window[${symbol}]) ${check.trimStart()}`;
      return { code: code.replace(LOCALE_CHECK, guard), map: null };
    },
  };
}
