/**
 * /login as the portal paints it before its router: the same page the router renders (the brand
 * header, the login card, the footer), with React alone, so that its first load carries neither
 * react-router nor the route table (docs/decisions/028). `startAppAfterFirstScreen`
 * (@botica/app-shell) then hands the page over to the router, the typed text, focus and caret kept;
 * the form's own state and a login sent meanwhile wait in login-hand-over.ts for the router's page.
 */
import { useDocumentTitle } from '@botica/app-shell';
import { CALL_ERRORS } from '@botica/domain';
import { useEffect, useState } from 'react';
import { queueLogin, takeQueuedLogin } from '../features/auth/login-hand-over.ts';
import { LoginScreen } from '../features/auth/login-screen.tsx';
import { readConsent } from '../features/consent/consent.ts';
import { BrandHeader } from './layouts/brand-header.tsx';
import { SiteFrame } from './layouts/site-frame.tsx';

/** What the form says when the router's code could not be loaded to send the login. */
const NO_CONNECTION = `${CALL_ERRORS.network.title}. ${CALL_ERRORS.network.text}`;

export function LoginFirstScreen({ handOver }: { handOver: () => Promise<void> }) {
  useDocumentTitle('Acceso');
  const [isPending, setPending] = useState(false);
  const [message, setMessage] = useState<string>();

  useEffect(() => {
    // The cookie dialog's code, when it will be needed: it is the router's page that shows it, and
    // its code then loads with the router's instead of after it.
    if (readConsent(document.cookie) === null) {
      import('../features/legal/cookie-consent.tsx').catch(() => undefined);
    }
  }, []);

  return (
    <SiteFrame header={<BrandHeader />} isLoading={false}>
      <LoginScreen
        isPending={isPending}
        errorMessage={message}
        onSubmit={(credentials) => {
          // Sent by the router's page once it has the page (login-page.tsx), once.
          queueLogin(credentials);
          setPending(true);
          setMessage(undefined);
          handOver().catch(() => {
            takeQueuedLogin();
            setPending(false);
            setMessage(NO_CONNECTION);
          });
        }}
      />
    </SiteFrame>
  );
}
