/**
 * The portal's own build steps (vite.config.ts): assets compressed once at build time, so the
 * server never spends its event loop on Brotli level 11 while pharmacists wait.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text formats, not source maps (only DevTools asks for those). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest)$/;

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
