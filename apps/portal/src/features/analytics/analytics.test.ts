import { describe, expect, it } from 'vitest';
import { createAnalytics, type DataLayerEvent } from './analytics.ts';

const product = { id: 4, reference: 'BT-00004', name: 'Equinácea Forte', price: 12.5, final_price: 10.1 };

describe('analytics', () => {
  it('lets only essential events through before consent, then everything', () => {
    const dataLayer: DataLayerEvent[] = [];
    let consent = false;
    const analytics = createAnalytics(dataLayer, () => consent);
    analytics.pageView('/catalog', 'Catálogo');
    analytics.track({ event: 'cookies_selection', analytics: true, marketing: false });
    consent = true;
    analytics.pageView('/catalog', 'Catálogo');
    analytics.track({ event: 'footer_menu', label: 'Aviso legal' });
    expect(dataLayer.map((event) => event.event)).toEqual(['cookies_selection', 'page_view', 'footer_menu']);
  });

  it('reports ecommerce events in EUR with the client price, to the cent', () => {
    const dataLayer: DataLayerEvent[] = [];
    createAnalytics(dataLayer, () => true).ecommerce('add_to_cart', [{ product, quantity: 3 }]);
    expect(dataLayer[0]).toEqual({
      event: 'add_to_cart',
      ecommerce: {
        currency: 'EUR',
        value: 30.3,
        items: [{ item_id: 'BT-00004', item_name: 'Equinácea Forte', price: 10.1, quantity: 3 }],
      },
    });
  });

  it("names a page's kind when its route does, and only then", () => {
    const dataLayer: DataLayerEvent[] = [];
    const analytics = createAnalytics(dataLayer, () => true);
    analytics.pageView('/products/4', 'Equinácea Forte', 'Ficha de producto');
    analytics.pageView('/no-existe', 'Error 404');
    expect(dataLayer).toEqual([
      {
        event: 'page_view',
        page_path: '/products/4',
        page_title: 'Equinácea Forte',
        content_group: 'Ficha de producto',
      },
      { event: 'page_view', page_path: '/no-existe', page_title: 'Error 404' },
    ]);
  });
});
