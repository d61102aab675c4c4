import { describe, expect, it } from '@jest/globals';
import { ObjectSlot } from './object-slot';

describe('ObjectSlot', () => {
  it('keeps one value per object, as a WeakMap would', () => {
    const slot = new ObjectSlot<object, number>('count');
    const a = {};
    const b = {};
    expect(slot.get(a)).toBeUndefined();
    slot.set(a, 1);
    slot.set(b, 2);
    slot.set(a, 3);
    expect(slot.get(a)).toBe(3);
    expect(slot.get(b)).toBe(2);
  });

  it('keeps slots of the same name apart', () => {
    const first = new ObjectSlot<object, string>('bus');
    const second = new ObjectSlot<object, string>('bus');
    const owner = {};
    first.set(owner, 'first');
    expect(second.get(owner)).toBeUndefined();
  });

  it('is invisible to keys, spreads and JSON, and not inherited by objects made from the owner', () => {
    const slot = new ObjectSlot<object, string>('hidden');
    const owner = { name: 'em' };
    slot.set(owner, 'value');
    expect(Object.keys(owner)).toEqual(['name']);
    expect(JSON.stringify(owner)).toBe('{"name":"em"}');
    expect(slot.get({ ...owner })).toBeUndefined();
    expect(slot.get(Object.create(owner) as object)).toBeUndefined();
  });
});
