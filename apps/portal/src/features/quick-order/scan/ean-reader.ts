/**
 * The EAN-13 reader behind 'Escanear': the browser's own `BarcodeDetector` where it reads EAN-13
 * (Android's and macOS's Chrome), else the `barcode-detector` polyfill on ZXing's WebAssembly, which
 * this module loads only then: neither is in any page's first load.
 */
import { isValidEan13 } from '@botica/domain';

/** `HTMLMediaElement.HAVE_CURRENT_DATA`: the video has a frame to show. */
const HAVE_CURRENT_DATA = 2;

/** What the reader needs of a detector: the Shape Detection API's `detect`. */
interface Detector {
  detect(source: HTMLVideoElement): Promise<readonly { rawValue: string }[]>;
}

interface DetectorClass {
  new (options: { formats: 'ean_13'[] }): Detector;
  getSupportedFormats(): Promise<readonly string[]>;
}

/** Reads the EAN-13 codes in a video's current frame. */
export interface EanReader {
  /** The valid EAN-13 codes in the frame the video shows now (none while it has no frame). */
  read(video: HTMLVideoElement): Promise<string[]>;
  /** Which detector reads: the browser's or the polyfill. */
  kind: 'native' | 'polyfill';
}

async function nativeDetector(): Promise<DetectorClass | null> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native === undefined) return null;
  try {
    return (await native.getSupportedFormats()).includes('ean_13') ? native : null;
  } catch {
    return null;
  }
}

/** Loads a reader: the browser's detector if it reads EAN-13, else the polyfill and its WebAssembly. */
export async function loadEanReader(): Promise<EanReader> {
  const native = await nativeDetector();
  const kind = native === null ? 'polyfill' : 'native';
  const Detector: DetectorClass = native ?? (await (await import('./zxing-detector.ts')).loadZxingDetector());
  const detector = new Detector({ formats: ['ean_13'] });
  return {
    kind,
    async read(video) {
      // A video with no frame yet (or none any more) has nothing to read; the detector would throw.
      if (video.readyState < HAVE_CURRENT_DATA || video.videoWidth === 0) return [];
      const found = await detector.detect(video);
      return found.map((barcode) => barcode.rawValue).filter(isValidEan13);
    },
  };
}
