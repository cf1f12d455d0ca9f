/**
 * The e-mail of the end-to-end server: without `SMTP_URL` the API's sender writes every message as
 * an `.eml` file in `MAIL_DIR` (apps/api mail/transports.ts), which these helpers read back, as a
 * developer follows a reset link without a mail server. The API's own suites deliver through a real
 * SMTP server; here the portal's side of the journey is what is under test.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The server's mail folder for a run on `port`. */
export function e2eMailDir(port: number | string): string {
  return join(tmpdir(), `botica-e2e-mail-${port}`);
}

/** Quoted-printable decoded (soft line breaks joined, `=XX` bytes read as UTF-8). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The newest message of `kind` written since `since` (ms) that contains `mention`, decoded; waits
 * for it up to `timeoutMs`.
 */
export async function waitForMail(
  dir: string,
  {
    kind,
    since,
    mention,
    timeoutMs = 15_000,
  }: { kind: string; since: number; mention: string; timeoutMs?: number },
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith(`-${kind}.eml`))
          .map((name) => join(dir, name))
          .filter((file) => statSync(file).mtimeMs >= since)
          .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
      : [];
    for (const file of files) {
      const text = decodeQuotedPrintable(readFileSync(file, 'utf8'));
      if (text.includes(mention)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${kind} e-mail mentioning ${mention} in ${dir} within ${timeoutMs} ms`);
}

/** The first link to a portal page in a message's text. */
export function linkTo(message: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${path.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`).exec(message);
  if (!match) throw new Error(`no link to ${path} in the message`);
  return match[0].replace(/&amp;/g, '&');
}
