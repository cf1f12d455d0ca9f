import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target.ts';

describe('redirectTarget', () => {
  it('comes back to the back office page that asked for the login, without its base path', () => {
    expect(redirectTarget('?redirect=%2Fbackoffice%2Fregistrations%3Fstatus%3Dall')).toBe(
      '/registrations?status=all',
    );
    expect(redirectTarget('?redirect=%2Fbackoffice%2F')).toBe('/');
  });

  it('goes home for nothing, another site, the portal or the login page itself', () => {
    for (const search of [
      '',
      '?redirect=https%3A%2F%2Fevil.example%2F',
      '?redirect=%2F%2Fevil.example',
      '?redirect=%2Fcatalog',
      '?redirect=%2Fbackofficeevil',
      '?redirect=%2Fbackoffice%2Flogin',
      '?redirect=%2Fbackoffice%2Flogin%3Fredirect%3D%252F',
    ]) {
      expect(redirectTarget(search)).toBe('/');
    }
  });
});
