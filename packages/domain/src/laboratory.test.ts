import { describe, expect, it } from 'vitest';
import { addressLines, DEMO_LABORATORY, registryLine } from './laboratory.ts';
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
