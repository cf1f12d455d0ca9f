import { COOKIES, type CookieCategory, type CookieDeclaration } from '@botica/domain';
import { type ReactNode, useState } from 'react';
import { Button } from '../button/button.tsx';
import { Dialog } from '../dialog/dialog.tsx';
import { Link } from '../link/link.tsx';
import { Switch } from '../switch/switch.tsx';

/** The pharmacist's cookie choice: essential cookies are always on. */
export interface CookieConsent {
  essential: true;
  marketing: boolean;
  analytics: boolean;
}

export interface CookieConsentDialogProps {
  /** Whether it shows: while the visitor has not answered. */
  isOpen: boolean;
  /**
   * Called with the choice; the app stores it (cookie, 91.25 days), emits 'cookies_selection' and
   * closes the dialog.
   */
  onChoice: (consent: CookieConsent) => void;
  /** The switches' starting values (a previous choice being changed). */
  defaultValue?: Partial<Pick<CookieConsent, 'marketing' | 'analytics'>>;
  /** The cookie policy's address (opens in a new tab). */
  policyHref: string;
  /**
   * Called when the dialog is closed without a new choice (Escape, its 'Cerrar' button, a click
   * outside). Given when a choice exists and the dialog was opened again to change it; without it
   * the dialog is blocking, as on a first visit, until the visitor answers.
   */
  onDismiss?: (() => void) | undefined;
  /**
   * The cookies the installation sets (the same list the cookie policy shows): each switch names
   * those of its category.
   * @default COOKIES (from @botica/domain)
   */
  cookies?: ReadonlyArray<CookieDeclaration>;
}

/** The names of a category's cookies under its switch, or that it has none. */
function CategoryCookies({
  cookies,
  category,
}: {
  cookies: readonly CookieDeclaration[];
  category: CookieCategory;
}): ReactNode {
  const names = cookies.filter((cookie) => cookie.category === category).map((cookie) => cookie.name);
  return (
    <p className="bt-cookie-consent__cookies">
      {names.length === 0 ? (
        'Ahora mismo el portal no instala ninguna.'
      ) : (
        <>
          {names.length === 1 ? 'Cookie: ' : 'Cookies y almacenamiento: '}
          {names.map((name, index) => (
            <span key={name}>
              {index > 0 ? ', ' : null}
              <code>{name}</code>
            </span>
          ))}
        </>
      )}
    </p>
  );
}

/**
 * The cookie consent: a blocking dialog until the visitor answers. Essential cookies
 * are always on; analytics and marketing are chosen with switches, each naming its cookies from the
 * product's one cookie list (the cookie policy shows the same). 'Aceptar todas', 'Rechazar'
 * (the same look: rejecting is as easy and as visible as accepting) and 'Guardar selección' each
 * emit the choice. Opened again to change a choice (`onDismiss`), it also closes with Escape and
 * its 'Cerrar' button, leaving the choice as it was.
 */
export function CookieConsentDialog({
  isOpen,
  onChoice,
  defaultValue,
  policyHref,
  cookies = COOKIES,
  onDismiss,
}: CookieConsentDialogProps) {
  const [analytics, setAnalytics] = useState(defaultValue?.analytics ?? false);
  const [marketing, setMarketing] = useState(defaultValue?.marketing ?? false);
  return (
    <Dialog
      isOpen={isOpen}
      isDismissable={onDismiss !== undefined}
      {...(onDismiss ? { onOpenChange: (open: boolean) => (open ? undefined : onDismiss()) } : {})}
      size="lg"
      title="Tu privacidad en Botica"
      footer={
        <>
          <Button
            variant="secondary"
            className="bt-cookie-consent__save"
            onPress={() => onChoice({ essential: true, analytics, marketing })}
          >
            Guardar selección
          </Button>
          {/* Rejecting is as easy and as visible as accepting: the same look, side by side. */}
          <Button
            className="bt-cookie-consent__choice"
            onPress={() => onChoice({ essential: true, analytics: false, marketing: false })}
          >
            Rechazar
          </Button>
          <Button
            className="bt-cookie-consent__choice"
            onPress={() => onChoice({ essential: true, analytics: true, marketing: true })}
          >
            Aceptar todas
          </Button>
        </>
      }
      className="bt-cookie-consent"
    >
      <p className="bt-cookie-consent__intro">
        Usamos cookies propias para que el portal funcione y, si nos lo permites, cookies de analítica y de
        marketing para mejorarlo y mostrarte información útil para tu farmacia. Puedes cambiar tu elección
        cuando quieras.{' '}
        <Link href={policyHref} isExternal>
          Política de cookies
        </Link>
      </p>
      <div className="bt-cookie-consent__options">
        <div className="bt-cookie-consent__option">
          <Switch
            isSelected
            isDisabled
            description="Necesarias para iniciar sesión y guardar tu pedido. Siempre activas."
          >
            Esenciales
          </Switch>
          <CategoryCookies cookies={cookies} category="essential" />
        </div>
        <div className="bt-cookie-consent__option">
          <Switch
            isSelected={analytics}
            onChange={setAnalytics}
            description="Nos ayudan a saber qué secciones se usan más para mejorar el portal."
          >
            Analítica
          </Switch>
          <CategoryCookies cookies={cookies} category="analytics" />
        </div>
        <div className="bt-cookie-consent__option">
          <Switch
            isSelected={marketing}
            onChange={setMarketing}
            description="Permiten mostrarte campañas y novedades del laboratorio pensadas para tu farmacia."
          >
            Marketing
          </Switch>
          <CategoryCookies cookies={cookies} category="marketing" />
        </div>
      </div>
    </Dialog>
  );
}
