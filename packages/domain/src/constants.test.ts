import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

describe('the business constants', () => {
  it('hold the spec values', () => {
    expect(domain.CONFIGURATIONS_PAGE_SIZE).toBe(500);
    expect(domain.QUANTITY_MIN).toBe(1);
    expect(domain.QUANTITY_DEBOUNCE_MS).toBe(500);
    expect(domain.SEARCH_DEBOUNCE_MS).toBe(500);
    expect(domain.SEARCH_SCROLL_LOAD_DISTANCE_PX).toBe(100);
    expect(domain.ADD_TO_CART_TOAST_MS).toBe(1500);
    expect(domain.TOAST_MS).toBe(7000);
    expect(domain.LOADING_BAR_DURATION_MS).toBe(5000);
    expect(domain.LOADING_BAR_THROTTLE_MS).toBe(200);
    expect(domain.MIN_FETCH_DISPLAY_DELAY_MS).toBe(200);
    expect(domain.CHUNK_RELOAD_INTERVAL_MS).toBe(60_000);
    expect(domain.CONSENT_COOKIE_LIFETIME_DAYS).toBe(91.2501);
    expect(domain.CONSENT_COOKIE_MAX_AGE_SECONDS).toBe(7_884_009);
    expect(domain.CATEGORY_TREE_RANGES).toBe(1);
    expect(domain.CATEGORY_TREE_HEALTH_PROBLEMS).toBe(2);
    expect(domain.SEARCH_HITS_PER_PAGE).toBe(20);
    expect([domain.LOCALE, domain.TIME_ZONE, domain.CURRENCY]).toEqual(['es-ES', 'Europe/Madrid', 'EUR']);
    expect(domain.DEFAULT_CONFIRM_TEXT).toBe('Aceptar');
    expect(domain.SEARCH_PLACEHOLDER).toBe('Buscar por referencia o nombre');
  });

  it('export the public API the other teams rely on', () => {
    for (const name of [
      'formatEuros',
      'eurosToCents',
      'centsToEuros',
      'formatDate',
      'formatDateTime',
      'normaliseQuantity',
      'decrementQuantity',
      'unitLabel',
      'linePriceCents',
      'discountLineCents',
      'cartTotals',
      'parseConfiguration',
      'minimumOrderShortfall',
      'minimumOrderMessage',
      'monthlyCapCheck',
      'addToCartToast',
      'isValidCif',
      'isValidNif',
      'isValidNie',
      'callErrorPresentation',
      'cartSaveError',
      'errorPage',
    ]) {
      expect(typeof (domain as Record<string, unknown>)[name], name).toBe('function');
    }
  });
});
