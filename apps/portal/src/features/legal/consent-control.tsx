/**
 * On the cookie policy: the visitor's current choice and a button that opens the consent dialog
 * again, so consent is withdrawn as easily as it was given (RGPD art. 7.3).
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { useCookieConsent } from '../consent/use-cookie-consent.ts';

// The dialog the site's chrome opens on a first visit: its own chunk, loaded when the button is pressed.
const CookieConsent = lazy(() => import('./cookie-consent.tsx'));

const yesNo = (value: boolean) => (value ? 'aceptadas' : 'rechazadas');

export function ConsentControl() {
  const consent = useCookieConsent();
  const [isOpen, setIsOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const current = consent.value;
  const close = () => {
    setIsOpen(false);
    button.current?.focus();
  };
  return (
    <div className="legal__consent">
      <p className="legal__consent-state" aria-live="polite">
        {current === null
          ? 'Todavía no has elegido: solo se usan las cookies esenciales.'
          : `Tu elección actual: analítica ${yesNo(current.analytics)}, marketing ${yesNo(current.marketing)}.`}
      </p>
      <button ref={button} type="button" className="legal__button" onClick={() => setIsOpen(true)}>
        Configurar cookies
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <CookieConsent
            defaultValue={current ?? undefined}
            onChoice={(choice) => {
              consent.choose(choice);
              close();
            }}
            // Opened on purpose: it closes as any dialog does, and the choice stays as it was.
            onDismiss={close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
