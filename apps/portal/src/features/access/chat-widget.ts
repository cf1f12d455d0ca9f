/**
 * The help chat of /login/register: a provider's script, whose address the server gives
 * in the page (`<meta name="botica-chat-widget" content="https://…" data-consent="marketing">`,
 * from its `CHAT_WIDGET_URL` setting) together with the cookie consent its cookies need ('none'
 * when the provider sets none). The script loads only on that route, and only once the pharmacist
 * has allowed those cookies; with no widget configured the page shows the laboratory's phone and
 * e-mail alone.
 */
import type { CookieConsent } from '../consent/consent.ts';

/** Which consent the provider's cookies need. */
export type ChatWidgetConsent = 'none' | 'analytics' | 'marketing';

export interface ChatWidget {
  /** The provider's script, an https address. */
  url: string;
  consent: ChatWidgetConsent;
}

/** The widget the page's server configured, or null (none, or an address that is not https). */
export function chatWidgetOf(doc: Pick<Document, 'querySelector'> = document): ChatWidget | null {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="botica-chat-widget"]');
  const url = meta?.content ?? '';
  if (!/^https:\/\/[^\s/]+\/\S*$/.test(url)) return null;
  const consent = meta?.dataset.consent;
  return {
    url,
    // An unknown value asks the most: the cookies may be anything.
    consent: consent === 'none' || consent === 'analytics' ? consent : 'marketing',
  };
}

/** Whether the widget may load with the pharmacist's current choice (null: not answered yet). */
export function mayLoadChatWidget(widget: ChatWidget, consent: CookieConsent | null): boolean {
  if (widget.consent === 'none') return true;
  if (consent === null) return false;
  return widget.consent === 'analytics' ? consent.analytics : consent.marketing;
}

/**
 * Adds the provider's script to the page, once; the returned function takes the element out again
 * (what the provider has drawn by then is the provider's to keep or remove).
 */
export function loadChatWidget(widget: ChatWidget, doc: Document = document): () => void {
  const existing = doc.querySelector<HTMLScriptElement>('script[data-botica-chat-widget]');
  if (existing) return () => existing.remove();
  const script = doc.createElement('script');
  script.src = widget.url;
  script.async = true;
  script.dataset.boticaChatWidget = '';
  // The provider learns nothing of the page's address beyond its origin.
  script.referrerPolicy = 'strict-origin';
  doc.body.append(script);
  return () => script.remove();
}
