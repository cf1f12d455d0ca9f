import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  isWebinarLive,
  WEBINAR_JOIN_WINDOW_MINUTES,
  webinarEnd,
  webinarPhase,
} from './webinars.ts';

describe('webinarPhase', () => {
  const start = '2026-05-20T15:00:00Z';
  it('opens the join link 15 minutes before the start and closes it at the end', () => {
    expect(WEBINAR_JOIN_WINDOW_MINUTES).toBe(15);
    expect(webinarPhase(start, 60, '2026-05-20T14:44:59Z')).toBe('upcoming');
    expect(webinarPhase(start, 60, '2026-05-20T14:45:00Z')).toBe('joinable');
    expect(webinarPhase(start, 60, '2026-05-20T15:59:59Z')).toBe('joinable');
    expect(webinarPhase(start, 60, '2026-05-20T16:00:00Z')).toBe('ended');
    expect(webinarPhase(new Date(start), 60, new Date('2027-01-01T00:00:00Z'))).toBe('ended');
  });

  it('refuses an invalid date or duration', () => {
    expect(() => webinarPhase('nope', 60, start)).toThrow(RangeError);
    expect(() => webinarPhase(start, 0, start)).toThrow(RangeError);
    expect(() => webinarPhase(start, 1.5, start)).toThrow(RangeError);
  });
});

describe('webinarEnd and formatDuration', () => {
  it('adds the duration and writes it in words', () => {
    expect(webinarEnd('2026-05-20T15:00:00Z', 90).toISOString()).toBe('2026-05-20T16:30:00.000Z');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
  });
});

describe('isWebinarLive', () => {
  const start = '2026-05-20T15:00:00Z';
  it('is live from the start until the end, not in the join window before it', () => {
    expect(isWebinarLive(start, 60, '2026-05-20T14:45:00Z')).toBe(false);
    expect(isWebinarLive(start, 60, '2026-05-20T14:59:59Z')).toBe(false);
    expect(isWebinarLive(start, 60, '2026-05-20T15:00:00Z')).toBe(true);
    expect(isWebinarLive(start, 60, '2026-05-20T15:59:59Z')).toBe(true);
    expect(isWebinarLive(start, 60, '2026-05-20T16:00:00Z')).toBe(false);
    expect(isWebinarLive(start, 60, '2026-05-19T15:00:00Z')).toBe(false);
    expect(() => isWebinarLive('nope', 60, start)).toThrow(RangeError);
  });
});
