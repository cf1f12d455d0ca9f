import { reloadOnChunkError } from '@botica/app-shell';
import {
  COOKIES,
  cookieLifetime,
  cookiesInUse,
  DATA_RETENTION,
  DEMO_LABORATORY,
  findCookie,
  type Laboratory,
} from '@botica/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { consentCookie } from '../consent/consent.ts';
import { CookiePolicy } from './cookie-policy.tsx';
import { cookieKind } from './cookie-table.tsx';
import { LegalNotice } from './legal-notice.tsx';
import { PrivacyPolicy } from './privacy-policy.tsx';

/** The page as HTML, with entities decoded the way a reader sees them. */
function html(element: React.ReactElement): string {
  return renderToStaticMarkup(element)
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The rows of the cookie tables: name, provider, purpose, lifetime, kind. */
function cookieRows(page: string): string[][] {
  return [...page.matchAll(/<tr><th scope="row"[^>]*><code>(.+?)<\/code><\/th>(.*?)<\/tr>/g)].map(
    ([, name = '', cells = '']) => [
      name,
      ...[...cells.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map(([, cell = '']) => cell),
    ],
  );
}

describe('the cookie policy', () => {
  it('lists every cookie of the list, with its provider, purpose, lifetime and kind, and nothing else', () => {
    const cookies = cookiesInUse({ hasTagManager: true });
    const rows = cookieRows(html(<CookiePolicy laboratory={DEMO_LABORATORY} cookies={cookies} />));
    expect(rows).toEqual(
      cookies.map((cookie) => [
        cookie.name,
        cookie.provider,
        cookie.purpose,
        cookieLifetime(cookie),
        cookieKind(cookie),
      ]),
    );
    expect(rows.map(([name]) => name)).toEqual(
      expect.arrayContaining(['botica_session', 'XSRF-TOKEN', 'botica_consent', '_ga']),
    );
  });

  it('groups them by consent category, and says so when a category has none', () => {
    const page = html(
      <CookiePolicy laboratory={DEMO_LABORATORY} cookies={cookiesInUse({ hasTagManager: false })} />,
    );
    expect(page).toContain('<caption>Esenciales: 6 cookies y datos del navegador</caption>');
    expect(page).not.toContain('_ga');
    // Analytics and marketing, without the tag manager's container.
    expect(page.match(/Ahora mismo el portal no instala ninguna cookie de este tipo\./g)).toHaveLength(2);
    // No third-party cookie: no section about third parties.
    expect(page).not.toContain('Cookies de terceros y transferencias');
  });

  it('states the consent lifetime the consent cookie really has', () => {
    const page = html(<CookiePolicy laboratory={DEMO_LABORATORY} cookies={COOKIES} />);
    const maxAge = Number(
      /Max-Age=(\d+)/.exec(consentCookie({ marketing: false, analytics: false }, false))?.[1],
    );
    expect(page).toContain(`durante ${Math.round(maxAge / 86_400)} días`);
  });
});

describe('what the portal itself stores in the browser', () => {
  it('is declared in the list with the lifetime it sets', () => {
    const assignment = consentCookie({ marketing: true, analytics: true }, true);
    const name = assignment.split('=')[0] as string;
    const declared = findCookie(name);
    expect(declared?.setBy).toBe('portal');
    expect(declared?.maxAgeSeconds).toBe(Number(/Max-Age=(\d+)/.exec(assignment)?.[1]));

    const written: string[] = [];
    const storage = { getItem: () => null, setItem: (key: string) => void written.push(key) };
    reloadOnChunkError(
      new TypeError('Failed to fetch dynamically imported module: /a.js'),
      storage,
      () => {},
    );
    expect(written).toHaveLength(1);
    expect(findCookie(written[0] as string)?.storage).toBe('sessionStorage');
  });
});

describe('the legal pages', () => {
  const pages = [
    ['Aviso legal', (lab: Laboratory) => <LegalNotice laboratory={lab} />],
    ['Política de privacidad', (lab: Laboratory) => <PrivacyPolicy laboratory={lab} />],
    ['Política de cookies', (lab: Laboratory) => <CookiePolicy laboratory={lab} cookies={COOKIES} />],
  ] as const;

  it.each(pages)('%s: one h1, a date, and a contents link to every section', (title, render) => {
    const page = html(render(DEMO_LABORATORY));
    expect(page.match(/<h1[ >]/g)).toHaveLength(1);
    expect(page).toContain(`>${title}</h1>`);
    expect(page).toMatch(
      /Última actualización: <time dateTime="\d{4}-\d{2}-\d{2}">\d+ de [a-z]+ de \d{4}<\/time>/,
    );
    const links = [...page.matchAll(/<li><a href="#([a-z-]+)">/g)].map(([, id]) => id);
    const sections = [...page.matchAll(/<section id="([a-z-]+)"/g)].map(([, id]) => id);
    expect(links.length).toBeGreaterThan(3);
    expect(links).toEqual(sections);
    expect(new Set(sections).size).toBe(sections.length);
  });

  it.each(pages)('%s: warns while the laboratory’s data are the demo’s', (_title, render) => {
    expect(html(render(DEMO_LABORATORY))).toContain('Datos de demostración.');
    expect(html(render({ ...DEMO_LABORATORY, isDemo: false }))).not.toContain('Datos de demostración.');
  });

  it('the legal notice gives the data LSSI-CE art. 10 asks for, from the laboratory’s settings', () => {
    const lab: Laboratory = { ...DEMO_LABORATORY, legalName: 'Herbolab Farma, S.A.', taxId: 'A28000000' };
    const page = html(<LegalNotice laboratory={lab} />);
    for (const fact of [
      'Herbolab Farma, S.A.',
      'A28000000',
      'Calle de la Botánica, 12, 28040 Madrid',
      'Registro Mercantil de Madrid, tomo 40.123, folio 112, hoja M-712345, inscripción 1.ª',
      DEMO_LABORATORY.phone,
      DEMO_LABORATORY.email,
      `con el número ${DEMO_LABORATORY.authorisation.number}`,
    ]) {
      expect(page).toContain(fact);
    }
  });

  it('the privacy policy states the retention the API applies', () => {
    const page = html(<PrivacyPolicy laboratory={DEMO_LABORATORY} />);
    expect(DATA_RETENTION.sessionIdleMinutes).toBe(120);
    expect(page).toContain('Las sesiones se borran tras 2 horas sin actividad');
    expect(page).toContain(
      `${DATA_RETENTION.attemptWindowMinutes} minutos o ${DATA_RETENTION.attemptDayWindowHours} horas`,
    );
    expect(page).toContain(DEMO_LABORATORY.dpoEmail);
    expect(page).toContain('Agencia Española de Protección de Datos');
  });
});
