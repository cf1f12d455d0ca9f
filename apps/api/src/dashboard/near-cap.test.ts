import { describe, expect, it } from 'vitest';
import { capPercent, nearCapMinimumCents } from './dashboard-service.ts';

describe('the pharmacies near their monthly cap', () => {
  it('starts at 80 % of the cap, rounded up to the cent', () => {
    expect(nearCapMinimumCents(300_000)).toBe(240_000);
    expect(nearCapMinimumCents(333)).toBe(267);
  });

  it('shows the share in whole percent rounded down, so 79,9 % is not yet 80', () => {
    expect(capPercent(239_999, 300_000)).toBe(79);
    expect(capPercent(240_000, 300_000)).toBe(80);
    expect(capPercent(310_000, 300_000)).toBe(103);
    expect(capPercent(5, 0)).toBe(0);
  });
});
