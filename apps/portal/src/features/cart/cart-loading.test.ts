import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../shared/store.ts';
import { type CartGateway, cartEnvironmentAtom } from './cart.atoms.ts';
import { ensureCartLoaded, holdCartLoad } from './cart-loading.ts';

const fetches = { count: 0 };
const gateway: CartGateway = {
  configurations: async () => ({ data: [] }),
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
  reorder: async () => {
    throw new Error('not in this test');
  },
  monthlyPurchases: async () => ({ data: { spent: 0 } }),
};

// The running portal's collaborators (the API client, the toasts) are not needed: the test gives its gateway.
vi.mock('./cart-environment.ts', () => ({
  createCartEnvironment: (queryClient: QueryClient) => ({
    gateway,
    queryClient,
    notify: () => undefined,
    toCallError: () => ({ status: 500, message: '' }),
  }),
}));
vi.mock('./monthly-purchases.ts', () => ({ loadMonthlyPurchases: async () => undefined }));
vi.mock('../auth/session.ts', () => ({ currentUser: async () => null }));

const queryClient = new QueryClient();
const aTask = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(async () => {
  await aTask();
});

describe('the cart is loaded once per visit of the logged-in screens', () => {
  it('is loaded once while a logged-in chrome is on screen, into the cache it is given', async () => {
    const release = holdCartLoad();
    const before = fetches.count;
    await Promise.all([ensureCartLoaded(queryClient), ensureCartLoaded(queryClient)]);
    await ensureCartLoaded(queryClient);
    expect(fetches.count - before).toBe(1);
    expect(appStore.get(cartEnvironmentAtom)?.queryClient).toBe(queryClient);
    expect(queryClient.getQueryState(['GET', '/api/v1/cart', {}])?.status).toBe('success');
    release();
  });

  it('is kept when one chrome hands over to another in the same render (a screen to an error page)', async () => {
    const layout = holdCartLoad();
    await ensureCartLoaded(queryClient);
    const before = fetches.count;
    layout();
    const errorPage = holdCartLoad();
    await aTask();
    await ensureCartLoaded(queryClient);
    expect(fetches.count).toBe(before);
    errorPage();
  });

  it('is loaded afresh once the last chrome has gone (after logging out and in again)', async () => {
    const layout = holdCartLoad();
    await ensureCartLoaded(queryClient);
    const before = fetches.count;
    layout();
    layout();
    await aTask();
    const next = holdCartLoad();
    await ensureCartLoaded(queryClient);
    expect(fetches.count - before).toBe(1);
    next();
  });
});
