import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoreContext, inTransaction } from '../context.ts';
import { type OpenDatabase, openDatabase } from '../db/database.ts';
import { testSettings } from '../settings/settings.ts';
import { findUserByUsername, openClientAccount } from './accounts-service.ts';
import {
  consumeSecret,
  findSecretUser,
  forgetPasswordSecrets,
  issuePasswordSecret,
  RESET_VALIDITY_MS,
} from './password-secrets.ts';

describe('the password links’ secrets', () => {
  let database: OpenDatabase;
  let now = new Date('2026-03-02T09:00:00Z');
  let userId: number;
  const context = (): CoreContext => ({ db: database.db, settings: testSettings(), now: () => now });

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    ({ userId } = await openClientAccount(context(), {
      name: 'Farmacia Prueba',
      taxId: 'B12345674',
      erpCode: 'WEB000001',
      postalCode: '46001',
      phone: '963123456',
      email: 'compras@farmacia-prueba.example',
      username: 'farmacia.prueba',
      passwordHash: 'scrypt$unusable',
      now,
    }));
  });
  afterAll(() => database.close());

  it('opens a client account whose main user is found by its username in any case', async () => {
    expect(await findUserByUsername(context(), 'Farmacia.PRUEBA')).toMatchObject({
      id: userId,
      role: 'client',
      parentUserId: null,
    });
  });

  it('find the user of a live secret, are used once, and a newer one replaces the older', async () => {
    const first = await issuePasswordSecret(context(), { userId, purpose: 'reset', now });
    expect(first.expiresAt.getTime() - now.getTime()).toBe(RESET_VALIDITY_MS);
    expect(await findSecretUser(context(), first.secret)).toEqual({
      userId,
      username: 'farmacia.prueba',
      role: 'client',
      purpose: 'reset',
    });
    const second = await inTransaction(context(), (tx) =>
      issuePasswordSecret(tx, { userId, purpose: 'welcome', now }),
    );
    expect(await findSecretUser(context(), first.secret)).toBeNull();
    expect(await consumeSecret(context(), second.secret)).toBe(userId);
    expect(await consumeSecret(context(), second.secret)).toBeNull();
  });

  it('expire, and are forgotten when the password is set otherwise', async () => {
    const expiring = await issuePasswordSecret(context(), { userId, purpose: 'reset', now });
    now = new Date(expiring.expiresAt.getTime());
    expect(await findSecretUser(context(), expiring.secret)).toBeNull();
    const live = await issuePasswordSecret(context(), { userId, purpose: 'reset', now });
    await forgetPasswordSecrets(context(), userId);
    expect(await consumeSecret(context(), live.secret)).toBeNull();
  });
});
