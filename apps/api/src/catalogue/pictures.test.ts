import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { NOT_AN_IMAGE, pictureTypeOf, processPicture, TOO_LARGE } from './pictures.ts';

const LIMITS = { maxBytes: 10 * 1024 * 1024 };

/** A GPS field's text, to find in the bytes. */
const GPS_MARK = 'WGS-84-BOTICA';

/** A photo-like JPEG, 40 × 20, taken 'rotated' (EXIF orientation 6: shown turned 90° clockwise), with GPS. */
async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#c03030' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Botica', Model: 'Test phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1', GPSMapDatum: GPS_MARK },
    })
    .toBuffer();
}

/** A PNG chunk: length, type, data and its CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header of `size` × `size` pixels whose data is a few rows of zeros: a decompression bomb. */
function pngBomb(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc((size + 1) * 16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refusal(work: Promise<unknown>): Promise<HttpError> {
  const error = await work.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('the picture pipeline', () => {
  it('applies the EXIF orientation, then strips EXIF and GPS from every size', async () => {
    const input = await phoneJpeg();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from('Test phone'))).toBe(true);
    expect(before.exif?.includes(Buffer.from(GPS_MARK))).toBe(true);

    const picture = await processPicture(input, LIMITS);
    expect(picture.type).toBe('jpeg');
    expect(picture.variants.map((variant) => [variant.size, variant.width, variant.height])).toEqual([
      ['thumbnail', 120, 120],
      ['miniproduct', 360, 360],
      ['full', 1000, 1000],
    ]);
    for (const variant of picture.variants) {
      expect(variant.contentType).toBe('image/webp');
      const after = await sharp(variant.bytes).metadata();
      expect(after.format).toBe('webp');
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(variant.bytes.includes(Buffer.from('Test phone'))).toBe(false);
      expect(variant.bytes.includes(Buffer.from(GPS_MARK))).toBe(false);
    }

    // Turned upright, the 40 × 20 landscape is a 20 × 40 portrait: contained in the square, the
    // sides are white and the middle is the photo's red.
    const full = picture.variants[2]?.bytes as Buffer;
    const { data, info } = await sharp(full).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(pixel(500, 500)[0]).toBeGreaterThan(150);
    expect(pixel(500, 500)[1]).toBeLessThan(90);
    expect(pixel(50, 500)).toEqual([255, 255, 255]);
    expect(pixel(500, 50)[1]).toBeLessThan(90);
  });

  it('takes a PNG with transparency, on white', async () => {
    const input = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 200, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const picture = await processPicture(input, LIMITS);
    expect(picture.type).toBe('png');
    const miniproduct = picture.variants[1]?.bytes as Buffer;
    const { data, info } = await sharp(miniproduct).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it('takes a 16-bit PNG, its colour kept', async () => {
    const input = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2050d0' } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect((await sharp(input).metadata()).depth).toBe('ushort');
    const thumbnail = (await processPicture(input, LIMITS)).variants[0]?.bytes as Buffer;
    const { data, info } = await sharp(thumbnail).raw().toBuffer({ resolveWithObject: true });
    const at = (60 * info.width + 60) * info.channels;
    const [red = 0, green = 0, blue = 0] = data.subarray(at, at + 3);
    expect(Math.abs(red - 0x20) + Math.abs(green - 0x50) + Math.abs(blue - 0xd0)).toBeLessThan(30);
  });

  it('takes WebP and AVIF', async () => {
    const base = sharp({ create: { width: 64, height: 48, channels: 3, background: '#208040' } });
    const webp = await base.clone().webp().toBuffer();
    const avif = await base.clone().avif().toBuffer();
    expect(pictureTypeOf(webp)).toBe('webp');
    expect(pictureTypeOf(avif)).toBe('avif');
    expect((await processPicture(webp, LIMITS)).type).toBe('webp');
    expect((await processPicture(avif, LIMITS)).type).toBe('avif');
  });

  it('answers 413 for a file over the limit, before reading it', async () => {
    // Random pixels do not compress: a real 12 MB PNG.
    const noise = Buffer.alloc(2048 * 2048 * 3);
    for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 2654435761) >>> 24;
    const input = await sharp(noise, { raw: { width: 2048, height: 2048, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(input.length).toBeGreaterThan(12 * 1024 * 1024);
    const error = await refusal(processPicture(input, LIMITS));
    expect(error.status).toBe(413);
    expect(error.message).toBe(TOO_LARGE);
    expect(TOO_LARGE).toBe('Fichero demasiado grande');
  });

  it('answers 422 for a PDF renamed .jpg and for text, whatever they claim to be', async () => {
    const pdf = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    for (const input of [pdf, Buffer.from('no soy una imagen'), Buffer.alloc(0)]) {
      const error = await refusal(processPicture(input, LIMITS));
      expect(error.status).toBe(422);
      expect(error.message).toBe(NOT_AN_IMAGE);
      expect(error.errors).toEqual({ file: [NOT_AN_IMAGE] });
    }
    expect(NOT_AN_IMAGE).toBe('El fichero no es una imagen JPEG, PNG, WebP o AVIF.');
  });

  it('answers 422 for a damaged image and for a GIF', async () => {
    const jpeg = await phoneJpeg();
    const cut = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect((await refusal(processPicture(cut, LIMITS))).status).toBe(422);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await refusal(processPicture(gif, LIMITS))).message).toBe(NOT_AN_IMAGE);
  });

  it('refuses a 20000 × 20000 decompression bomb from its header', async () => {
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    const started = performance.now();
    const error = await refusal(processPicture(bomb, LIMITS));
    expect(error.status).toBe(422);
    expect(error.message).toBe('La imagen tiene demasiados píxeles: como máximo 50 megapíxeles.');
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
