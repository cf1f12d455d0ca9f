import { addressLines, DEMO_LABORATORY, emailParts, formatPhone } from '@botica/domain';
import { Fragment, type ReactNode } from 'react';
import {
  FacebookIcon,
  InstagramIcon,
  LeafIcon,
  LinkedInIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  TikTokIcon,
  TwitterIcon,
  YouTubeIcon,
} from '../icons/icons.tsx';
import { cx } from '../internal/class-names.ts';
import type { NavItem } from '../internal/nav-links.tsx';

/** The social networks in the footer, in the spec's order. */
export type SocialNetwork = 'linkedin' | 'facebook' | 'instagram' | 'tiktok' | 'twitter' | 'youtube';

/** The laboratory's contact details. */
export interface LabContact {
  /** The postal address, one line per entry. */
  address: readonly string[];
  /** The phone number as written for people (@botica/domain's `formatPhone`), e.g. '+34 91 000 00 00'. */
  phone: string;
  /** The sales-administration e-mail address. */
  email: string;
}

/** Demo contact details (@botica/domain's DEMO_LABORATORY); the app passes the laboratory's own. */
export const DEMO_LAB_CONTACT: LabContact = {
  address: addressLines(DEMO_LABORATORY),
  phone: formatPhone(DEMO_LABORATORY.phone),
  email: DEMO_LABORATORY.salesEmail,
};

/** Demo social-network addresses; the app passes the laboratory's own. */
export const DEMO_SOCIAL_LINKS: Readonly<Record<SocialNetwork, string>> = {
  linkedin: 'https://www.linkedin.com/company/botica',
  facebook: 'https://www.facebook.com/botica',
  instagram: 'https://www.instagram.com/botica',
  tiktok: 'https://www.tiktok.com/@botica',
  twitter: 'https://twitter.com/botica',
  youtube: 'https://www.youtube.com/@botica',
};

const SOCIAL: ReadonlyArray<{ id: SocialNetwork; label: string; Icon: typeof LinkedInIcon }> = [
  { id: 'linkedin', label: 'LinkedIn', Icon: LinkedInIcon },
  { id: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { id: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { id: 'tiktok', label: 'TikTok', Icon: TikTokIcon },
  { id: 'twitter', label: 'Twitter', Icon: TwitterIcon },
  { id: 'youtube', label: 'YouTube', Icon: YouTubeIcon },
];

/** Address parts, each whole, with a break allowed between them; `offset` is where they start. */
function addressParts(parts: readonly string[], offset: number): ReactNode {
  let start = offset;
  return parts.map((part) => {
    // A part's place in the address is its identity (the same text may come twice).
    const key = start;
    start += part.length;
    return (
      <Fragment key={key}>
        {key > offset ? <wbr /> : null}
        <span className="bt-footer__address-part">{part}</span>
      </Fragment>
    );
  });
}

/**
 * An e-mail address that, when it must wrap, wraps after its '@' ('administracion.ventas@' /
 * 'botica.example'); only a side wider than the column wraps again, before one of its dots. Never
 * inside a word (@botica/domain's `emailParts`, as the account pages cut addresses).
 */
function emailWithBreak(email: string): ReactNode {
  const parts = emailParts(email);
  const at = parts.findIndex((part) => part.endsWith('@')) + 1;
  if (at === 0) return addressParts(parts, 0);
  const local = parts.slice(0, at);
  return (
    <>
      <span className="bt-footer__address-side">{addressParts(local, 0)}</span>
      <wbr />
      <span className="bt-footer__address-side">{addressParts(parts.slice(at), local.join('').length)}</span>
    </>
  );
}

export interface FooterProps {
  /**
   * The policy pages, opened in a new tab under 'Información legal' (the portal's: 'Aviso legal',
   * 'Política de cookies', 'Política de privacidad'). Without any, the footer has no legal column.
   * @default []
   */
  legalLinks?: ReadonlyArray<NavItem>;
  /**
   * The brand beside the leaf.
   * @default 'Botica'
   */
  brandName?: string;
  /**
   * The line under the brand.
   * @default 'Plantas medicinales y complementos para la farmacia.'
   */
  tagline?: ReactNode;
  /** The laboratory's contact block. @default DEMO_LAB_CONTACT */
  contact?: LabContact;
  /** The social-network addresses; a network without one is left out. @default DEMO_SOCIAL_LINKS */
  socialLinks?: Partial<Record<SocialNetwork, string>>;
  /**
   * The laboratory's legal name, in the copyright.
   * @default DEMO_LABORATORY.legalName ('Laboratorio Botica, S.L.')
   */
  labName?: string;
  /** The copyright year. @default the current year */
  year?: number;
  /** Called when a footer link is pressed (the 'footer_menu' analytics event), with its label. */
  onLinkPress?: (label: string) => void;
  /** Extra content above the bottom line (e.g. app-store badges). */
  children?: ReactNode;
  /** Extra class names. */
  className?: string;
}

/**
 * The footer: social links (LinkedIn, Facebook, Instagram, TikTok, Twitter, YouTube),
 * the policy pages the app gives in a new tab, the laboratory's contact block and '© {year}'. Every
 * page renders it and none of its links is a client-side navigation (new tabs, `tel:`, `mailto:`):
 * they are plain anchors, not react-aria links.
 * @example
 * <Footer legalLinks={[{ label: 'Aviso legal', href: '/aviso-legal' }]} contact={laboratoryContact} />
 */
export function Footer({
  legalLinks = [],
  brandName = 'Botica',
  tagline = 'Plantas medicinales y complementos para la farmacia.',
  contact = DEMO_LAB_CONTACT,
  socialLinks = DEMO_SOCIAL_LINKS,
  labName = DEMO_LABORATORY.legalName,
  year = new Date().getFullYear(),
  onLinkPress,
  children,
  className,
}: FooterProps) {
  const press = (label: string) => (onLinkPress ? () => onLinkPress(label) : undefined);
  const tel = `tel:${contact.phone.replace(/[^\d+]/g, '')}`;
  return (
    <footer className={cx('bt-footer', className)}>
      <div className="bt-footer__inner">
        <div className="bt-footer__brand">
          <span className="bt-footer__logo">
            <span className="bt-footer__logo-mark" aria-hidden="true">
              <LeafIcon size={20} />
            </span>
            {brandName}
          </span>
          <p className="bt-footer__tagline">{tagline}</p>
          <ul className="bt-footer__social" aria-label="Redes sociales">
            {SOCIAL.filter(({ id }) => socialLinks[id]).map(({ id, label, Icon }) => (
              <li key={id}>
                <a
                  href={socialLinks[id] as string}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${label} (se abre en una pestaña nueva)`}
                  className="bt-footer__social-link"
                  onClick={press(label)}
                >
                  <Icon size={20} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <address className="bt-footer__contact">
          <h2 className="bt-footer__heading">Contacto</h2>
          <p className="bt-footer__contact-line">
            <MapPinIcon size={18} />
            <span>
              {contact.address.map((line) => (
                <span key={line} className="bt-footer__address-line">
                  {line}
                </span>
              ))}
            </span>
          </p>
          <p className="bt-footer__contact-line">
            <PhoneIcon size={18} />
            <a href={tel} className="bt-footer__link" onClick={press('Teléfono')}>
              {contact.phone}
            </a>
          </p>
          <p className="bt-footer__contact-line">
            <MailIcon size={18} />
            <span>
              <span className="bt-footer__label">Administración de ventas</span>
              {/* Named by the address itself: its two boxes would otherwise be read with a space between. */}
              <a
                href={`mailto:${contact.email}`}
                aria-label={contact.email}
                className="bt-footer__link"
                onClick={press('Correo')}
              >
                {emailWithBreak(contact.email)}
              </a>
            </span>
          </p>
        </address>
        {legalLinks.length > 0 ? (
          <nav className="bt-footer__legal" aria-label="Información legal">
            <h2 className="bt-footer__heading">Información legal</h2>
            <ul>
              {legalLinks.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener"
                    className="bt-footer__link"
                    onClick={press(link.label)}
                  >
                    {link.label}
                    <span className="bt-visually-hidden"> (se abre en una pestaña nueva)</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {children ? <div className="bt-footer__extra">{children}</div> : null}
      </div>
      <div className="bt-footer__bottom">
        <p>
          © {year} {labName}
          {labName.endsWith('.') ? '' : '.'} Todos los derechos reservados.
        </p>
      </div>
    </footer>
  );
}
