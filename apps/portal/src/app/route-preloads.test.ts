import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_CHUNKS } from './route-chunks.ts';

const portal = join(import.meta.dirname, '..', '..');

describe('the chunks named per client route', () => {
  it('are modules of the portal', () => {
    for (const module of Object.values(ROUTE_CHUNKS).flat()) {
      expect(existsSync(join(portal, module)), module).toBe(true);
    }
  });

  it('cover every module the router loads lazily', () => {
    const router = readFileSync(join(portal, 'src', 'app', 'router.tsx'), 'utf8');
    const lazy = [...router.matchAll(/import\('(\.\.?\/[^']+)'\)/g)].map(([, path = '']) =>
      join('src', 'app', path),
    );
    expect(lazy.length).toBeGreaterThan(5);
    const named = new Set(Object.values(ROUTE_CHUNKS).flat());
    for (const module of lazy) expect(named, module).toContain(module);
  });
});
