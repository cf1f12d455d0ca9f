import type { OrderDetail } from '@botica/api-client/schemas';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  AmountsSummary,
  lotText,
  OrderTimeline,
  pageParam,
  productsAndUnits,
  units,
} from './documents-view.tsx';

const amounts = {
  price: 100,
  discounts: [{ group_name: 'Farmacias Oro', discount_percent: 5, amount: 5 }],
  price_discount_line: 5,
  taxes: [{ rate: 21 as const, base: 95, amount: 19.95 }],
  surcharges: [{ vat_rate: 21 as const, rate: 5.2 as const, base: 95, amount: 4.94 }],
  recargo_equivalencia: true,
  total_price: 119.89,
};

/** The text a reader sees, tags dropped and no-break spaces made plain. */
function text(element: React.ReactElement): string {
  return renderToStaticMarkup(element)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('the documents’ view', () => {
  it('reads a page number from the address: 1 unless a whole number from 1 on', () => {
    expect(pageParam(new URLSearchParams('page=3'))).toBe(3);
    expect(pageParam(new URLSearchParams('abonos=2'), 'abonos')).toBe(2);
    for (const bad of ['', 'page=0', 'page=-2', 'page=1.5', 'page=x'])
      expect(pageParam(new URLSearchParams(bad))).toBe(1);
    expect(units(1)).toBe('1 unidad');
    expect(units(3)).toBe('3 unidades');
  });

  it('names a shipped line’s lot and expiry date as the box prints them, nothing when the ERP sent none', () => {
    expect(lotText({ lot: 'L2611A', expires_on: '2028-10-31' })).toBe('Lote L2611A · Caduca el 31/10/2028');
    expect(lotText({ lot: 'L2611A', expires_on: null })).toBe('Lote L2611A');
    expect(lotText({ expires_on: '2028-01-01' })).toBe('Caduca el 01/01/2028');
    expect(lotText({})).toBe('');
  });

  it('counts products and units in words, never as a decimal-looking "10, 25 unidades"', () => {
    expect(productsAndUnits([{ quantity: 10 }, { quantity: 15 }])).toBe('2 productos y 25 unidades');
    expect(productsAndUnits([{ quantity: 1 }])).toBe('1 producto y 1 unidad');
  });

  it('shows the discount, the VAT and the recargo of each rate and the total, negative for a refund', () => {
    const invoice = text(<AmountsSummary document={amounts} />);
    expect(invoice).toContain('Descuento Farmacias Oro (5 %) -5,00 €');
    expect(invoice).toContain('Base imponible 95,00 €');
    expect(invoice).toContain('IVA 21 % sobre 95,00 € 19,95 €');
    expect(invoice).toContain('Recargo de equivalencia 5,2 % 4,94 €');
    expect(invoice).toContain('Total 119,89 €');
    const refund = text(<AmountsSummary document={amounts} negative />);
    expect(refund).toContain('Base imponible -95,00 €');
    expect(refund).toContain('Descuento Farmacias Oro (5 %) 5,00 €');
    expect(refund).toContain('Total -119,89 €');
  });

  it('lists an order’s events with the tracking link and the PDFs', () => {
    const detail = {
      number: 'PW-2026-000001',
      timeline: [
        { kind: 'order', at: '2026-03-01T10:00:00.000Z', number: 'PW-2026-000001', document_id: 1 },
        {
          kind: 'shipment',
          at: '2026-03-02T09:00:00.000Z',
          number: 'AL-2026-000001',
          document_id: 4,
          tracking_url: 'https://seguimiento.seur.example/envios/SE1',
        },
        {
          kind: 'invoice',
          at: '2026-03-02T09:00:00.000Z',
          number: 'F2026-000001',
          document_id: 7,
          pdf_url: '/api/v1/documents/abc2026.pdf',
        },
        {
          kind: 'refund',
          at: '2026-03-09T09:00:00.000Z',
          number: 'R2026-000001',
          document_id: 8,
          pdf_url: '/api/v1/documents/def2026.pdf',
        },
      ],
    } as unknown as OrderDetail;
    const html = renderToStaticMarkup(<OrderTimeline detail={detail} />);
    expect(text(<OrderTimeline detail={detail} />)).toContain(
      '01/03/2026 11:00 Pedido PW-2026-000001 enviado',
    );
    expect(html).toContain('href="https://seguimiento.seur.example/envios/SE1"');
    expect(html).toContain('aria-label="Descargar PDF de F2026-000001"');
    expect(html).toContain('href="/api/v1/documents/def2026.pdf"');
    expect(html).toContain('download=""');
    expect(text(<OrderTimeline detail={detail} />)).toContain('Factura rectificativa R2026-000001');
  });

  it('shows the laboratory’s changes of the status, a cancellation with its reason', () => {
    const detail = {
      number: 'PW-2026-000002',
      timeline: [
        { kind: 'order', at: '2026-03-01T10:00:00.000Z', number: 'PW-2026-000002', document_id: 2 },
        {
          kind: 'status',
          at: '2026-03-01T12:30:00.000Z',
          number: 'PW-2026-000002',
          document_id: 2,
          status: 'processing',
        },
        {
          kind: 'status',
          at: '2026-03-02T08:15:00.000Z',
          number: 'PW-2026-000002',
          document_id: 2,
          status: 'cancelled',
          reason: 'Producto sin existencias.',
        },
      ],
    } as unknown as OrderDetail;
    const timeline = text(<OrderTimeline detail={detail} />);
    expect(timeline).toContain('01/03/2026 11:00 Pedido PW-2026-000002 enviado');
    expect(timeline).toContain('01/03/2026 13:30 En preparación');
    expect(timeline).toContain('02/03/2026 09:15 Cancelado: Producto sin existencias.');
    expect(renderToStaticMarkup(<OrderTimeline detail={detail} />)).toContain('documents__event--status');
  });
});
