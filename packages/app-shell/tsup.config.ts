import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'es2023',
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  external: [/^@botica\//, /^@tanstack\//, 'jotai', 'react', 'react-dom', 'react-router'],
});
