/** Reading PDFs back in tests with Debian's poppler-utils (`npm test` installs them when missing). */
import { spawn } from 'node:child_process';

/**
 * Runs a poppler tool on a PDF; a complaint on stderr (e.g. `Syntax Error … Unknown operator`) fails
 * it even when the tool exits 0, as pdftotext does on a broken content stream.
 */
function run(command: string, args: string[], input: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const complaint = Buffer.concat(err).toString().trim();
      if (code === 0 && complaint === '') resolve(Buffer.concat(out));
      else if (code === 0) reject(new Error(`${command} complained: ${complaint}`));
      else reject(new Error(`${command} exited ${code}: ${Buffer.concat(err).toString()}`));
    });
    child.stdin.end(input);
  });
}

/**
 * The text of a PDF as `pdftotext -layout` reads it (or, with `layout: false`, in reading order, where
 * a wrapped paragraph stays together), its no-break spaces made plain, so a test can
 * look for '21 %' or '1.234,56 €' however the PDF spaced them.
 */
export async function pdfText(pdf: Uint8Array, options: { layout?: boolean } = {}): Promise<string> {
  const layout = options.layout ?? true;
  return (await run('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', '-', '-'], pdf))
    .toString('utf8')
    .replace(/\u00a0/g, ' ');
}

/** How many pages a PDF has (`pdfinfo`). */
export async function pdfPages(pdf: Uint8Array): Promise<number> {
  const info = (await run('pdfinfo', ['-'], pdf)).toString('utf8');
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
}

/** The first page rendered as PNG at `dpi` (`pdftoppm`). */
export async function pdfPagePng(pdf: Uint8Array, dpi = 80): Promise<Buffer> {
  return run('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', '-', '-'], pdf);
}
