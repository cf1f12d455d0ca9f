import { describe, expect, it } from 'vitest';
import { redirectTarget } from './login-flow.ts';

describe('the page to go back to after login', () => {
  it('is the page that asked for it, inside the app, or its home', () => {
    expect(redirectTarget('?redirect=%2Fcatalog%3Fgama%3D3')).toBe('/catalog?gama=3');
    expect(redirectTarget('')).toBe('/');
    const backoffice = { basename: '/backoffice' };
    expect(redirectTarget('?redirect=%2Fbackoffice%2Forders%3Fpage%3D2', backoffice)).toBe('/orders?page=2');
    expect(redirectTarget('?redirect=%2Fbackoffice%2F', backoffice)).toBe('/');
  });

  it('never leads to another site, another app of the origin or a login page', () => {
    const backoffice = { basename: '/backoffice' };
    for (const [search, options] of [
      ['?redirect=https%3A%2F%2Fevil.example', {}],
      ['?redirect=%2F%2Fevil.example', {}],
      ['?redirect=%2Flogin', {}],
      ['?redirect=%2Flogin%2Frecovery', {}],
      ['?redirect=%2Fcatalog', backoffice],
      ['?redirect=%2Fbackofficeevil', backoffice],
      ['?redirect=%2Fbackoffice%2F%2Fevil.example', backoffice],
      ['?redirect=%2Fbackoffice%2Flogin%3Fredirect%3D%252F', backoffice],
    ] as const) {
      expect(redirectTarget(search, options)).toBe('/');
    }
  });
});
