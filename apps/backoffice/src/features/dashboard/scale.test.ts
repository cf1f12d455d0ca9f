import { describe, expect, it } from 'vitest';
import { niceScale, scaled } from './scale.ts';

describe("the charts' value axis", () => {
  it('rounds the top up to a round step that holds the highest value', () => {
    expect(niceScale(87, 4)).toEqual({ max: 100, step: 25, ticks: [0, 25, 50, 75, 100] });
    expect(niceScale(100, 4)).toEqual({ max: 100, step: 25, ticks: [0, 25, 50, 75, 100] });
    expect(niceScale(12_345.67, 4)).toEqual({ max: 15_000, step: 5_000, ticks: [0, 5_000, 10_000, 15_000] });
  });

  it('keeps whole steps for counts', () => {
    expect(niceScale(3, 4, true)).toEqual({ max: 3, step: 1, ticks: [0, 1, 2, 3] });
    expect(niceScale(7, 4, true)).toEqual({ max: 8, step: 2, ticks: [0, 2, 4, 6, 8] });
  });

  it('gives an empty chart an axis and never a division by zero', () => {
    expect(niceScale(0)).toEqual({ max: 1, step: 1, ticks: [0, 1] });
    expect(scaled(0, niceScale(0))).toBe(0);
  });

  it('places values between the axis and the top, never beyond', () => {
    const scale = niceScale(87, 4);
    expect(scaled(50, scale)).toBe(0.5);
    expect(scaled(150, scale)).toBe(1);
    expect(scaled(-5, scale)).toBe(0);
  });
});
