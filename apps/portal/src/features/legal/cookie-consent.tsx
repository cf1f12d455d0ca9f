import { AriaScope } from '@botica/app-shell';
import { CookieConsentDialog, type CookieConsentDialogProps } from '@botica/ui';
import { COOKIE_POLICY_HREF } from '../../shared/navigation.ts';
import { PORTAL_COOKIES } from '../consent/portal-cookies.ts';

/**
 * The blocking cookie dialog, as its own chunk (React.lazy needs a default export): on a first visit,
 * and from the cookie policy to change a choice (then with the current one, and closable without
 * choosing again).
 */
export default function CookieConsent({
  onChoice,
  defaultValue,
  onDismiss,
}: {
  onChoice: (choice: { marketing: boolean; analytics: boolean }) => void;
  defaultValue?: CookieConsentDialogProps['defaultValue'] | undefined;
  /** Given when it is opened again to change a choice: Escape and 'Cerrar' close it, the choice unchanged. */
  onDismiss?: (() => void) | undefined;
}) {
  return (
    <AriaScope>
      <CookieConsentDialog
        isOpen
        onChoice={onChoice}
        policyHref={COOKIE_POLICY_HREF}
        cookies={PORTAL_COOKIES}
        {...(defaultValue ? { defaultValue } : {})}
        onDismiss={onDismiss}
      />
    </AriaScope>
  );
}
