import type { AdminOrderDetail } from '@botica/api-client/admin';
import { describe, expect, it } from 'vitest';
import { historyEntries } from './history.ts';

type HistoryInput = Pick<AdminOrderDetail, 'timeline' | 'status_changes' | 'sent_by'>;

const order: HistoryInput = {
  sent_by: { id: 4, username: 'farmacia.demo' },
  timeline: [
    { kind: 'order', at: '2026-03-01T10:00:00.000Z', number: 'PW-2026-000001', document_id: 1 },
    // The pharmacist's copy of a status change: the staff read it from the history, with who made it.
    {
      kind: 'status',
      at: '2026-03-01T12:00:00.000Z',
      number: 'PW-2026-000001',
      document_id: 1,
      status: 'processing',
    },
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
  ],
  status_changes: [
    {
      status: 'received',
      at: '2026-03-01T10:00:00.000Z',
      by: { id: 4, username: 'farmacia.demo' },
      reason: null,
    },
    {
      status: 'processing',
      at: '2026-03-01T12:00:00.000Z',
      by: { id: 1, username: 'admin.demo' },
      reason: null,
    },
    {
      status: 'cancelled',
      at: '2026-03-03T08:30:00.000Z',
      by: null,
      reason: 'Sin existencias del producto principal.',
    },
  ],
};

describe('an order’s history', () => {
  it('lists the sending, each status change with who and why, the shipments and invoices, oldest first', () => {
    expect(historyEntries(order).map(({ kind, text, by, reason }) => ({ kind, text, by, reason }))).toEqual([
      { kind: 'order', text: 'Pedido PW-2026-000001 enviado', by: 'farmacia.demo', reason: undefined },
      { kind: 'status', text: 'En preparación', by: 'admin.demo', reason: undefined },
      {
        kind: 'shipment',
        text: 'Salida del almacén · albarán AL-2026-000001',
        by: undefined,
        reason: undefined,
      },
      { kind: 'invoice', text: 'Factura F2026-000001', by: undefined, reason: undefined },
      {
        kind: 'status',
        text: 'Cancelado',
        by: undefined,
        reason: 'Sin existencias del producto principal.',
      },
    ]);
  });

  it('keeps the shipment’s tracking page, the invoice’s PDF, and unique keys', () => {
    const entries = historyEntries(order);
    expect(entries.find((entry) => entry.kind === 'invoice')?.pdfUrl).toBe('/api/v1/documents/abc2026.pdf');
    expect(entries.find((entry) => entry.kind === 'shipment')?.trackingUrl).toBe(
      'https://seguimiento.seur.example/envios/SE1',
    );
    expect(new Set(entries.map((entry) => entry.key)).size).toBe(entries.length);
  });
});
