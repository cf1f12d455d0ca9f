import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startSmtpTestServer, type TestSmtpServer } from '../testing/smtp-test-server.ts';
import {
  emlFileTransport,
  isPermanentSmtpFailure,
  linksOf,
  MailDeliveryError,
  type MailEnvelope,
  smtpTransport,
} from './transports.ts';

const FROM = '"Laboratorio Botica, S.L." <administracion.ventas@botica.example>';
const message: MailEnvelope = {
  id: 7,
  kind: 'password_reset',
  to: 'ana@farmacia.example',
  subject: 'Cambia tu contraseña',
  text: 'Abre https://portal.example/login/reset_password?secret=abc para cambiarla.',
  html: '<p>Abre el enlace</p>',
};

describe('the .eml writer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'botica-eml-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a message file and prints recipient, subject and link', async () => {
    const printed: string[] = [];
    await emlFileTransport(dir, FROM, (line) => printed.push(line)).deliver(message);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-7-password_reset\.eml$/);
    const parsed = await simpleParser(readFileSync(join(dir, files[0] as string)));
    expect(parsed.subject).toBe('Cambia tu contraseña');
    expect(parsed.text).toContain('secret=abc');
    expect(parsed.html).toContain('<p>Abre el enlace</p>');
    expect(parsed.messageId).toBe('<outbox-7@botica.example>');
    expect(printed[0]).toBe('[botica-mail] To: ana@farmacia.example | Subject: Cambia tu contraseña');
    expect(printed[1]).toBe('[botica-mail]   Link: https://portal.example/login/reset_password?secret=abc');
  });

  it('finds the links of a text once each', () => {
    expect(linksOf('a http://x.example/1 b http://x.example/1 https://y.example/?a=1&b=2')).toEqual([
      'http://x.example/1',
      'https://y.example/?a=1&b=2',
    ]);
  });
});

describe('the SMTP transport against a real SMTP server', () => {
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startSmtpTestServer();
  });
  afterAll(() => server?.close());

  it('delivers both parts to the recipient', async () => {
    await smtpTransport(server.url, FROM).deliver(message);
    const [received] = await server.waitFor(1);
    expect(received?.subject).toBe('Cambia tu contraseña');
    expect(received?.text).toContain('secret=abc');
    expect(received?.html).toContain('Abre el enlace');
    expect(received?.headers.get('auto-submitted')).toBe('auto-generated');
  });

  it('says a 5xx refusal is permanent and a 4xx one temporary', async () => {
    server.refuse = 550;
    const permanent = await smtpTransport(server.url, FROM)
      .deliver(message)
      .catch((error: unknown) => error);
    server.refuse = 451;
    const temporary = await smtpTransport(server.url, FROM)
      .deliver(message)
      .catch((error: unknown) => error);
    server.refuse = null;
    expect(permanent).toBeInstanceOf(MailDeliveryError);
    expect((permanent as MailDeliveryError).permanent).toBe(true);
    expect((temporary as MailDeliveryError).permanent).toBe(false);
  });

  it('says a server that cannot be reached is a temporary failure', async () => {
    const port = await freePort();
    const failure = await smtpTransport(`smtp://127.0.0.1:${port}`, FROM)
      .deliver(message)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect((failure as MailDeliveryError).permanent).toBe(false);
  });

  it('does not count a refused login as permanent', () => {
    expect(isPermanentSmtpFailure(Object.assign(new Error('x'), { code: 'EAUTH', responseCode: 535 }))).toBe(
      false,
    );
    expect(
      isPermanentSmtpFailure(Object.assign(new Error('x'), { code: 'EENVELOPE', responseCode: 553 })),
    ).toBe(true);
    expect(isPermanentSmtpFailure(Object.assign(new Error('x'), { code: 'ECONNECTION' }))).toBe(false);
  });
});
