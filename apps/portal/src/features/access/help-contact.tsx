/**
 * The help block of /login/register (the chat widget shows only there): the laboratory's
 * phone and e-mail (the footer's contact block), and the slot of the provider's chat widget when the
 * server configured one (chat-widget.ts). The widget's script loads once the pharmacist allows the
 * cookies it needs; until then the block says so and offers to allow them for the chat.
 */
import { formatPhone } from '@botica/domain';
import { Button } from '@botica/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { useCookieConsent } from '../consent/use-cookie-consent.ts';
import { pageLaboratory } from '../legal/laboratory.ts';
import { chatWidgetOf, loadChatWidget, mayLoadChatWidget } from './chat-widget.ts';

/** An e-mail address that wraps after its '@' when it must, as the footer's does. */
function emailWithBreak(email: string): ReactNode {
  const at = email.indexOf('@');
  return at < 0 ? (
    email
  ) : (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** What the consent is called in the cookie dialog. */
const CONSENT_NAMES = { analytics: 'de analítica', marketing: 'de marketing' } as const;

export function HelpContact() {
  const [widget] = useState(chatWidgetOf);
  const consent = useCookieConsent();
  const mayLoad = widget !== null && mayLoadChatWidget(widget, consent.value);

  useEffect(() => {
    if (widget === null || !mayLoad) return;
    return loadChatWidget(widget);
  }, [widget, mayLoad]);

  // The laboratory's own contact, as the footer shows it (served in the page).
  const laboratory = pageLaboratory();
  const contact = { phone: formatPhone(laboratory.phone), email: laboratory.salesEmail };
  return (
    <aside className="access__help" aria-labelledby="help-title">
      <h2 id="help-title">¿Necesitas ayuda con el alta?</h2>
      <p>Llámanos o escríbenos y te ayudamos con la solicitud.</p>
      <ul className="access__help-contact">
        <li>
          <span className="access__help-label">Teléfono</span>
          <a className="bt-link bt-link--inline" href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>
            {contact.phone}
          </a>
        </li>
        <li>
          <span className="access__help-label">Correo electrónico</span>
          <a className="bt-link bt-link--inline" href={`mailto:${contact.email}`}>
            {emailWithBreak(contact.email)}
          </a>
        </li>
      </ul>
      {widget === null ? null : (
        <div className="access__chat">
          {mayLoad ? (
            // The provider draws its chat here if it takes a container, else in its own corner.
            <div id="chat-widget" data-chat-widget-slot>
              <p>También puedes escribirnos por el chat.</p>
            </div>
          ) : widget.consent !== 'none' && consent.value !== null ? (
            <>
              <p>
                También puedes escribirnos por el chat. Lo presta un proveedor externo que usa cookies{' '}
                {CONSENT_NAMES[widget.consent]}.
              </p>
              <Button
                variant="secondary"
                onPress={() =>
                  consent.choose({
                    marketing: widget.consent === 'marketing' ? true : (consent.value?.marketing ?? false),
                    analytics: widget.consent === 'analytics' ? true : (consent.value?.analytics ?? false),
                  })
                }
              >
                Permitir y abrir el chat
              </Button>
            </>
          ) : null}
        </div>
      )}
    </aside>
  );
}
