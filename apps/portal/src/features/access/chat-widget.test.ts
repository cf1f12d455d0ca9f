import { describe, expect, it } from 'vitest';
import { chatWidgetOf, mayLoadChatWidget } from './chat-widget.ts';

/** A page head with one meta, as `querySelector` would find it. */
function page(content: string | null, consent?: string) {
  return {
    querySelector: () =>
      content === null ? null : { content, dataset: consent === undefined ? {} : { consent } },
  } as unknown as Pick<Document, 'querySelector'>;
}

const answered = (marketing: boolean, analytics: boolean) => ({
  essential: true as const,
  marketing,
  analytics,
});

describe('the help chat widget', () => {
  it('is configured by the page the server served', () => {
    expect(chatWidgetOf(page(null))).toBeNull();
    expect(chatWidgetOf(page(''))).toBeNull();
    // Only an https script: never a page's own http, javascript: or data: address.
    for (const url of ['http://chat.example/w.js', 'javascript:alert(1)', 'data:text/js,1', 'https://']) {
      expect(chatWidgetOf(page(url)), url).toBeNull();
    }
    expect(chatWidgetOf(page('https://chat.example/widget.js', 'none'))).toEqual({
      url: 'https://chat.example/widget.js',
      consent: 'none',
    });
    expect(chatWidgetOf(page('https://chat.example/widget.js', 'odd'))?.consent).toBe('marketing');
  });

  it('loads only with the consent its cookies need', () => {
    const marketing = { url: 'https://chat.example/w.js', consent: 'marketing' as const };
    expect(mayLoadChatWidget(marketing, null)).toBe(false);
    expect(mayLoadChatWidget(marketing, answered(false, true))).toBe(false);
    expect(mayLoadChatWidget(marketing, answered(true, false))).toBe(true);
    const analytics = { ...marketing, consent: 'analytics' as const };
    expect(mayLoadChatWidget(analytics, answered(true, false))).toBe(false);
    expect(mayLoadChatWidget(analytics, answered(false, true))).toBe(true);
    expect(mayLoadChatWidget({ ...marketing, consent: 'none' }, null)).toBe(true);
  });
});
