// The menu cache's own rules, without a database: one build per version shared by concurrent readers,
// a new version replaces the old, failed builds are not kept, and the bounds evict the least recently used.
import { describe, expect, it } from '@jest/globals';
import { MenuCache } from './menu-cache';

describe('MenuCache', () => {
  it('shares one build among readers of a version and builds again for a new one', async () => {
    const cache = new MenuCache<string>();
    let builds = 0;
    const build = (value: string) => async () => {
      builds++;
      return value;
    };
    const [a, b] = await Promise.all([cache.get(1, 10, build('v10')), cache.get(1, 10, build('other'))]);
    expect([a, b, builds]).toEqual(['v10', 'v10', 1]);
    expect(await cache.get(1, 11, build('v11'))).toBe('v11');
    expect(builds).toBe(2);
    expect(await cache.get(1, 11, build('again'))).toBe('v11');
  });

  it('does not keep a failed build', async () => {
    const cache = new MenuCache<string>();
    await expect(cache.get(1, 10, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(1, 10, async () => 'ok')).toBe('ok');
  });

  it('evicts the least recently used past its item and weight bounds', async () => {
    const cache = new MenuCache<number>((pages) => pages, 3, 100);
    const built: number[] = [];
    const get = (item: number, pages: number) =>
      cache.get(item, 1, async () => {
        built.push(item);
        return pages;
      });
    await get(1, 10);
    await get(2, 10);
    await get(3, 10);
    await get(1, 10); // 1 is now the most recently used
    await get(4, 10); // over 3 items: 2 goes
    expect(built).toEqual([1, 2, 3, 4]);
    await get(1, 10);
    await get(3, 10);
    await get(2, 10);
    expect(built).toEqual([1, 2, 3, 4, 2]);
    // A heavy menu pushes out others until the weight fits, but stays itself.
    await get(5, 95);
    await get(5, 95);
    expect(built).toEqual([1, 2, 3, 4, 2, 5]);
    await get(2, 10);
    expect(built).toEqual([1, 2, 3, 4, 2, 5, 2]);
  });
});
