import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyProductCode,
  ean13Problem,
  eanFromNationalCode,
  isValidEan13,
  isValidNationalCode,
  nationalCodeFromEan,
  nationalCodeProblem,
  nationalCodeWithCheckDigit,
  normaliseNationalCode,
  PRODUCT_CODE_MESSAGES,
} from './product-codes.ts';

describe('nationalCodeProblem', () => {
  it.each([
    ['123456.8', null],
    ['123456-8', null],
    ['1234568', null],
    ['  123456.8 ', null],
    ['000000.3', null],
    ['', PRODUCT_CODE_MESSAGES.nationalCodeRequired],
    ['   ', PRODUCT_CODE_MESSAGES.nationalCodeRequired],
    ['123456.7', PRODUCT_CODE_MESSAGES.nationalCodeCheck],
    ['1234567', PRODUCT_CODE_MESSAGES.nationalCodeCheck],
    ['123456', PRODUCT_CODE_MESSAGES.nationalCodeFormat],
    ['12345.68', PRODUCT_CODE_MESSAGES.nationalCodeFormat],
    ['123 456.8', PRODUCT_CODE_MESSAGES.nationalCodeFormat],
    ['123456..8', PRODUCT_CODE_MESSAGES.nationalCodeFormat],
    ['12345A.8', PRODUCT_CODE_MESSAGES.nationalCodeFormat],
    ['CN 123456.8', PRODUCT_CODE_MESSAGES.nationalCodeFormat],
    ['8470001234568', PRODUCT_CODE_MESSAGES.nationalCodeFormat],
    ['NaN', PRODUCT_CODE_MESSAGES.nationalCodeFormat],
    ['１２３４５６８', PRODUCT_CODE_MESSAGES.nationalCodeFormat],
  ])('%j: %j', (value, problem) => {
    expect(nationalCodeProblem(value)).toBe(problem);
    expect(isValidNationalCode(value)).toBe(problem === null);
  });

  it('refuses every other check digit of a valid code', () => {
    for (let digit = 0; digit <= 9; digit += 1) {
      expect(isValidNationalCode(`123456.${String(digit)}`)).toBe(digit === 8);
    }
  });
});

describe('normaliseNationalCode', () => {
  it.each([
    ['123456.8', '1234568'],
    ['123456-8', '1234568'],
    [' 1234568 ', '1234568'],
    ['123456.7', null],
    ['', null],
  ])('%j gives %j', (value, normalised) => {
    expect(normaliseNationalCode(value)).toBe(normalised);
  });
});

describe('ean13Problem', () => {
  it.each([
    // Real barcodes: a Spanish food supplement, and GS1's and a German maker's published examples.
    ['8426494161010', null],
    ['5901234123457', null],
    ['4006381333931', null],
    [' 8470001234568 ', null],
    ['', PRODUCT_CODE_MESSAGES.eanRequired],
    ['8426494161011', PRODUCT_CODE_MESSAGES.eanCheck],
    ['8470001234566', PRODUCT_CODE_MESSAGES.eanCheck],
    ['9999999999999', PRODUCT_CODE_MESSAGES.eanCheck],
    ['842649416101', PRODUCT_CODE_MESSAGES.eanFormat],
    ['84264941610100', PRODUCT_CODE_MESSAGES.eanFormat],
    ['8426494 161010', PRODUCT_CODE_MESSAGES.eanFormat],
    ['842649416101X', PRODUCT_CODE_MESSAGES.eanFormat],
    ['8.42649416101e12', PRODUCT_CODE_MESSAGES.eanFormat],
  ])('%j: %j', (value, problem) => {
    expect(ean13Problem(value)).toBe(problem);
    expect(isValidEan13(value)).toBe(problem === null);
  });

  it('catches every single wrong digit', () => {
    const ean = '8426494161010';
    for (let position = 0; position < 13; position += 1) {
      for (let digit = 0; digit <= 9; digit += 1) {
        const changed = ean.slice(0, position) + String(digit) + ean.slice(position + 1);
        expect(isValidEan13(changed)).toBe(changed === ean);
      }
    }
  });
});

describe('a medicine’s EAN and its national code', () => {
  it('derive from each other', () => {
    expect(eanFromNationalCode('123456.8')).toBe('8470001234568');
    expect(nationalCodeFromEan('8470001234568')).toBe('1234568');
  });

  it.each(['123456.7', '', '12345'])('no EAN from the invalid code %j', (value) => {
    expect(eanFromNationalCode(value)).toBeNull();
  });

  it.each(['8426494161010', '8470001234566', '847000123456'])('no code from the EAN %j', (value) => {
    expect(nationalCodeFromEan(value)).toBeNull();
  });

  it('agree both ways on every six digits: the code is valid exactly when its EAN is', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), fc.integer({ min: 0, max: 9 }), (six, digit) => {
        const code = `${six}.${String(digit)}`;
        const ean = `847000${six}${String(digit)}`;
        expect(isValidNationalCode(code)).toBe(isValidEan13(ean));
        if (isValidNationalCode(code)) {
          expect(eanFromNationalCode(code)).toBe(ean);
          expect(nationalCodeFromEan(ean)).toBe(`${six}${String(digit)}`);
        }
      }),
    );
  });

  it('gives exactly one valid check digit to every six digits, the one it completes them with', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), (six) => {
        const valid = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => isValidNationalCode(`${six}${String(d)}`));
        expect(valid).toHaveLength(1);
        expect(nationalCodeWithCheckDigit(six)).toBe(`${six}${String(valid[0])}`);
      }),
    );
  });
});

describe('nationalCodeWithCheckDigit', () => {
  it('completes six digits and refuses anything else', () => {
    expect(nationalCodeWithCheckDigit('123456')).toBe('1234568');
    for (const value of ['12345', '1234567', '12345a', ' 123456']) {
      expect(() => nationalCodeWithCheckDigit(value)).toThrow(RangeError);
    }
  });
});

describe('classifyProductCode', () => {
  it.each([
    ['123456.8', { kind: 'national_code', value: '1234568' }],
    [' 1234568 ', { kind: 'national_code', value: '1234568' }],
    ['8470001234568', { kind: 'ean', value: '8470001234568' }],
    ['BT-10399', { kind: 'reference', value: 'BT-10399' }],
    ['bt 10399', { kind: 'reference', value: 'bt 10399' }],
    ['10399', { kind: 'reference', value: '10399' }],
    ['123456', { kind: 'reference', value: '123456' }],
  ])('%s', (typed, expected) => {
    expect(classifyProductCode(typed)).toEqual(expected);
  });

  it('names a wrong check digit of a CN or an EAN, never a reference', () => {
    expect(classifyProductCode('123456.7')).toEqual({
      kind: 'invalid_check_digit',
      of: 'national_code',
      value: '1234567',
      message: PRODUCT_CODE_MESSAGES.nationalCodeCheck,
    });
    expect(classifyProductCode('8470001234567')).toEqual({
      kind: 'invalid_check_digit',
      of: 'ean',
      value: '8470001234567',
      message: PRODUCT_CODE_MESSAGES.eanCheck,
    });
  });

  it('is null for a blank code', () => {
    expect(classifyProductCode('  ')).toBeNull();
  });

  it('classifies every CN with its check digit as a CN, and every other last digit as a typo', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), fc.integer({ min: 0, max: 9 }), (six, digit) => {
        const valid = nationalCodeWithCheckDigit(six);
        const typed = `${six}.${digit}`;
        const kind = classifyProductCode(typed)?.kind;
        return typed.replace('.', '') === valid ? kind === 'national_code' : kind === 'invalid_check_digit';
      }),
    );
  });

  it('classifies the EAN of every valid CN as an EAN', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6}$/), (six) => {
        const ean = eanFromNationalCode(nationalCodeWithCheckDigit(six)) as string;
        return classifyProductCode(ean)?.kind === 'ean';
      }),
    );
  });
});
