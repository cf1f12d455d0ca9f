import { describe, expect, it } from 'vitest';
import { fillPath } from './endpoint.ts';

describe('fillPath', () => {
  it('fills every parameter, encoded, and keeps the text between them', () => {
    expect(fillPath('/api/v1/clients/{clientId}/users/{id}', { clientId: 7, id: 'a b/c' })).toBe(
      'api/v1/clients/7/users/a%20b%2Fc',
    );
    expect(fillPath('/api/v1/products/{id}/images/{n}/{size}', { id: 3, n: 1, size: 'full' })).toBe(
      'api/v1/products/3/images/1/full',
    );
    // The same path again, from its pieces split the first time.
    expect(fillPath('/api/v1/clients/{clientId}/users/{id}', { clientId: 8, id: 9 })).toBe(
      'api/v1/clients/8/users/9',
    );
  });

  it('gives a path without parameters as it is, and refuses a missing one', () => {
    expect(fillPath('/api/v1/categories')).toBe('api/v1/categories');
    expect(fillPath('/api/v1/{a}{b}', { a: 1, b: 2 })).toBe('api/v1/12');
    expect(() => fillPath('/api/v1/clients/{clientId}', {})).toThrow(
      'the path /api/v1/clients/{clientId} needs {clientId}',
    );
  });
});
