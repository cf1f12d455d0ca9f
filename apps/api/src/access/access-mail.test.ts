import { describe, expect, it } from 'vitest';
import { composeMail } from '../mail/template.ts';
import { testSettings } from '../settings/settings.ts';
import {
  type RegistrationSummary,
  registrationNoticeMail,
  registrationReceivedMail,
  registrationRejectedMail,
} from './access-mail.ts';

const laboratory = { ...testSettings().laboratory, name: 'Laboratorio Botica, S.L.', phone: '963123456' };
const request: RegistrationSummary = {
  username: 'farmacia.nueva',
  taxId: 'B12345674',
  pharmacyName: 'Farmacia Nueva',
  email: 'compras@farmacia-nueva.example',
  phone: '963123456',
  postalCode: '46001',
};
/** Both parts of a message, as the recipient reads them. */
const read = (content: Parameters<typeof composeMail>[1]) => {
  const mail = composeMail(laboratory, content);
  return `${mail.text}\n${mail.html}`;
};
const DOUBLE_PERIOD = /[^.]\.\.(?!\.)/;

describe('the registration e-mails', () => {
  it('acknowledge a request without a double period after the company name, and nothing the asker wrote', () => {
    const text = read(registrationReceivedMail(laboratory));
    expect(text).toContain('portal de pedidos de Laboratorio Botica, S.L. Hemos recibido');
    expect(text).not.toMatch(DOUBLE_PERIOD);
    expect(text).not.toContain(request.pharmacyName);
  });

  it('tell the sales administration what to do in words, the phone grouped, and link to the request in the back office', () => {
    const text = read(
      registrationNoticeMail(
        { ...request, id: 7 },
        'https://pedidos.example/backoffice/registrations?request=7',
      ),
    );
    expect(text).toContain('solicitud n.º 7');
    expect(text).toContain('aprueba o rechaza la solicitud');
    expect(text).toContain('Teléfono: 963 12 34 56');
    expect(text).not.toContain('963123456');
    expect(text).toContain('https://pedidos.example/backoffice/registrations?request=7');
    expect(text).not.toContain('registrations.js');
    expect(text).not.toMatch(/pnpm|--filter/);
    expect(text).toContain('963 12 34 56');
  });

  it("give the laboratory's phone grouped when a request is not approved", () => {
    const text = read(registrationRejectedMail(laboratory, request));
    expect(text).toContain('llámanos al 963 12 34 56.');
    expect(text).not.toMatch(DOUBLE_PERIOD);
  });
});
