/**
 * /politica-de-cookies: every cookie and browser-storage entry the portal sets, by consent category,
 * generated from the one list the consent dialog shows too (@botica/domain COOKIES, filtered to this
 * installation by `cookiesInUse`).
 */
import {
  CONSENT_COOKIE_LIFETIME_DAYS,
  COOKIE_CATEGORIES,
  COOKIE_CATEGORY_LABELS,
  type CookieCategory,
  type CookieDeclaration,
  type Laboratory,
} from '@botica/domain';
import type { ReactNode } from 'react';
import { CookieTable } from './cookie-table.tsx';
import { LegalDocument, type LegalSection } from './legal-document.tsx';

/** The date of the text's last revision. */
export const COOKIE_POLICY_UPDATED = '2026-11-25';

const CATEGORY_TEXT: Readonly<Record<CookieCategory, { title: string; text: string }>> = {
  essential: {
    title: 'Cookies esenciales (no necesitan tu consentimiento)',
    text: 'Hacen que el portal funcione: mantienen tu sesión, protegen tus pedidos y formularios y recuerdan tu elección sobre las cookies. Están exentas de consentimiento (art. 22.2 LSSI-CE) y no se pueden desactivar desde el portal.',
  },
  analytics: {
    title: 'Cookies de analítica (solo si las aceptas)',
    text: 'Nos dicen, de forma agregada, qué páginas y secciones se usan más, para mejorar el portal. Solo se instalan si las aceptas.',
  },
  marketing: {
    title: 'Cookies de marketing (solo si las aceptas)',
    text: 'Servirían para mostrarte campañas y novedades del laboratorio adaptadas a tu farmacia. Solo se instalarían si las aceptas.',
  },
};

const BROWSER_HELP = [
  { label: 'Google Chrome', href: 'https://support.google.com/chrome/answer/95647' },
  {
    label: 'Mozilla Firefox',
    href: 'https://support.mozilla.org/es/kb/Borrar%20cookies',
  },
  { label: 'Safari', href: 'https://support.apple.com/es-es/guide/safari/sfri11471/mac' },
  {
    label: 'Microsoft Edge',
    href: 'https://support.microsoft.com/es-es/microsoft-edge/eliminar-las-cookies-en-microsoft-edge-63947406-40ac-c3b8-57b9-2a946a29ae09',
  },
];

export interface CookiePolicyProps {
  laboratory: Laboratory;
  /** The cookies this installation sets (the consent dialog shows the same list). */
  cookies: readonly CookieDeclaration[];
  /** The control that reopens the consent dialog, shown in 'Cómo cambiar tu elección'. */
  consentControl?: ReactNode;
}

function sections({ laboratory, cookies, consentControl }: CookiePolicyProps): LegalSection[] {
  const hasThirdParty = cookies.some((cookie) => cookie.party === 'third-party');
  return [
    {
      id: 'que-son',
      title: 'Qué son las cookies',
      content: (
        <p>
          Las cookies son pequeños archivos que una web guarda en tu navegador para recordar información entre
          una página y otra o entre una visita y la siguiente. Esta política también cubre otras formas de
          guardar datos en el navegador, como el almacenamiento de la pestaña («sessionStorage»), que se borra
          al cerrarla.
        </p>
      ),
    },
    {
      id: 'cookies-del-portal',
      title: 'Cookies que usa este portal',
      content: (
        <>
          <p>
            Esta es la lista completa de las cookies y datos del navegador que usa el portal, agrupados igual
            que en el aviso de cookies que ves en tu primera visita.
          </p>
          {COOKIE_CATEGORIES.map((category) => {
            const inCategory = cookies.filter((cookie) => cookie.category === category);
            return (
              <div key={category} className="legal__category">
                <h3 className="legal__subheading">{CATEGORY_TEXT[category].title}</h3>
                <p>{CATEGORY_TEXT[category].text}</p>
                {inCategory.length > 0 ? (
                  <CookieTable
                    caption={`${COOKIE_CATEGORY_LABELS[category]}: ${inCategory.length} ${inCategory.length === 1 ? 'cookie' : 'cookies y datos del navegador'}`}
                    cookies={inCategory}
                  />
                ) : (
                  <p className="legal__none">Ahora mismo el portal no instala ninguna cookie de este tipo.</p>
                )}
              </div>
            );
          })}
        </>
      ),
    },
    {
      id: 'tu-eleccion',
      title: 'Cómo cambiar tu elección',
      content: (
        <>
          <p>
            En tu primera visita el portal te pregunta qué cookies aceptas; hasta que eliges, solo usa las
            esenciales. Guardamos tu elección durante {Math.round(CONSENT_COOKIE_LIFETIME_DAYS)} días (unos
            tres meses); pasado ese plazo, te lo volvemos a preguntar. Puedes cambiarla o retirar tu
            consentimiento en cualquier momento, tan fácilmente como lo diste:
          </p>
          {consentControl}
        </>
      ),
    },
    {
      id: 'navegador',
      title: 'Cómo borrar o bloquear las cookies desde el navegador',
      content: (
        <>
          <p>
            También puedes borrar las cookies o impedir que se instalen desde la configuración de tu
            navegador. Si bloqueas las esenciales, no podrás iniciar sesión ni enviar pedidos.
          </p>
          <ul>
            {BROWSER_HELP.map((browser) => (
              <li key={browser.label}>
                <a href={browser.href} target="_blank" rel="noopener noreferrer">
                  {browser.label}
                  <span className="legal__visually-hidden"> (se abre en una pestaña nueva)</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      ),
    },
    ...(hasThirdParty
      ? [
          {
            id: 'terceros',
            title: 'Cookies de terceros y transferencias',
            content: (
              <p>
                Las cookies de terceros las gestionan las empresas indicadas en la tabla, que tratan los datos
                según sus propias políticas. Google puede tratar datos desde Estados Unidos al amparo del
                Marco de Privacidad de Datos UE-EE. UU. Más información en la{' '}
                <a
                  href="https://policies.google.com/technologies/cookies?hl=es"
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  política de cookies de Google
                  <span className="legal__visually-hidden"> (se abre en una pestaña nueva)</span>
                </a>
                .
              </p>
            ),
          },
        ]
      : []),
    {
      id: 'mas-informacion',
      title: 'Más información',
      content: (
        <p>
          {laboratory.legalName} es el responsable de las cookies propias. Cómo tratamos los datos personales
          se explica en la <a href="/politica-de-privacidad">política de privacidad</a>; para cualquier duda,
          escribe a <a href={`mailto:${laboratory.privacyEmail}`}>{laboratory.privacyEmail}</a>.
        </p>
      ),
    },
  ];
}

export function CookiePolicy(props: CookiePolicyProps) {
  return (
    <LegalDocument
      laboratory={props.laboratory}
      title="Política de cookies"
      updated={COOKIE_POLICY_UPDATED}
      intro={
        <p>
          Esta política explica qué cookies usa el portal de {props.laboratory.tradeName}, para qué sirve cada
          una, quién la gestiona y cuánto dura, y cómo puedes aceptarlas, rechazarlas o cambiar de opinión.
        </p>
      }
      sections={sections(props)}
    />
  );
}
