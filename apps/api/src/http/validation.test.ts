import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { deepFreeze, output } from './validation.ts';

const Answer = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });

describe('output', () => {
  it('parses a frozen answer once and gives the same parse again, frozen', () => {
    const answer = deepFreeze({ data: [{ id: 1, name: 'Defensas', extra: 'not in the contract' }] });
    const first = output(Answer, answer);
    expect(first).toEqual({ data: [{ id: 1, name: 'Defensas' }] });
    expect(Object.isFrozen(first.data[0])).toBe(true);
    expect(output(Answer, answer)).toBe(first);
  });

  it('parses an answer that is not frozen every time', () => {
    const answer = { data: [{ id: 1, name: 'Defensas' }] };
    const first = output(Answer, answer);
    (answer.data[0] as { name: unknown }).name = 7;
    expect(() => output(Answer, answer)).toThrow(/does not match its schema/);
    expect(first.data[0]?.name).toBe('Defensas');
  });

  it('refuses a frozen answer that does not match, every time', () => {
    const answer = deepFreeze({ data: [{ id: 'uno', name: 'Defensas' }] });
    expect(() => output(Answer, answer as never)).toThrow(/does not match its schema/);
    expect(() => output(Answer, answer as never)).toThrow(/does not match its schema/);
  });
});

describe('deepFreeze', () => {
  it('freezes every object and array it holds', () => {
    const value = deepFreeze({ list: [{ children: [{ id: 1 }] }] });
    expect(Object.isFrozen(value.list)).toBe(true);
    expect(Object.isFrozen(value.list[0]?.children[0])).toBe(true);
  });
});
