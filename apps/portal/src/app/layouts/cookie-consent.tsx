import { CookieConsentDialog, type CookieConsentDialogProps } from '@botica/ui';
import { PORTAL_COOKIES } from '../../features/consent/portal-cookies.ts';
import { AriaScope } from '../aria-scope.tsx';

/**
 * The blocking cookie dialog, as its own chunk (React.lazy needs a default export): on a first visit,
 * and from the cookie policy to change a choice (then with the current one).
 */
export default function CookieConsent({
  onChoice,
  defaultValue,
}: {
  onChoice: (choice: { marketing: boolean; analytics: boolean }) => void;
  defaultValue?: CookieConsentDialogProps['defaultValue'] | undefined;
}) {
  return (
    <AriaScope>
      <CookieConsentDialog
        isOpen
        onChoice={onChoice}
        policyHref="/politica-de-cookies"
        cookies={PORTAL_COOKIES}
        {...(defaultValue ? { defaultValue } : {})}
      />
    </AriaScope>
  );
}
