import { describe, expect, it } from 'vitest';
import { testSettings } from '../settings/settings.ts';
import { composeMail, escapeHtml } from './template.ts';

const laboratory = testSettings().laboratory;

describe('composeMail', () => {
  const mail = composeMail(laboratory, {
    subject: 'Cambia tu contraseña',
    greeting: 'Hola, <Ana> & "Luis":',
    paragraphs: ['Has pedido cambiar la contraseña.'],
    action: { label: 'Cambiar la contraseña', url: 'https://portal.example/login/reset_password?secret=a&b' },
    details: [['Farmacia', 'Farmacia <script>alert(1)</script>']],
    closing: ['Si no lo has pedido tú, ignora este correo.'],
  });

  it('writes a Spanish plain-text part with the link bare and the contact block', () => {
    expect(mail.text).toContain('Hola, <Ana> & "Luis":');
    expect(mail.text).toContain(
      'Cambiar la contraseña:\nhttps://portal.example/login/reset_password?secret=a&b',
    );
    expect(mail.text).toContain('Farmacia: Farmacia <script>alert(1)</script>');
    expect(mail.text).toMatch(
      /-- \nLaboratorio Botica, S\.L\.\nCalle de la Botánica, 12\n28040 Madrid\nTel\. \+34 91 000 00 00\nadministracion\.ventas@botica\.example$/,
    );
  });

  it('writes an HTML part in Spanish, escaped, without images or remote resources', () => {
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain('<title>Cambia tu contraseña</title>');
    expect(mail.html).toContain('Hola, &lt;Ana&gt; &amp; &quot;Luis&quot;:');
    expect(mail.html).toContain('Farmacia &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('href="https://portal.example/login/reset_password?secret=a&amp;b"');
    expect(mail.html).toContain('<th scope="row"');
    expect(mail.html).toContain('mailto:administracion.ventas@botica.example');
    expect(mail.html).toContain('Tel. +34 91 000 00 00');
    expect(mail.html).not.toMatch(/<img|<link|<script|src=|url\(/i);
  });

  it('captions the details table as asked', () => {
    expect(mail.html).toContain('>Datos de la solicitud</caption>');
    const other = composeMail(laboratory, {
      subject: 's',
      greeting: 'g',
      paragraphs: [],
      details: [['Fecha', 'martes']],
      detailsCaption: 'Datos del <webinar>',
    });
    expect(other.html).toContain('>Datos del &lt;webinar&gt;</caption>');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() =>
      composeMail(laboratory, {
        subject: 's',
        greeting: 'g',
        paragraphs: [],
        action: { label: 'x', url: 'javascript:alert(1)' },
      }),
    ).toThrow(/not an http/);
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it("writes the laboratory's phone as people do, however the setting spells it", () => {
    const plain = composeMail(
      { ...laboratory, phone: '963123456' },
      { subject: 's', greeting: 'g', paragraphs: [] },
    );
    expect(plain.text).toContain('Tel. 963 12 34 56');
    expect(plain.html).toContain('Tel. 963 12 34 56');
  });

  it('lays a table out as rows of text and as an HTML table with column headers, escaped', () => {
    const mail = composeMail(laboratory, {
      subject: 's',
      greeting: 'g',
      paragraphs: [],
      table: {
        caption: 'Productos',
        columns: [{ title: 'Producto' }, { title: 'Importe', align: 'right' }],
        rows: [{ cells: ['Valeriana <60>', '12,00 €'], text: 'Valeriana <60>: 12,00 €' }],
      },
    });
    expect(mail.text).toContain('Productos:\n- Valeriana <60>: 12,00 €');
    expect(mail.html).toContain('>Productos</caption>');
    expect(mail.html).toMatch(/<th scope="col" style="text-align:right;[^"]*">Importe<\/th>/);
    expect(mail.html).toContain('>Valeriana &lt;60&gt;</td>');
  });
});
