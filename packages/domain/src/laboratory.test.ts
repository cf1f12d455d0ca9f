import { describe, expect, it } from 'vitest';
import { addressLines, DEMO_LABORATORY, isLaboratory, registryLine } from './laboratory.ts';
import { isValidCif } from './tax-id.ts';

describe('the laboratory', () => {
  it('has a demo CIF that passes its check digit', () => {
    expect(isValidCif(DEMO_LABORATORY.taxId)).toBe(true);
  });

  it('writes its address and registry entry as a legal notice does', () => {
    expect(addressLines(DEMO_LABORATORY)).toEqual([
      'Laboratorio Botica, S.L.',
      'Calle de la Botánica, 12',
      '28040 Madrid',
    ]);
    expect(
      addressLines({ ...DEMO_LABORATORY, address: { ...DEMO_LABORATORY.address, city: 'Alcobendas' } })[2],
    ).toBe('28040 Alcobendas (Madrid)');
    expect(registryLine(DEMO_LABORATORY)).toBe(
      'Registro Mercantil de Madrid, tomo 40.123, folio 112, hoja M-712345, inscripción 1.ª',
    );
  });
});

describe('isLaboratory', () => {
  it('accepts a whole identity, with or without a food registry', () => {
    expect(isLaboratory(DEMO_LABORATORY)).toBe(true);
    expect(isLaboratory({ ...DEMO_LABORATORY, foodRegistry: null })).toBe(true);
  });

  it('refuses what is not an object', () => {
    for (const value of [null, undefined, 'Botica', 42, [DEMO_LABORATORY]])
      expect(isLaboratory(value)).toBe(false);
  });

  it('refuses an identity missing any field, or with a field of another type', () => {
    for (const key of Object.keys(DEMO_LABORATORY)) {
      const { [key]: _, ...missing } = DEMO_LABORATORY as unknown as Record<string, unknown>;
      expect(isLaboratory(missing), `without ${key}`).toBe(false);
      expect(isLaboratory({ ...DEMO_LABORATORY, [key]: 7 }), `${key}: 7`).toBe(false);
    }
    expect(isLaboratory({ ...DEMO_LABORATORY, address: { ...DEMO_LABORATORY.address, city: 28 } })).toBe(
      false,
    );
    expect(isLaboratory({ ...DEMO_LABORATORY, authorisation: { authority: 'AEMPS' } })).toBe(false);
    expect(isLaboratory({ ...DEMO_LABORATORY, isDemo: 'true' })).toBe(false);
  });
});
