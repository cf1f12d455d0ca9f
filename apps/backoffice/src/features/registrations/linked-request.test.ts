import { describe, expect, it } from 'vitest';
import { linkedRequestId } from './linked-request.ts';

describe('the request an address links to', () => {
  it('reads a positive id, and nothing else', () => {
    expect(linkedRequestId('12')).toBe(12);
    for (const wrong of [null, '', '0', '-3', '1.5', 'abc', '012', '99999999999', '2147483648'])
      expect(linkedRequestId(wrong)).toBeNull();
  });
});
