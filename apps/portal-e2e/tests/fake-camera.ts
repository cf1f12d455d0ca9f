/**
 * A fake camera for the scanning specs: a Y4M video of an EAN-13's bars, which Chromium plays as the
 * camera with `--use-file-for-fake-video-capture`. The video is generated at test time (no binary
 * in the repository) and loops: the box in view for a while, then an empty counter, then the box
 * again, as a pharmacist scanning the same box twice would show it.
 */
import { writeFileSync } from 'node:fs';

/** The bars of the six left digits, by parity: odd (L) and even (G); the right digits use R = not L. */
const L_CODES = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const G_CODES = [
  '0100111',
  '0110011',
  '0011011',
  '0100001',
  '0011101',
  '0111001',
  '0000101',
  '0010001',
  '0001001',
  '0010111',
];
/** Which of the six left digits are G-coded, by the first digit (which has no bars of its own). */
const PARITIES = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

function checkDigit(twelve: string): number {
  const sum = [...twelve].reduce(
    (total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3),
    0,
  );
  return (10 - (sum % 10)) % 10;
}

/** An EAN-13 from its first twelve digits, its check digit added. */
export function ean13WithCheckDigit(twelve: string): string {
  if (!/^\d{12}$/.test(twelve)) throw new Error(`not twelve digits: ${twelve}`);
  return `${twelve}${checkDigit(twelve)}`;
}

/** The 95 modules of an EAN-13 from its guards to its check digit, `true` for a bar. */
export function ean13Modules(code: string): boolean[] {
  if (!/^\d{13}$/.test(code) || checkDigit(code.slice(0, 12)) !== Number(code[12])) {
    throw new Error(`not an EAN-13 with a valid check digit: ${code}`);
  }
  const digits = [...code].map(Number);
  const parity = PARITIES[digits[0] as number] as string;
  let pattern = '101';
  for (let index = 1; index <= 6; index++) {
    const table = parity[index - 1] === 'G' ? G_CODES : L_CODES;
    pattern += table[digits[index] as number];
  }
  pattern += '01010';
  for (let index = 7; index <= 12; index++) {
    pattern += [...(L_CODES[digits[index] as number] as string)]
      .map((bit) => (bit === '1' ? '0' : '1'))
      .join('');
  }
  pattern += '101';
  return [...pattern].map((bit) => bit === '1');
}

/** Luma of the picture: video range, as a camera sends it. */
const BLACK = 16;
const WHITE = 235;
/** A counter's grey, behind the box's white label. */
const COUNTER = 120;

/**
 * One grey frame (`width` × `height` luma values, a row after another): the counter, and on it a
 * white label with the code's bars in the middle, `moduleWidth` pixels a module, with quiet zones;
 * `code` null draws the counter alone.
 */
export function drawFrame(
  code: string | null,
  { width, height, moduleWidth }: { width: number; height: number; moduleWidth: number },
): Uint8Array {
  const frame = new Uint8Array(width * height).fill(COUNTER);
  if (code === null) return frame;
  const modules = ean13Modules(code);
  const quiet = 11 * moduleWidth;
  const labelWidth = modules.length * moduleWidth + 2 * quiet;
  const labelHeight = Math.round(height * 0.5);
  const left = Math.floor((width - labelWidth) / 2);
  const top = Math.floor((height - labelHeight) / 2);
  if (left < 0) throw new Error(`a ${width}-pixel frame is too narrow for ${moduleWidth}-pixel modules`);
  for (let y = top; y < top + labelHeight; y++) {
    frame.fill(WHITE, y * width + left, y * width + left + labelWidth);
    modules.forEach((bar, index) => {
      if (!bar) return;
      const start = y * width + left + quiet + index * moduleWidth;
      frame.fill(BLACK, start, start + moduleWidth);
    });
  }
  return frame;
}

/** The fake camera's video: its size, its frame rate and how long the box shows and is away. */
export interface FakeCameraVideo {
  code: string;
  width?: number;
  height?: number;
  fps?: number;
  moduleWidth?: number;
  /** Seconds the box is in view in each loop. */
  inView?: number;
  /** Seconds the counter shows alone in each loop. */
  away?: number;
}

/** The Y4M file's bytes: 4:2:0, the chroma planes neutral (a grey picture). */
export function fakeCameraY4m({
  code,
  width = 640,
  height = 480,
  fps = 10,
  moduleWidth = 4,
  inView = 2,
  away = 2,
}: FakeCameraVideo): Buffer {
  const size = { width, height, moduleWidth };
  const withBox = drawFrame(code, size);
  const without = drawFrame(null, size);
  const chroma = new Uint8Array(2 * (width / 2) * (height / 2)).fill(128);
  const frameHeader = Buffer.from('FRAME\n');
  const parts: Uint8Array[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  const frames = [
    ...Array<Uint8Array>(Math.round(inView * fps)).fill(withBox),
    ...Array<Uint8Array>(Math.round(away * fps)).fill(without),
  ];
  for (const luma of frames) parts.push(frameHeader, luma, chroma);
  return Buffer.concat(parts);
}

/** Writes the fake camera's video to `path` (a .y4m file) and returns the path. */
export function writeFakeCamera(path: string, video: FakeCameraVideo): string {
  writeFileSync(path, fakeCameraY4m(video));
  return path;
}

/** A picture as a decoder takes it: RGBA pixels, each the luma as grey. */
export interface GreyPicture {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Luma values (a row after another) as RGBA pixels. */
export function greyPicture(luma: Uint8Array, width: number, height: number): GreyPicture {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let pixel = 0; pixel < width * height; pixel++) {
    const value = luma[pixel] as number;
    data[pixel * 4] = value;
    data[pixel * 4 + 1] = value;
    data[pixel * 4 + 2] = value;
    data[pixel * 4 + 3] = 255;
  }
  return { data, width, height };
}

/** The first frame of a Y4M file, read back from its bytes. */
export function firstFrameOf(y4m: Buffer): GreyPicture {
  const headerEnd = y4m.indexOf(0x0a);
  const header = y4m.subarray(0, headerEnd).toString('ascii');
  const width = Number(/ W(\d+)/.exec(header)?.[1]);
  const height = Number(/ H(\d+)/.exec(header)?.[1]);
  const frameStart = y4m.indexOf(0x0a, headerEnd + 1) + 1;
  if (
    !y4m
      .subarray(headerEnd + 1, frameStart)
      .toString('ascii')
      .startsWith('FRAME')
  ) {
    throw new Error('no frame after the Y4M header');
  }
  return greyPicture(y4m.subarray(frameStart, frameStart + width * height), width, height);
}
