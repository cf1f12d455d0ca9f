import { CookieConsentDialog } from '@botica/ui';
import { AriaScope } from '../aria-scope.tsx';

/** The blocking cookie dialog, as its own chunk (React.lazy needs a default export). */
export default function CookieConsent({
  onChoice,
}: {
  onChoice: (choice: { marketing: boolean; analytics: boolean }) => void;
}) {
  return (
    <AriaScope>
      <CookieConsentDialog isOpen onChoice={onChoice} policyHref="/politica-de-cookies" />
    </AriaScope>
  );
}
