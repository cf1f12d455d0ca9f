import { isSpanishNationalHoliday, madridDay, webinarPhase } from '@botica/domain';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text.ts';
import { createRandom } from './random.ts';
import { dayAt, generateTraining, PAST_WEBINARS } from './training.ts';

describe('generateTraining', () => {
  it('has a year of past webinars and an agenda whose first webinar is joinable at once, at any minute', () => {
    for (const minute of [0, 4, 9, 10, 11, 14, 59]) {
      const now = new Date(Date.UTC(2026, 4, 20, 8, minute, 30));
      const { webinars } = generateTraining({ now, random: createRandom(1), products: [] });
      const phases = webinars.map((webinar) => webinarPhase(webinar.startsAt, webinar.durationMinutes, now));
      expect(phases.slice(0, PAST_WEBINARS).every((phase) => phase === 'ended')).toBe(true);
      expect(phases[PAST_WEBINARS]).toBe('joinable');
      expect(phases.slice(PAST_WEBINARS + 1).every((phase) => phase === 'upcoming')).toBe(true);
    }
  });

  it('puts no webinar on a weekend in Madrid, writes real PDFs and twenty posts', () => {
    const now = new Date('2026-05-20T08:00:00Z');
    const training = generateTraining({ now, random: createRandom(1), products: [] });
    for (const webinar of training.webinars
      .slice(0, PAST_WEBINARS)
      .concat(training.webinars.slice(PAST_WEBINARS + 1))) {
      const weekday = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Madrid',
        weekday: 'short',
      }).format(webinar.startsAt);
      expect(['Sat', 'Sun']).not.toContain(weekday);
    }
    for (const file of training.trainingFiles) {
      expect(Buffer.from(file.content).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(file.size).toBe(file.content.length);
    }
    expect(training.posts).toHaveLength(20);
    expect(training.newsletters).toHaveLength(12);
    expect(training.materials.length).toBe(24);
  });

  it('writes every material and newsletter as a PDF poppler reads in full: title, every section, no complaint', async () => {
    const now = new Date('2026-05-20T08:00:00Z');
    const training = generateTraining({ now, random: createRandom(1), products: [] });
    const titles = new Map<number | null | undefined, string>();
    for (const row of [...training.materials, ...training.newsletters]) titles.set(row.fileId, row.title);
    expect(titles.size).toBe(training.trainingFiles.length);
    for (const file of training.trainingFiles) {
      // pdfText rejects when pdftotext complains on stderr (a broken content stream).
      const text = (await pdfText(file.content, { layout: false })).replace(/\s+/g, ' ');
      const title = titles.get(file.id) ?? '';
      expect(text, file.name).toContain(title);
      const rest = text.replace(title, '');
      expect(rest.length, file.name).toBeGreaterThan(400);
      expect(text, file.name).toMatch(/Página 1 de \d/);
      if (file.name.startsWith('boletin')) {
        expect(text, file.name).toContain('La planta del mes');
        expect(text, file.name).toContain('Noticias del laboratorio');
      } else {
        expect(text, file.name).toContain('Precauciones e interacciones');
        expect(text, file.name).toContain('Real Farmacopea Española, 5.ª edición.');
      }
    }
  });

  it('puts no dated webinar on a Spanish national holiday (Christmas Day from 25 November 2026 on)', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const { webinars } = generateTraining({ now, random: createRandom(1), products: [] });
    const dated = [...webinars.slice(0, PAST_WEBINARS), ...webinars.slice(PAST_WEBINARS + 1)];
    for (const webinar of dated) expect(isSpanishNationalHoliday(madridDay(webinar.startsAt))).toBe(false);
    // Every day of a year, every offset the agenda uses: a working day in Madrid, at the time asked.
    const time = new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', timeStyle: 'short' });
    for (let day = 0; day < 366; day += 1) {
      const from = new Date(Date.UTC(2026, 0, 1, 9) + day * 86_400_000);
      for (const offset of [-25, 6, 16, 30, 47, 70]) {
        const at = dayAt(from, offset, 17, 30);
        const madrid = madridDay(at);
        const weekday = new Date(Date.UTC(madrid.year, madrid.month - 1, madrid.day)).getUTCDay();
        expect(isSpanishNationalHoliday(madrid), at.toISOString()).toBe(false);
        expect([0, 6], at.toISOString()).not.toContain(weekday);
        expect(time.format(at)).toBe('17:30');
      }
    }
  });

  it("writes no 'de el', 'a el' or double period in any text of the training content", () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const training = generateTraining({ now, random: createRandom(1), products: [] });
    const texts = JSON.stringify({ ...training, trainingFiles: [] });
    expect(texts).not.toMatch(/\b[Dd]e el\b/);
    expect(texts).not.toMatch(/\b[Aa] el\b/);
    expect(texts).not.toMatch(/[^.]\.\.(?!\.)/);
    expect(texts).toContain('del ginkgo');
  });
});
