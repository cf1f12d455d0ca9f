/**
 * The fake camera's video holds the code it was asked for: its first frame, read back from the Y4M
 * file's bytes, decoded by ZXing (the same reader the portal's polyfill uses, run in Node).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import {
  drawFrame,
  ean13Modules,
  fakeCameraY4m,
  firstFrameOf,
  type GreyPicture,
  greyPicture,
} from './fake-camera.ts';

// Node code only: one run is enough, whichever width the other specs are at.
test.skip(({ viewport }) => viewport?.width !== 1280, 'a unit test: the desktop project runs it');

test.beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  const binary = readFileSync(wasm);
  await prepareZXingModule({
    overrides: { wasmBinary: binary.buffer.slice(binary.byteOffset, binary.byteOffset + binary.byteLength) },
    fireImmediately: true,
  });
});

async function decode(picture: GreyPicture) {
  const results = await readBarcodes(picture as ImageData, { formats: ['EAN13'], tryHarder: true });
  return results.filter((result) => result.isValid).map((result) => result.text);
}

test('draws the bars a reader decodes back to the code, for every first digit', async () => {
  // One code per parity pattern (the first digit), the check digit right.
  const codes = [
    '0012345678905',
    '1234567890128',
    '2000000000008',
    '3045678901232',
    '4006381333931',
    '5012345678900',
    '6901234567892',
    '7501031311309',
    '8470001234568',
    '9780201379624',
  ];
  for (const code of codes) {
    const y4m = fakeCameraY4m({ code, inView: 0.1, away: 0.1 });
    expect(await decode(firstFrameOf(y4m)), code).toEqual([code]);
  }
});

test('draws the standard pattern: guards, left and right halves', () => {
  const bits = ean13Modules('4006381333931')
    .map((bar) => (bar ? '1' : '0'))
    .join('');
  expect(bits).toHaveLength(95);
  expect(bits.slice(0, 3)).toBe('101');
  expect(bits.slice(45, 50)).toBe('01010');
  expect(bits.slice(92)).toBe('101');
  // First digit 4 codes the left half LGLLGG; its second digit, 0, as L is 0001101.
  expect(bits.slice(3, 10)).toBe('0001101');
  // The right half is R-coded: the last digit, 1, is 1100110.
  expect(bits.slice(85, 92)).toBe('1100110');
});

test('refuses a code whose check digit is wrong, and a frame without a box holds no code', async () => {
  expect(() => ean13Modules('8470001234567')).toThrow(/check digit/);
  const size = { width: 640, height: 480, moduleWidth: 4 };
  expect(await decode(greyPicture(drawFrame(null, size), size.width, size.height))).toEqual([]);
});

test('loops the box in view, then away, at the frame rate asked', () => {
  const y4m = fakeCameraY4m({
    code: '8470001234568',
    width: 320,
    height: 240,
    fps: 5,
    moduleWidth: 2,
    inView: 1,
    away: 2,
  });
  const header = 'YUV4MPEG2 W320 H240 F5:1 Ip A1:1 C420jpeg\n';
  expect(y4m.subarray(0, header.length).toString('ascii')).toBe(header);
  const frameBytes = 'FRAME\n'.length + 320 * 240 * 1.5;
  expect(y4m.length).toBe(header.length + 15 * frameBytes);
});
