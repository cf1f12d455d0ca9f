/**
 * The e-mail the run's server sends, read where it writes it: without SMTP, on an in-memory database,
 * the API's `MAIL_DIR` is `botica-mail` in the system's temporary folder, one `.eml` per message
 * named after its kind. The folder is shared by runs and tests: each finds its own message by its
 * kind, its time and a text it holds (the recipient).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MAIL_DIR = join(tmpdir(), 'botica-mail');

/** A message's text, its quoted-printable and base64 parts decoded. */
function decodedMail(raw: string): string {
  // Quoted-printable encodes the bytes of UTF-8: decoded to bytes first, then read as UTF-8.
  const quoted = Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
  const base64 = [...raw.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)]
    .map((match) => Buffer.from((match[1] ?? '').replace(/\s/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${quoted}\n${base64}`;
}

/**
 * The newest message of `kind` (e.g. 'registration_approved') written since `since` (ms) that holds
 * `mention` (an address), decoded; waited for up to 15 s.
 */
export async function mailTo(mention: string, kind: string, since: number): Promise<string> {
  for (let waited = 0; waited < 15_000; waited += 200) {
    const found = (() => {
      try {
        return readdirSync(MAIL_DIR)
          .filter((name) => name.endsWith(`-${kind}.eml`))
          .map((name) => join(MAIL_DIR, name))
          .filter((file) => statSync(file).mtimeMs >= since)
          .sort()
          .reverse()
          .map((file) => decodedMail(readFileSync(file, 'utf8')))
          .find((text) => text.includes(mention));
      } catch {
        return undefined;
      }
    })();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${kind} e-mail with ${mention} in ${MAIL_DIR}`);
}

/** The first link of a message to a path of the portal (e.g. '/login/reset_password?secret='). */
export function linkTo(mail: string, path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(`https?://[^\\s"<>]+${escaped}[\\w-]+`).exec(mail)?.[0];
  if (!link) throw new Error(`no link to ${path} in the e-mail`);
  return link;
}
