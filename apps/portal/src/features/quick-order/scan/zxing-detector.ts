/**
 * The `barcode-detector` polyfill with ZXing's WebAssembly served by the portal itself: the build
 * emits the reader's .wasm as one of its hashed assets, and the polyfill is told to fetch it from
 * there instead of its default public CDN. Loaded only when the browser has no EAN-13 detector.
 */
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** The polyfill's `BarcodeDetector`, once its WebAssembly is fetched and compiled. */
export async function loadZxingDetector(): Promise<typeof BarcodeDetector> {
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return BarcodeDetector;
}
