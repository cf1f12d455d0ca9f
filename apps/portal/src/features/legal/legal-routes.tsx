/** The three legal pages (spec §2), one lazy module for the router. */
import { LABORATORY } from '@botica/domain';
import { PORTAL_COOKIES } from '../consent/portal-cookies.ts';
import { ConsentControl } from './consent-control.tsx';
import { CookiePolicy } from './cookie-policy.tsx';
import { LegalNotice } from './legal-notice.tsx';
import { PrivacyPolicy } from './privacy-policy.tsx';
import './legal.css';

/** /aviso-legal */
export function LegalNoticeRoute() {
  return <LegalNotice laboratory={LABORATORY} />;
}

/** /politica-de-privacidad */
export function PrivacyPolicyRoute() {
  return <PrivacyPolicy laboratory={LABORATORY} />;
}

/** /politica-de-cookies */
export function CookiePolicyRoute() {
  return (
    <CookiePolicy laboratory={LABORATORY} cookies={PORTAL_COOKIES} consentControl={<ConsentControl />} />
  );
}
