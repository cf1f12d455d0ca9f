import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target.ts';

describe('the page to go back to after login', () => {
  it('is the page that asked for it, or the home page', () => {
    expect(redirectTarget('?redirect=%2Fcatalog%3Fgama%3D3')).toBe('/catalog?gama=3');
    expect(redirectTarget('')).toBe('/');
  });

  it('never leads to another site or back to the login', () => {
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2Flogin')).toBe('/');
  });
});
