import { defineConfig } from 'tsup';

export default defineConfig({
  entry: [
    'src/index.ts',
    'src/schemas/index.ts',
    'src/endpoints/index.ts',
    'src/openapi.ts',
    'src/admin.ts',
    'src/integration.ts',
  ],
  format: ['esm'],
  target: 'es2023',
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  external: ['@botica/domain', 'ky', 'zod'],
});
