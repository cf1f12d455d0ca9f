/**
 * Whether bytes are a PDF, by what they are and never by their name or declared type. No PDF parser
 * is among the server's dependencies, so the check is structural: the `%PDF-1.x`/`%PDF-2.0` header
 * at the start, a `startxref` pointing inside the file, a cross-reference (an `xref` table with its
 * `trailer`, or an `/XRef` stream), and `%%EOF` in the file's last kilobyte. A picture, a Word
 * document or a text renamed `.pdf` fails it; a cut-off upload (no `%%EOF`) too.
 */

const HEADER = /^%PDF-[12]\.\d/;
/** What the end of the file must hold: the offset of the cross-reference, then the end marker. */
const TAIL = /startxref\s+(\d+)\s+%%EOF\s*$/;

/**
 * True when `bytes` have a PDF's structure.
 * @example checkPdf(Buffer.from('%PDF-1.4\n…xref…trailer…startxref\n9\n%%EOF\n')) // true
 */
export function checkPdf(bytes: Uint8Array): boolean {
  if (bytes.length < 32) return false;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (!HEADER.test(buffer.subarray(0, 16).toString('latin1'))) return false;
  const tail = buffer.subarray(Math.max(0, buffer.length - 1024)).toString('latin1');
  const end = TAIL.exec(tail);
  if (!end) return false;
  const offset = Number(end[1]);
  if (!Number.isSafeInteger(offset) || offset <= 0 || offset >= buffer.length) return false;
  // What `startxref` points at: a classic table, or an object holding a cross-reference stream.
  const target = buffer.subarray(offset, offset + 1024).toString('latin1');
  if (target.startsWith('xref')) return buffer.includes('trailer', offset, 'latin1');
  return /^\d+\s+\d+\s+obj\b[\s\S]*\/Type\s*\/XRef\b/.test(target);
}
