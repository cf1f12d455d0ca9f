import { REJECTION_REASON_MAX } from '@botica/api-client/admin';
import { describe, expect, it } from 'vitest';
import { reasonProblems } from './reason.ts';

describe('reasonProblems', () => {
  it('asks for a reason', () => {
    expect(reasonProblems({ reason: '   ' })).toEqual({ reason: 'El motivo del rechazo es obligatorio.' });
  });

  it('takes a reason up to the limit once trimmed, and refuses a longer one', () => {
    expect(reasonProblems({ reason: ` ${'a'.repeat(REJECTION_REASON_MAX)} ` })).toEqual({});
    expect(reasonProblems({ reason: 'a'.repeat(REJECTION_REASON_MAX + 1) })).toEqual({
      reason: `El motivo puede tener como máximo ${REJECTION_REASON_MAX} caracteres.`,
    });
  });
});
