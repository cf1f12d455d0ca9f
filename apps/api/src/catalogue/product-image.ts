/**
 * Product images, drawn as SVG: a clean packshot-like placeholder per product, in the product's hue,
 * with its name and format on the label. The container follows the format (a jar for capsules and
 * tablets, a dropper bottle for liquids, a box for sachets and the rest); odd image numbers show the
 * front, even ones the back label. Sizes: thumbnail 120 px, miniproduct 360 px, full 1000 px.
 */
import type { ImageSize } from '../pricing/pricing-service.ts';

/** Pixel size of each image size (square). */
export const IMAGE_PIXELS: Readonly<Record<ImageSize, number>> = {
  thumbnail: 120,
  miniproduct: 360,
  full: 1000,
};

/** What the drawing needs to know of a product. */
export interface ImageProduct {
  name: string;
  format: string;
  reference: string;
  hue: number;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a name into at most `lines` lines of about `width` characters. */
function wrap(text: string, width: number, lines: number): string[] {
  const result: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && `${current} ${word}`.length > width) {
      result.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) result.push(current);
  if (result.length > lines) {
    const kept = result.slice(0, lines);
    kept[lines - 1] = `${(kept[lines - 1] as string).slice(0, width - 1)}…`;
    return kept;
  }
  return result;
}

type Shape = 'jar' | 'bottle' | 'box';

function shapeOf(format: string): Shape {
  const text = format.toLowerCase();
  if (/c[aá]psulas|comprimidos|perlas|tabletas|grageas|c[aá]ps/.test(text)) return 'jar';
  if (/\bml\b|gotas|jarabe|aceite|spray|l\b/.test(text)) return 'bottle';
  return 'box';
}

interface Palette {
  body: string;
  dark: string;
  light: string;
  wash: string;
}

function palette(hue: number): Palette {
  const h = ((Math.round(hue) % 360) + 360) % 360;
  return {
    body: `hsl(${h} 42% 46%)`,
    dark: `hsl(${h} 45% 26%)`,
    light: `hsl(${h} 55% 90%)`,
    wash: `hsl(${h} 35% 96%)`,
  };
}

function container(
  shape: Shape,
  colours: Palette,
): { outline: string; label: { x: number; y: number; w: number; h: number } } {
  if (shape === 'jar') {
    return {
      outline: `<rect x="128" y="70" width="144" height="44" rx="8" fill="${colours.dark}"/>
  <rect x="110" y="110" width="180" height="230" rx="26" fill="url(#body)"/>`,
      label: { x: 110, y: 160, w: 180, h: 140 },
    };
  }
  if (shape === 'bottle') {
    return {
      outline: `<rect x="178" y="40" width="44" height="56" rx="10" fill="${colours.dark}"/>
  <rect x="186" y="92" width="28" height="22" fill="${colours.dark}" opacity="0.85"/>
  <path d="M170 114 h60 c0 26 42 30 42 70 v136 a22 22 0 0 1 -22 22 h-100 a22 22 0 0 1 -22 -22 v-136 c0 -40 42 -44 42 -70 z" fill="url(#body)"/>`,
      label: { x: 128, y: 200, w: 144, h: 120 },
    };
  }
  return {
    outline: `<path d="M272 92 l26 -20 v248 l-26 20 z" fill="${colours.dark}"/>
  <path d="M112 92 l26 -20 h160 l-26 20 z" fill="${colours.body}" opacity="0.7"/>
  <rect x="112" y="92" width="160" height="248" rx="4" fill="url(#body)"/>`,
    label: { x: 112, y: 150, w: 160, h: 150 },
  };
}

/** The SVG of one image of a product in one size. */
export function productImageSvg(product: ImageProduct, n: number, size: ImageSize): string {
  const colours = palette(product.hue);
  const shape = shapeOf(product.format);
  const { outline, label } = container(shape, colours);
  const pixels = IMAGE_PIXELS[size];
  const front = n % 2 === 1;
  const centre = label.x + label.w / 2;
  const width = Math.floor(label.w / 10);
  const lines = front ? wrap(product.name, width, 3) : ['Modo de empleo', 'Ver prospecto'];
  const nameSize = lines.length > 2 ? 14 : 16;
  const text = lines
    .map(
      (line, index) =>
        `<text x="${centre}" y="${label.y + 46 + index * (nameSize + 4)}" font-size="${nameSize}" font-weight="600" fill="${colours.dark}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('\n  ');
  const backLines = front
    ? ''
    : Array.from({ length: Math.max(1, Math.floor((label.h - 98) / 9)) }, (_, index) => index)
        .map(
          (index) =>
            `<rect x="${label.x + 18}" y="${label.y + 70 + index * 9}" width="${label.w - 36 - (index % 2) * 30}" height="4" rx="2" fill="${colours.body}" opacity="0.35"/>`,
        )
        .join('\n  ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(`${product.name}, ${product.format}`)}" font-family="Helvetica, Arial, sans-serif">
  <defs>
    <radialGradient id="bg" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${colours.wash}"/></radialGradient>
    <linearGradient id="body" x1="0" x2="1"><stop offset="0" stop-color="${colours.body}"/><stop offset="0.55" stop-color="${colours.body}" stop-opacity="0.88"/><stop offset="1" stop-color="${colours.dark}"/></linearGradient>
  </defs>
  <rect width="400" height="400" fill="url(#bg)"/>
  <ellipse cx="200" cy="352" rx="110" ry="12" fill="#000" opacity="0.08"/>
  ${outline}
  <rect x="${label.x + 10}" y="${label.y}" width="${label.w - 20}" height="${label.h}" rx="6" fill="#ffffff" opacity="0.96"/>
  <rect x="${label.x + 10}" y="${label.y}" width="${label.w - 20}" height="18" rx="6" fill="${colours.light}"/>
  <text x="${centre}" y="${label.y + 13}" font-size="10" letter-spacing="3" font-weight="700" fill="${colours.dark}" text-anchor="middle">BOTICA</text>
  ${text}
  ${backLines}
  <text x="${centre}" y="${label.y + label.h - 12}" font-size="12" fill="${colours.dark}" text-anchor="middle" opacity="0.8">${escapeXml(product.format)}</text>
</svg>
`;
}

/** The default product image: a neutral container with 'Imagen no disponible'. */
export function defaultImageSvg(size: ImageSize): string {
  const pixels = IMAGE_PIXELS[size];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 400 400" role="img" aria-label="Imagen no disponible" font-family="Helvetica, Arial, sans-serif">
  <rect width="400" height="400" fill="#f4f5f4"/>
  <ellipse cx="200" cy="340" rx="100" ry="11" fill="#000" opacity="0.06"/>
  <rect x="150" y="70" width="100" height="40" rx="8" fill="#c9cdca"/>
  <rect x="120" y="106" width="160" height="226" rx="24" fill="#dfe2e0"/>
  <path d="M176 190 h48 v-18 h-48 z M168 206 h64 v60 h-64 z" fill="#c9cdca"/>
  <text x="200" y="300" font-size="15" fill="#7a807c" text-anchor="middle">Imagen no disponible</text>
</svg>
`;
}
