/** The three legal pages, one lazy module for the router. */
import { PORTAL_COOKIES } from '../consent/portal-cookies.ts';
import { ConsentControl } from './consent-control.tsx';
import { CookiePolicy } from './cookie-policy.tsx';
import { pageLaboratory } from './laboratory.ts';
import { LegalNotice } from './legal-notice.tsx';
import { PrivacyPolicy } from './privacy-policy.tsx';
import './legal.css';

/** /aviso-legal */
export function LegalNoticeRoute() {
  return <LegalNotice laboratory={pageLaboratory()} />;
}

/** /politica-de-privacidad */
export function PrivacyPolicyRoute() {
  return <PrivacyPolicy laboratory={pageLaboratory()} />;
}

/** /politica-de-cookies */
export function CookiePolicyRoute() {
  return (
    <CookiePolicy
      laboratory={pageLaboratory()}
      cookies={PORTAL_COOKIES}
      consentControl={<ConsentControl />}
    />
  );
}
