import { webinarPhase } from '@botica/domain';
import { describe, expect, it } from 'vitest';
import { createRandom } from './random.ts';
import { generateTraining, PAST_WEBINARS } from './training.ts';

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
      expect(Buffer.from(file.content).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
      expect(file.size).toBe(file.content.length);
    }
    expect(training.posts).toHaveLength(20);
    expect(training.newsletters).toHaveLength(12);
    expect(training.materials.length).toBe(24);
  });
});
