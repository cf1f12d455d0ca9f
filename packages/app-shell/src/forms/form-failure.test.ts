import { ApiError } from '@botica/api-client';
import { describe, expect, it } from 'vitest';
import { formFailure } from './form-failure.ts';

const failure = (status: number | 'network', message: string, fieldErrors: Record<string, string[]> = {}) =>
  new ApiError({ status, kind: status === 'network' ? 'network' : 'http', message, fieldErrors });

describe('what a failed call shows in its form', () => {
  it('puts a 422 under its fields, first message only', () => {
    expect(formFailure(failure(422, 'Datos incorrectos', { cif: ['No válido.', 'Otro'] }))).toEqual({
      message: undefined,
      fields: { cif: 'No válido.' },
      isTooManyAttempts: false,
    });
  });

  it('shows a 429 above the form when it names no field', () => {
    expect(formFailure(failure(429, 'Demasiados intentos.'))).toEqual({
      message: 'Demasiados intentos.',
      fields: {},
      isTooManyAttempts: true,
    });
  });

  it('leaves the rest to the global handling', () => {
    for (const status of [419, 500, 503, 'network'] as const) {
      expect(formFailure(failure(status, 'x'))).toBeNull();
    }
    expect(formFailure(new Error('boom'))).toBeNull();
  });
});

describe('a form that shows other statuses itself', () => {
  const isClientError = (status: number) => status < 500 && status !== 419;

  it('shows them above the form, or under the fields they name', () => {
    expect(formFailure(failure(401, 'Credenciales incorrectas.'), isClientError)).toEqual({
      message: 'Credenciales incorrectas.',
      fields: {},
      isTooManyAttempts: false,
    });
    expect(formFailure(failure(422, 'x', { username: ['Obligatorio.'] }), isClientError)?.fields).toEqual({
      username: 'Obligatorio.',
    });
  });

  it('still leaves the rest to the global handling', () => {
    for (const status of [419, 500, 'network'] as const) {
      expect(formFailure(failure(status, 'x'), isClientError)).toBeNull();
    }
  });
});
