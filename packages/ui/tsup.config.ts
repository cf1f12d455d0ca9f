import { defineConfig } from 'tsup';

export default defineConfig({
  // The JS entry and the one stylesheet entry: esbuild inlines every `@import` of src/styles.css
  // into dist/styles.css, which consumers import as `@botica/ui/styles.css`.
  entry: ['src/index.ts', 'src/styles.css'],
  format: ['esm'],
  target: 'es2023',
  // The stylesheet's declaration (its `types` export) is built beside it as dist/styles.css.d.ts.
  dts: { entry: { index: 'src/index.ts', 'styles.css': 'src/styles-declaration.ts' } },
  sourcemap: true,
  clean: true,
  treeshake: true,
  external: ['react', 'react-dom', 'react-aria-components', '@botica/domain'],
});
