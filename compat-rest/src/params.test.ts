import { describe, expect, it } from '@jest/globals';
import { int, readParams, RequestParams, str } from './params';

describe('int() coercion (compat-api §0.4)', () => {
  const toInt = (value: unknown, fallback?: number) => int(fallback).parse(value);

  it('reads numeric strings and truncates fractions', () => {
    expect(toInt('12')).toBe(12);
    expect(toInt('1.9')).toBe(1);
    expect(toInt('-7')).toBe(-7);
    expect(toInt(' 12 ')).toBe(12);
    expect(toInt('1e3')).toBe(1000);
  });

  it('reads JSON numbers and truncates fractions', () => {
    expect(toInt(12)).toBe(12);
    expect(toInt(1.9)).toBe(1);
    expect(toInt(-1.9)).toBe(-1);
  });

  it('turns booleans into 1 and 0', () => {
    expect(toInt(true)).toBe(1);
    expect(toInt(false)).toBe(0);
  });

  it('falls back to the default for anything non-numeric', () => {
    for (const value of ['abc', '', '12a', '0x1A', '.', ' ', [], ['1'], { a: 1 }, null, undefined]) {
      expect(toInt(value, 42)).toBe(42);
    }
    expect(toInt('abc')).toBe(0);
  });

  it('falls back to the default for numbers that are not safe integers', () => {
    expect(toInt('99999999999999999999', 5)).toBe(5);
    expect(toInt(1e20, 5)).toBe(5);
    expect(toInt(Number.NaN, 5)).toBe(5);
    expect(toInt(Number.POSITIVE_INFINITY, 5)).toBe(5);
  });
});

describe('str() coercion (compat-api §0.4)', () => {
  const toStr = (value: unknown, fallback?: string) => str(fallback).parse(value);

  it('keeps strings as they are', () => {
    expect(toStr('abc')).toBe('abc');
    expect(toStr('')).toBe('');
    expect(toStr(' padded ')).toBe(' padded ');
  });

  it('casts numbers and booleans as PHP does', () => {
    expect(toStr(12)).toBe('12');
    expect(toStr(1.5)).toBe('1.5');
    expect(toStr(true)).toBe('1');
    expect(toStr(false)).toBe('');
  });

  it('turns arrays and objects into the string "Array"', () => {
    expect(toStr(['a'])).toBe('Array');
    expect(toStr([])).toBe('Array');
    expect(toStr({ a: 1 })).toBe('Array');
  });

  it('uses the default only when the value is absent', () => {
    expect(toStr(undefined, 'dflt')).toBe('dflt');
    expect(toStr(null, 'dflt')).toBe('dflt');
    expect(toStr('', 'dflt')).toBe('');
  });
});

describe('RequestParams precedence: path > body > query', () => {
  it('prefers a path attribute over the body and the query string', () => {
    const params = new RequestParams({ id: 'path' }, { id: 'body' }, { id: 'query' });
    expect(params.get('id')).toBe('path');
  });

  it('prefers the body over the query string', () => {
    const params = new RequestParams({}, { id: 'body' }, { id: 'query' });
    expect(params.get('id')).toBe('body');
  });

  it('falls back to the query string', () => {
    const params = new RequestParams({}, {}, { id: 'query' });
    expect(params.get('id')).toBe('query');
    expect(params.get('missing')).toBeUndefined();
  });

  it('skips null values: the first non-null wins', () => {
    const params = new RequestParams({}, { id: null }, { id: 'query' });
    expect(params.get('id')).toBe('query');
  });

  it('lets an empty string win (it is not null)', () => {
    const params = new RequestParams({}, { id: '' }, { id: 'query' });
    expect(params.get('id')).toBe('');
  });

  it('passes raw values through (arrays, booleans, numbers from JSON)', () => {
    const params = new RequestParams({}, { list: [1, 2], flag: false, n: 3 }, {});
    expect(params.get('list')).toEqual([1, 2]);
    expect(params.get('flag')).toBe(false);
    expect(params.get('n')).toBe(3);
  });

  it('never finds Object.prototype members as parameters', () => {
    const params = new RequestParams({}, {}, {});
    expect(params.get('constructor')).toBeUndefined();
    expect(params.get('toString')).toBeUndefined();
    expect(params.get('__proto__')).toBeUndefined();
  });

  it('reads _item_pwd from the path, a form body or the query, but not from a JSON body', () => {
    const params = new RequestParams({}, { _item_pwd: 'body' }, { _item_pwd: 'query' });
    expect(params.getFormOrQuery('_item_pwd', false)).toBe('body');
    expect(params.getFormOrQuery('_item_pwd', true)).toBe('query');
    expect(new RequestParams({ _item_pwd: 'path' }, {}, {}).getFormOrQuery('_item_pwd', true)).toBe('path');
  });
});

describe('readParams', () => {
  it('coerces every declared parameter and applies defaults for absent ones', () => {
    const params = new RequestParams({ page_id: '12' }, { title: ['x'] }, { size: 'big' });
    expect(readParams({ page_id: int(), title: str(), size: int(6), note: str('none') }, params)).toEqual({
      page_id: 12,
      title: 'Array',
      size: 6,
      note: 'none',
    });
  });
});
