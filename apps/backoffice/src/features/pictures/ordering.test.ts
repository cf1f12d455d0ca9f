import { ApiError } from '@botica/api-client';
import { describe, expect, it } from 'vitest';
import { dropOrder, formatBytes, moveOrder, uploadErrorMessage } from './ordering.ts';

describe('the orders the pictures page asks for', () => {
  it('moves a picture one place up or down, and not past either end', () => {
    expect(moveOrder(3, 2, -1)).toEqual([2, 1, 3]);
    expect(moveOrder(3, 2, 1)).toEqual([1, 3, 2]);
    expect(moveOrder(3, 1, -1)).toBeNull();
    expect(moveOrder(3, 3, 1)).toBeNull();
  });

  it('drops a dragged picture in another place, the others making room', () => {
    expect(dropOrder(4, 1, 3)).toEqual([2, 3, 1, 4]);
    expect(dropOrder(4, 4, 1)).toEqual([4, 1, 2, 3]);
    expect(dropOrder(4, 2, 2)).toBeNull();
    expect(dropOrder(4, 2, 5)).toBeNull();
  });
});

describe('what the page writes', () => {
  it('writes sizes the Spanish way', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(15_360)).toBe('15 KB');
    expect(formatBytes(1_572_864)).toBe('1,5 MB');
  });

  it("shows the server's message for a refused file, its field's first", () => {
    const tooLarge = new ApiError({ status: 413, kind: 'http', message: 'Fichero demasiado grande' });
    expect(uploadErrorMessage(tooLarge)).toBe('Fichero demasiado grande');
    const notImage = new ApiError({
      status: 422,
      kind: 'http',
      message: 'Los datos no son válidos.',
      fieldErrors: { file: ['El fichero no es una imagen JPEG, PNG, WebP o AVIF.'] },
    });
    expect(uploadErrorMessage(notImage)).toBe('El fichero no es una imagen JPEG, PNG, WebP o AVIF.');
    expect(uploadErrorMessage(new ApiError({ status: 'network', kind: 'network', message: 'x' }))).toMatch(
      /^No hay conexión/,
    );
  });
});
