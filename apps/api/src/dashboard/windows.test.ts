import { describe, expect, it } from 'vitest';
import { dashboardWindows } from './windows.ts';

const iso = (period: { start: Date; end: Date }) => [period.start.toISOString(), period.end.toISOString()];

describe('the dashboard’s periods on the Madrid calendar', () => {
  it('compares today with yesterday up to the same wall-clock time across the end of summer time', () => {
    // Monday 26 October 2026, 09:15 in Madrid (UTC+1); Sunday the 25th changed from UTC+2.
    const windows = dashboardWindows(new Date('2026-10-26T08:15:00.000Z'));
    expect(iso(windows.today)).toEqual(['2026-10-25T23:00:00.000Z', '2026-10-26T08:15:00.000Z']);
    expect(iso(windows.yesterday)).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T08:15:00.000Z']);
  });

  it('stops the previous month at its last day when it is shorter', () => {
    // 31 March 2027, 18:00 in Madrid (UTC+2): February has 28 days, so all of it counts.
    const windows = dashboardWindows(new Date('2027-03-31T16:00:00.000Z'));
    expect(iso(windows.month)).toEqual(['2027-02-28T23:00:00.000Z', '2027-03-31T16:00:00.000Z']);
    expect(iso(windows.previousMonth)).toEqual(['2027-01-31T23:00:00.000Z', '2027-02-28T23:00:00.000Z']);
    expect(iso(windows.wholeMonth)).toEqual(['2027-02-28T23:00:00.000Z', '2027-03-31T22:00:00.000Z']);
  });

  it('crosses the new year: the 1st of January against December, the 31st', () => {
    const windows = dashboardWindows(new Date('2027-01-01T00:30:00.000Z'));
    expect(iso(windows.today)).toEqual(['2026-12-31T23:00:00.000Z', '2027-01-01T00:30:00.000Z']);
    expect(iso(windows.yesterday)).toEqual(['2026-12-30T23:00:00.000Z', '2026-12-31T00:30:00.000Z']);
    expect(iso(windows.previousMonth)).toEqual(['2026-11-30T23:00:00.000Z', '2026-12-01T00:30:00.000Z']);
  });

  it('covers 90 days, today the last, from the Madrid midnight of the first', () => {
    const windows = dashboardWindows(new Date('2026-11-28T10:30:00.000Z'));
    expect(windows.days).toEqual({
      firstDay: '2026-08-31',
      lastDay: '2026-11-28',
      since: new Date('2026-08-30T22:00:00.000Z'),
    });
  });
});
