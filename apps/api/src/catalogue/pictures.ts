/**
 * The product pictures' pipeline: an uploaded file becomes the three sizes the portal shows, as WebP,
 * or a Spanish refusal. The file's type is decided by its first bytes, never by its name or declared
 * type; its size and its pixel count are bounded before anything is decoded, so a small file that
 * would inflate to gigabytes (a decompression bomb) is refused from its header alone. The EXIF
 * orientation is applied and then every metadata block (EXIF with GPS, XMP, IPTC, ICC) is dropped:
 * a phone photo must not publish where it was taken.
 */
import sharp, { type Metadata } from 'sharp';
import { FILE_TOO_LARGE, HttpError } from '../http/errors.ts';
import type { ImageSize } from '../pricing/pricing-service.ts';
import { IMAGE_PIXELS } from './product-image.ts';

/** The input types accepted, as decided by the file's first bytes. */
export type PictureType = 'jpeg' | 'png' | 'webp' | 'avif';

/** The largest picture accepted, in pixels (width × height): 50 megapixels, more than any packshot. */
export const MAX_PICTURE_PIXELS = 50_000_000;

/** The content type every stored size is encoded in. */
export const PICTURE_CONTENT_TYPE = 'image/webp';

/** The refusal of a file that is not one of the accepted image types. */
export const NOT_AN_IMAGE = 'El fichero no es una imagen JPEG, PNG, WebP o AVIF.';

/** The refusal of a file over the size limit: the text the portal shows for a 413. */
export const TOO_LARGE = FILE_TOO_LARGE;

/** One size of a processed picture. */
export interface PictureVariant {
  size: ImageSize;
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/** What the pipeline made of a file: its detected type and one variant per size. */
export interface ProcessedPicture {
  type: PictureType;
  variants: PictureVariant[];
}

/** The limits a file is checked against. */
export interface PictureLimits {
  /** The largest file, in bytes. */
  maxBytes: number;
  /** The largest image, in pixels; defaults to {@link MAX_PICTURE_PIXELS}. */
  maxPixels?: number;
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString('latin1');

/** The ISO-BMFF brands that name an AVIF file (still image or sequence). */
const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * The type of a file from its signature (magic bytes), or null for anything else: a PDF, a text or
 * an image type not accepted, whatever the file is called.
 */
export function pictureTypeOf(bytes: Uint8Array): PictureType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    // The box 'ftyp' holds the major brand, a version, then the compatible brands.
    const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0), bytes.length, 256);
    const brands = [ascii(bytes, 8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  }
  return null;
}

const notAnImage = () => new HttpError(422, NOT_AN_IMAGE, { file: [NOT_AN_IMAGE] });

/**
 * Turns an uploaded file into the three sizes, each a square WebP of the size's pixels, the picture
 * centred on white. Refuses with 413 'Fichero demasiado grande' a file over `maxBytes`, and with 422 a
 * file that is not a JPEG, PNG, WebP or AVIF image (by its bytes), is damaged, or has more pixels
 * than `maxPixels`.
 * @throws HttpError 413 or 422, with the Spanish message.
 */
export async function processPicture(file: Uint8Array, limits: PictureLimits): Promise<ProcessedPicture> {
  if (file.length > limits.maxBytes) throw new HttpError(413, TOO_LARGE);
  const input = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const type = pictureTypeOf(input);
  if (type === null) throw notAnImage();
  const maxPixels = limits.maxPixels ?? MAX_PICTURE_PIXELS;

  // The header alone: nothing is decoded until the dimensions are known to be within the limit.
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  const detected =
    metadata.format === 'heif' ? (metadata.compression === 'av1' ? 'avif' : null) : metadata.format;
  if (detected !== type || !metadata.width || !metadata.height) throw notAnImage();
  if (metadata.width * metadata.height > maxPixels) {
    const megapixels = Math.floor(maxPixels / 1_000_000);
    const message = `La imagen tiene demasiados píxeles: como máximo ${megapixels} megapíxeles.`;
    throw new HttpError(422, message, { file: [message] });
  }

  try {
    // One decode, oriented; each size is resized from it. sharp writes no metadata unless asked to.
    const oriented = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
      .autoOrient()
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const sizes = Object.entries(IMAGE_PIXELS) as [ImageSize, number][];
    const variants = await Promise.all(
      sizes.map(async ([size, pixels]) => {
        const { data, info } = await sharp(oriented.data, {
          raw: { width: oriented.info.width, height: oriented.info.height, channels: oriented.info.channels },
        })
          .resize(pixels, pixels, { fit: 'contain', background: '#ffffff' })
          .webp({ quality: 82, effort: 4 })
          .toBuffer({ resolveWithObject: true });
        return {
          size,
          bytes: data,
          contentType: PICTURE_CONTENT_TYPE,
          width: info.width,
          height: info.height,
        };
      }),
    );
    return { type, variants };
  } catch {
    throw notAnImage();
  }
}
