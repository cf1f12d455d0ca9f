/**
 * A phone number or e-mail address as a link in the design's link style (the browser's default
 * blue is never seen). A phone number is grouped as people write it (formatPhone) and never breaks; an address may wrap only after its '@' and
 * before its dots, so each part stays whole (never at one of its hyphens, which would read as a
 * hyphenated word) and it reads as an address.
 */
import { formatPhone } from '@botica/domain';
import { Link } from '@botica/ui';
import { Fragment } from 'react';
import { emailHref, emailParts, phoneHref } from './contact-links.ts';

export function PhoneLink({ phone }: { phone: string }) {
  return (
    <Link href={phoneHref(phone)} className="account__contact-link account__contact-link--phone">
      {formatPhone(phone)}
    </Link>
  );
}

export function EmailLink({ email }: { email: string }) {
  return (
    <Link href={emailHref(email)} className="account__contact-link">
      <EmailText email={email} />
    </Link>
  );
}

/** An e-mail address as text, wrapping only between its parts. */
export function EmailText({ email }: { email: string }) {
  return emailParts(email).map((part, index) => (
    // The parts of one address never change order: the index is their identity.
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      <span className="account__address-part">{part}</span>
    </Fragment>
  ));
}
