import { describe, expect, it } from 'vitest';
import { hasQueuedLogin, loginFormDraft, queueLogin, takeQueuedLogin } from './login-hand-over.ts';

describe('what the login page keeps between its first screen and the router’s page', () => {
  it('hands a login sent before the router to whoever takes it first, once', () => {
    expect(hasQueuedLogin()).toBe(false);
    queueLogin({ username: 'farmacia.demo', password: 'Botica2026' });
    expect(hasQueuedLogin()).toBe(true);
    expect(takeQueuedLogin()).toEqual({ username: 'farmacia.demo', password: 'Botica2026' });
    // A second mount of the page (React's strict mode runs effects twice) finds nothing to send.
    expect(takeQueuedLogin()).toBeNull();
    expect(hasQueuedLogin()).toBe(false);
  });

  it('keeps one draft of the form for both pages, the password hidden and no field named at first', () => {
    expect(loginFormDraft.isPasswordVisible).toBe(false);
    expect(loginFormDraft.emptyFields.size).toBe(0);
  });
});
