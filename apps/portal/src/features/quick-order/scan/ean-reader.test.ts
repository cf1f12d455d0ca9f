import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEanReader } from './ean-reader.ts';

/** A browser's own detector (as Android's Chrome has), reading what the test says the frame holds. */
function nativeDetector(formats: string[], frame: string[]) {
  return class {
    static getSupportedFormats = async () => formats;
    readonly options: unknown;
    constructor(options: unknown) {
      this.options = options;
    }
    detect = vi.fn(async () => frame.map((rawValue) => ({ rawValue })));
  };
}

const playing = { readyState: 4, videoWidth: 1280 } as HTMLVideoElement;

describe('loadEanReader', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("uses the browser's detector where it reads EAN-13, and keeps only codes whose check digit is right", async () => {
    vi.stubGlobal(
      'BarcodeDetector',
      nativeDetector(['qr_code', 'ean_13'], ['8470001234568', '8470001234567']),
    );
    const reader = await loadEanReader();
    expect(reader.kind).toBe('native');
    expect(await reader.read(playing)).toEqual(['8470001234568']);
  });

  it('reads nothing from a video without a frame yet', async () => {
    vi.stubGlobal('BarcodeDetector', nativeDetector(['ean_13'], ['8470001234568']));
    const reader = await loadEanReader();
    expect(await reader.read({ readyState: 1, videoWidth: 0 } as HTMLVideoElement)).toEqual([]);
    expect(await reader.read(playing)).toEqual(['8470001234568']);
  });
});
