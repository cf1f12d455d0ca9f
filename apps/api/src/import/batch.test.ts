import { describe, expect, it } from 'vitest';
import { BatchAnswers, ItemReader } from './batch.ts';
import { email, postalCode, text } from './fields.ts';

describe('a batch item by item', () => {
  it('answers each item in order with its key, its errors and the totals', () => {
    const answers = new BatchAnswers([{ code: 'a' }, { code: 'b' }, { code: 'c' }, { code: 'A ' }]);
    answers.outcome(1, 'created');
    answers.refuse(2, 'email', 'invalid_email', 'No.');
    answers.outcome(2, 'updated');
    expect(answers.answer()).toEqual({
      items: [
        { index: 0, code: 'a', result: 'unchanged' },
        { index: 1, code: 'b', result: 'created' },
        {
          index: 2,
          code: 'c',
          result: 'error',
          errors: [{ field: 'email', code: 'invalid_email', message: 'No.' }],
        },
        { index: 3, code: 'A ', result: 'unchanged' },
      ],
      totals: { created: 1, updated: 0, unchanged: 2, error: 1 },
    });
    expect(answers.keysOf('created')).toEqual([{ code: 'b' }]);
  });

  it('refuses every item of a repeated key, none of the others', () => {
    const keys = ['a', 'b', 'A ', 'c'];
    const answers = new BatchAnswers(keys.map((code) => ({ code })));
    answers.refuseDuplicates((index) => keys[index]?.trim().toUpperCase(), 'code', 'Repetido.');
    expect(answers.answer().items.map((item) => item.result)).toEqual([
      'error',
      'unchanged',
      'error',
      'unchanged',
    ]);
    expect(answers.answer().items[0]?.errors).toEqual([
      { field: 'code', code: 'duplicate_key', message: 'Repetido.' },
    ]);
  });

  it("reads an item's fields with the import's rules: required, optional, cleared, refused", () => {
    const answers = new BatchAnswers([{ code: 'x' }]);
    const reader = new ItemReader(answers, 0);
    expect(reader.required('name', '  Farmacia  ', text(20), 'invalid_text')).toBe('Farmacia');
    expect(reader.optional('email', undefined, email, 'invalid_email')).toBeUndefined();
    expect(reader.optional('email', '', email, 'invalid_email')).toBeNull();
    expect(reader.refused).toBe(false);
    expect(reader.required('postal_code', '99001', postalCode, 'invalid_postal_code')).toBeUndefined();
    expect(reader.required('name', ' ', text(20), 'invalid_text')).toBeUndefined();
    expect(reader.required('city', 'a\u0000b', text(20), 'invalid_city')).toBeUndefined();
    expect(answers.answer().items[0]?.errors?.map((error) => [error.field, error.code])).toEqual([
      ['postal_code', 'invalid_postal_code'],
      ['name', 'required'],
      ['city', 'invalid_text'],
    ]);
  });
});
