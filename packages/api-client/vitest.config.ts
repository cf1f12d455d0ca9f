import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@botica/source'] },
  test: { include: ['src/**/*.test.ts'] },
});
