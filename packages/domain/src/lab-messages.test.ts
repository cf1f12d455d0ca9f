import { describe, expect, it } from 'vitest';
import {
  isLabMessageActive,
  LAB_MESSAGE_KIND_LABELS,
  LAB_MESSAGE_KINDS,
  textExcerpt,
  textParagraphs,
} from './lab-messages.ts';

describe('lab messages', () => {
  it('labels every kind in Spanish', () => {
    expect(LAB_MESSAGE_KINDS.map((kind) => LAB_MESSAGE_KIND_LABELS[kind])).toEqual([
      'Retirada de lote',
      'Cierre por festivo',
      'Cambio de precios',
      'Aviso',
    ]);
  });

  it('is active from starts_at to ends_at, the end excluded', () => {
    const message = { starts_at: '2026-03-01T00:00:00Z', ends_at: '2026-04-01T00:00:00Z' };
    expect(isLabMessageActive(message, new Date('2026-02-28T23:59:59Z'))).toBe(false);
    expect(isLabMessageActive(message, new Date('2026-03-01T00:00:00Z'))).toBe(true);
    expect(isLabMessageActive(message, new Date('2026-04-01T00:00:00Z'))).toBe(false);
  });

  it('splits a plain text into paragraphs at blank lines', () => {
    expect(textParagraphs('Uno.\r\n\r\nDos,\ny tres.\n \n\n\nCuatro <b>no</b>.\n')).toEqual([
      'Uno.',
      'Dos,\ny tres.',
      'Cuatro <b>no</b>.',
    ]);
    expect(textParagraphs('  \n\n ')).toEqual([]);
  });

  it('sums up the first paragraph, cut at a word', () => {
    expect(textExcerpt('Cerramos el lunes por la fiesta local.\n\nGracias.', 20)).toBe('Cerramos el lunes…');
    expect(textExcerpt('Corto.\n\nOtro.')).toBe('Corto.');
    expect(textExcerpt('Una\nlínea partida.')).toBe('Una línea partida.');
  });
});

describe('textExcerpt at its edges', () => {
  it('is empty for an empty text', () => {
    expect(textExcerpt('')).toBe('');
  });

  it('cuts inside a long word when no space comes late enough', () => {
    expect(textExcerpt(`Corta ${'x'.repeat(40)}`, 20)).toBe(`Corta ${'x'.repeat(14)}…`);
  });
});
