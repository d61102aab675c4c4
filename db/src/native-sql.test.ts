import { describe, expect, it } from '@jest/globals';
import { rawDate } from './native-sql';

describe('rawDate', () => {
  it('reads SQLite epoch milliseconds, MySQL UTC strings and Dates as the same instant', () => {
    const at = new Date('2026-11-26T07:30:15.250Z');
    expect(rawDate(at.getTime())).toEqual(at);
    expect(rawDate(String(at.getTime()))).toEqual(at);
    expect(rawDate('2026-11-26 07:30:15.250')).toEqual(at);
    expect(rawDate('2026-11-26 07:30:15')).toEqual(new Date('2026-11-26T07:30:15Z'));
    expect(rawDate(at)).toBe(at);
  });
});
