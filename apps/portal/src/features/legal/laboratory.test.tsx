import { addressLines, DEMO_LABORATORY, type Laboratory } from '@botica/domain';
import { Footer } from '@botica/ui';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { laboratoryOf } from './laboratory.ts';
import { LegalNotice } from './legal-notice.tsx';
import { PrivacyPolicy } from './privacy-policy.tsx';

/** A laboratory other than the demo one, as the server names it in the page (settings `LAB_*`). */
const HERBOLAB: Laboratory = {
  legalName: 'Herbolab Farma, S.A.',
  tradeName: 'Herbolab',
  taxId: 'A28000008',
  address: {
    street: 'Avenida de la Industria, 4',
    postalCode: '28108',
    city: 'Alcobendas',
    province: 'Madrid',
  },
  registry: 'Registro Mercantil de Madrid, tomo 1.234, folio 56, hoja M-78901, inscripción 1.ª',
  phone: '+34 916 000 000',
  email: 'info@herbolab.example',
  salesEmail: 'pedidos@herbolab.example',
  privacyEmail: 'info@herbolab.example',
  dpoEmail: 'info@herbolab.example',
  authorisation: {
    authority: 'Agencia Española de Medicamentos y Productos Sanitarios (AEMPS)',
    number: '1234-E',
  },
  foodRegistry: null,
  portalUrl: 'https://pedidos.herbolab.example',
  isDemo: false,
};

/** A page whose head holds the meta's content as the browser decodes it (null: no meta). */
function pageWith(content: string | null): Pick<Document, 'querySelector'> {
  return {
    querySelector: (() => (content === null ? null : { content })) as unknown as Document['querySelector'],
  };
}

describe("the laboratory's identity in the page", () => {
  it('is what the server named, and the footer and the legal pages carry it, never the demo CIF', () => {
    const laboratory = laboratoryOf(pageWith(JSON.stringify(HERBOLAB)));
    expect(laboratory).toEqual(HERBOLAB);
    const markup = [
      renderToStaticMarkup(
        <Footer
          contact={{
            address: addressLines(laboratory),
            phone: laboratory.phone,
            email: laboratory.salesEmail,
          }}
          labName={laboratory.legalName}
        />,
      ),
      renderToStaticMarkup(<LegalNotice laboratory={laboratory} />),
      renderToStaticMarkup(<PrivacyPolicy laboratory={laboratory} />),
    ];
    for (const html of markup) {
      expect(html).toContain('Herbolab Farma, S.A.');
      expect(html).not.toContain(DEMO_LABORATORY.taxId);
      expect(html).not.toContain('Datos de demostración.');
    }
    expect(markup[1]).toContain('A28000008');
    expect(markup[1]).toContain('Registro Mercantil de Madrid, tomo 1.234');
  });

  it('is the demo laboratory on a page without it (the dev server) or with one that does not read', () => {
    expect(laboratoryOf(pageWith(null))).toBe(DEMO_LABORATORY);
    expect(laboratoryOf(pageWith('{"legalName":'))).toBe(DEMO_LABORATORY);
    expect(laboratoryOf(pageWith('{"legalName":"x"}'))).toBe(DEMO_LABORATORY);
  });
});
