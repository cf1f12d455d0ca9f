/**
 * News pictures, drawn as SVG: a botanical plate in the post's hue, a sprig of leaves on a soft
 * ground with the plant's name, 1200×675 (16:9). Deterministic: the same motif and hue always give
 * the same drawing (and the same ETag). Decorative text only; the page gives the `alt`.
 */

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small deterministic hash of the motif, to vary the sprig from post to post. */
function seedOf(text: string): number {
  let value = 2166136261;
  for (const character of text) value = Math.imul(value ^ (character.codePointAt(0) ?? 0), 16777619);
  return value >>> 0;
}

function leaf(x: number, y: number, length: number, angle: number, fill: string): string {
  const w = length * 0.38;
  return `<path transform="translate(${x} ${y}) rotate(${angle})" d="M0 0 C ${w} ${-length * 0.25} ${w} ${-length * 0.75} 0 ${-length} C ${-w} ${-length * 0.75} ${-w} ${-length * 0.25} 0 0 Z" fill="${fill}"/><path transform="translate(${x} ${y}) rotate(${angle})" d="M0 0 L0 ${-length * 0.92}" stroke="rgba(255,255,255,.45)" stroke-width="3" fill="none"/>`;
}

/**
 * The picture of a post.
 * @example postImageSvg('Valeriana', 150)
 */
export function postImageSvg(motif: string, hue: number): string {
  const seed = seedOf(motif);
  const light = `hsl(${hue} 45% 94%)`;
  const mid = `hsl(${hue} 40% 82%)`;
  const dark = `hsl(${hue} 45% 30%)`;
  const leafColours = [
    `hsl(${(hue + 10) % 360} 42% 42%)`,
    `hsl(${hue} 38% 52%)`,
    `hsl(${(hue + 350) % 360} 35% 36%)`,
  ];
  const leaves: string[] = [];
  const count = 7 + (seed % 4);
  for (let index = 0; index < count; index += 1) {
    const t = index / (count - 1);
    const y = 560 - t * 380;
    const x = 830 + Math.sin(t * 3 + (seed % 7)) * 24;
    const side = index % 2 === 0 ? 1 : -1;
    const length = 150 - t * 70 + ((seed >> index) % 20);
    leaves.push(
      leaf(x, y, length, side * (48 + ((seed >> (index + 3)) % 18)), leafColours[index % 3] as string),
    );
  }
  const name = escapeXml(motif);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675" role="img"><rect width="1200" height="675" fill="${light}"/><circle cx="840" cy="360" r="280" fill="${mid}"/><circle cx="150" cy="600" r="190" fill="${mid}" opacity=".55"/><path d="M830 600 C 840 480 815 330 845 160" stroke="${dark}" stroke-width="7" fill="none" stroke-linecap="round"/>${leaves.join('')}<text x="80" y="300" font-family="Georgia, 'Times New Roman', serif" font-size="64" font-style="italic" fill="${dark}">${name}</text><rect x="80" y="330" width="120" height="6" rx="3" fill="${dark}" opacity=".6"/><text x="80" y="390" font-family="Helvetica, Arial, sans-serif" font-size="26" letter-spacing="4" fill="${dark}" opacity=".8">BOTICA · NOTICIAS</text></svg>`;
}
