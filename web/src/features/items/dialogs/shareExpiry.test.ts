import { describe, expect, it } from '@jest/globals';
import { nearestExpiryChoice } from './shareExpiry';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const inDays = (days: number) => new Date(NOW + days * 24 * 60 * 60 * 1000).toISOString();

describe('nearestExpiryChoice', () => {
  it('shows "permanent" for a link without expiry', () => {
    expect(nearestExpiryChoice(null, NOW)).toBe(0);
  });

  it('rounds the time left up to the nearest choice', () => {
    expect(nearestExpiryChoice(inDays(0.5), NOW)).toBe(1);
    expect(nearestExpiryChoice(inDays(1), NOW)).toBe(1);
    expect(nearestExpiryChoice(inDays(3), NOW)).toBe(7);
    expect(nearestExpiryChoice(inDays(29.9), NOW)).toBe(30);
    expect(nearestExpiryChoice(inDays(100), NOW)).toBe(180);
    expect(nearestExpiryChoice(inDays(400), NOW)).toBe(0);
  });
});
