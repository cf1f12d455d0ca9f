import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../shared/store.ts';
import { cartEnvironmentAtom } from './cart.atoms.ts';
import { ensureCartLoaded, holdCartLoad } from './cart-loading.ts';

// The running portal's collaborators (the API client, the toasts) are not needed: the test sets its own.
vi.mock('./cart-environment.ts', () => ({ createCartEnvironment: () => null }));
vi.mock('./monthly-purchases.ts', () => ({ loadMonthlyPurchases: async () => undefined }));
vi.mock('../auth/session.ts', () => ({ currentUser: async () => null }));

const fetches = { count: 0 };
appStore.set(cartEnvironmentAtom, {
  gateway: {
    configurations: async () => [],
    fetchCart: async () => {
      fetches.count += 1;
      return null;
    },
    saveCart: async () => {
      throw new Error('not in this test');
    },
    checkout: async () => {
      throw new Error('not in this test');
    },
  },
  notify: () => undefined,
  toCallError: () => ({ status: 500, message: '' }),
});

const aTask = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(async () => {
  await aTask();
});

describe('the cart is loaded once per visit of the logged-in screens', () => {
  it('is loaded once while a logged-in chrome is on screen', async () => {
    const release = holdCartLoad();
    const before = fetches.count;
    await Promise.all([ensureCartLoaded(), ensureCartLoaded()]);
    expect(fetches.count - before).toBe(1);
    release();
  });

  it('is kept when one chrome hands over to another in the same render (a screen to an error page)', async () => {
    const layout = holdCartLoad();
    await ensureCartLoaded();
    const before = fetches.count;
    layout();
    const errorPage = holdCartLoad();
    await aTask();
    await ensureCartLoaded();
    expect(fetches.count).toBe(before);
    errorPage();
  });

  it('is loaded afresh once the last chrome has gone (after logging out and in again)', async () => {
    const layout = holdCartLoad();
    await ensureCartLoaded();
    const before = fetches.count;
    layout();
    layout();
    await aTask();
    const next = holdCartLoad();
    await ensureCartLoaded();
    expect(fetches.count - before).toBe(1);
    next();
  });
});
