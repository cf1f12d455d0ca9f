import { ApiError } from '@botica/api-client';
import { toastQueue } from '@botica/ui';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { blockingErrorAtom, createErrorReporting, dismissBlockingErrorAtom } from './error-reporting.ts';

const failure = (status: number | 'network', message = 'x') =>
  new ApiError({ status, kind: status === 'network' ? 'network' : 'http', message, fieldErrors: {} });

const titles = () => toastQueue.visibleToasts.map((toast) => toast.content.title);

function reporting(isOnLoginPages = false) {
  const store = createStore();
  return { store, ...createErrorReporting({ store, isOnLoginPages: () => isOnLoginPages }) };
}

afterEach(() => {
  for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
});

describe('a failed call, as the error catalogue presents it', () => {
  it('a 403 is the blocking dialog, in the app’s store, until it is closed', () => {
    const { store, reportCallError } = reporting();
    expect(reportCallError(failure(403))).toBe(true);
    expect(store.get(blockingErrorAtom)?.title).toBe('Datos Restringidos');
    expect(titles()).toEqual([]);
    store.set(dismissBlockingErrorAtom);
    expect(store.get(blockingErrorAtom)).toBeNull();
  });

  it('a lost connection is a toast; a status the catalogue does not name is the screen’s', () => {
    const { reportCallError } = reporting();
    expect(reportCallError(failure('network', 'Failed to fetch'))).toBe(true);
    expect(titles()).toHaveLength(1);
    expect(reportCallError(failure(404))).toBe(false);
    expect(titles()).toHaveLength(1);
  });

  it('a 401 says nothing on the login pages, nor for the user check', () => {
    expect(reporting(true).reportCallError(failure(401))).toBe(false);
    expect(reporting().reportCallError(failure(401), { isAuthCheck: true })).toBe(false);
    expect(titles()).toEqual([]);
  });

  it('a session refused is said once: the screens’ own 401s that follow stay silent, and it can be closed', () => {
    const { reportCallError, reportSessionRefused } = reporting();
    const dismiss = reportSessionRefused('Tu sesión ha terminado.');
    expect(titles()).toEqual(['Autentificación denegada']);
    expect(reportCallError(failure(401))).toBe(true);
    expect(titles()).toHaveLength(1);
    dismiss();
    expect(titles()).toEqual([]);
  });
});
