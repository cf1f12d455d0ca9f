import { describe, expect, it } from 'vitest';
import { invitationMail } from './account-mail.ts';

describe('invitationMail', () => {
  it('names the laboratory without a double period and gives the username', () => {
    const mail = invitationMail(
      { name: 'Laboratorio Botica, S.L.' },
      { name: 'Ana Ruiz', username: 'ana.ruiz' },
      { name: 'Farmacia Demo', invitedBy: 'Luis Pérez' },
      'https://portal.example/login/reset_password',
    );
    const text = mail.paragraphs.join(' ');
    expect(text).toContain('portal de pedidos de Laboratorio Botica, S.L. Tu usuario es «ana.ruiz».');
    expect(text).not.toMatch(/[^.]\.\.(?!\.)/);
  });
});
