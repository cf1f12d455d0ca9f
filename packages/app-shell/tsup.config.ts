import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', vite: 'src/build/route-preloads.ts' },
  format: ['esm'],
  target: 'es2023',
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  external: [/^@botica\//, /^@tanstack\//, 'jotai', 'react', 'react-dom', 'react-router', 'vite', /^node:/],
});
