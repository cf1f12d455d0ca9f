import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Botica2026');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Botica2026', stored)).toBe(true);
    expect(await verifyPassword('botica2026', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('Botica2026')).not.toBe(await hashPassword('Botica2026'));
  });

  it('never matches a malformed or unreasonably costly hash', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$abc$8$1$c2FsdA$aGFzaA')).toBe(false);
    expect(await verifyPassword('x', `scrypt$${2 ** 24}$8$1$c2FsdA$aGFzaA`)).toBe(false);
  });
});
