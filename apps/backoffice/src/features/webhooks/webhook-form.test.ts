import { WEBHOOK_MESSAGES } from '@botica/api-client/admin';
import { describe, expect, it } from 'vitest';
import { endpointProblems, eventLabel, maskedSecret } from './webhook-form.ts';

describe("the webhook endpoint's form", () => {
  it('takes https anywhere and http only to this machine', () => {
    expect(endpointProblems({ url: 'https://erp.example.es/hook', description: '' })).toEqual({});
    expect(endpointProblems({ url: 'http://127.0.0.1:8080/hook', description: '' })).toEqual({});
    expect(endpointProblems({ url: 'http://localhost/hook', description: '' })).toEqual({});
    expect(endpointProblems({ url: 'http://erp.example.es/hook', description: '' })).toEqual({
      url: WEBHOOK_MESSAGES.urlNotHttps,
    });
    expect(endpointProblems({ url: 'erp.example.es', description: '' })).toEqual({
      url: WEBHOOK_MESSAGES.urlInvalid,
    });
    expect(endpointProblems({ url: '  ', description: '' })).toEqual({ url: WEBHOOK_MESSAGES.urlInvalid });
    expect(endpointProblems({ url: 'https://a:b@erp.example.es', description: '' })).toEqual({
      url: WEBHOOK_MESSAGES.urlCredentials,
    });
  });

  it('limits the description', () => {
    expect(endpointProblems({ url: 'https://erp.example.es', description: 'x'.repeat(201) })).toEqual({
      description: WEBHOOK_MESSAGES.descriptionTooLong,
    });
  });

  it('names events in Spanish and hides a secret but its prefix', () => {
    expect(eventLabel('order.cancelled')).toBe('Pedido cancelado');
    expect(eventLabel('other.event')).toBe('other.event');
    expect(maskedSecret('whsec_abcdef')).toBe(`whsec_${'•'.repeat(16)}`);
  });
});
