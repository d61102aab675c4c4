import { describe, expect, it } from '@jest/globals';
import { parseRoute, resolveActionName, resolveControllerName, type ParsedRoute } from './routing';

const CONTROLLERS = ['Common', 'User', 'Item', 'ItemGroup', 'PageComment', 'PublicSquare'];

function parsed(path: string): ParsedRoute {
  const result = parseRoute(path);
  if (!result.ok) throw new Error(`expected "${path}" to parse, got status ${result.status}`);
  return result.route;
}

describe('parseRoute (compat-api §0.2 path grammar)', () => {
  it('splits /module/controller/action with or without the leading slash', () => {
    expect(parsed('/api/item/info')).toEqual({
      module: 'api',
      controller: 'item',
      action: 'info',
      pathParams: {},
    });
    expect(parsed('Api/Item/info')).toMatchObject({ module: 'Api', controller: 'Item', action: 'info' });
    expect(parsed('//api/item/info')).toMatchObject({ module: 'api', controller: 'item', action: 'info' });
  });

  it('turns trailing /k/v pairs into path parameters', () => {
    expect(parsed('/api/page/info/page_id/240928297').pathParams).toEqual({ page_id: '240928297' });
    expect(parsed('/api/attachment/visitFile/sign/abc/item_id/7').pathParams).toEqual({
      sign: 'abc',
      item_id: '7',
    });
  });

  it('ignores an odd trailing element', () => {
    expect(parsed('/api/page/info/page_id/5/orphan').pathParams).toEqual({ page_id: '5' });
    expect(parsed('/api/page/info/orphan').pathParams).toEqual({});
  });

  it('percent-decodes segments, and keeps a segment that is not valid percent-encoding as it is', () => {
    expect(parsed('/api/page/info/title/a%20b').pathParams).toEqual({ title: 'a b' });
    expect(parsed('/api/page/info/title/a%ZZ').pathParams).toEqual({ title: 'a%ZZ' });
  });

  it('keeps `__proto__` as an ordinary parameter name', () => {
    const params = parsed('/api/page/info/__proto__/x/page_id/5').pathParams;
    expect(Object.keys(params).sort()).toEqual(['__proto__', 'page_id']);
    expect(params.page_id).toBe('5');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('answers 404 for paths with fewer than three segments', () => {
    expect(parseRoute('/api/item')).toEqual({ ok: false, status: 404 });
    expect(parseRoute('api')).toEqual({ ok: false, status: 404 });
    expect(parseRoute('')).toEqual({ ok: false, status: 404 });
  });

  it('answers 400 when the module, controller or action is empty', () => {
    expect(parseRoute('/api//info')).toEqual({ ok: false, status: 400 });
    expect(parseRoute('/api/item/')).toEqual({ ok: false, status: 400 });
  });
});

describe('resolveControllerName', () => {
  it('matches single-word controllers case-insensitively', () => {
    for (const spelling of ['item', 'Item', 'ITEM', 'iTeM']) {
      expect(resolveControllerName(spelling, CONTROLLERS)).toBe('Item');
    }
    expect(resolveControllerName('common', CONTROLLERS)).toBe('Common');
  });

  it('resolves camelCase, PascalCase and snake_case spellings of multi-word controllers', () => {
    expect(resolveControllerName('itemGroup', CONTROLLERS)).toBe('ItemGroup');
    expect(resolveControllerName('ItemGroup', CONTROLLERS)).toBe('ItemGroup');
    expect(resolveControllerName('item_group', CONTROLLERS)).toBe('ItemGroup');
    expect(resolveControllerName('page_comment', CONTROLLERS)).toBe('PageComment');
    expect(resolveControllerName('publicSquare', CONTROLLERS)).toBe('PublicSquare');
  });

  it('does not resolve all-lowercase or all-uppercase multi-word spellings (a 404 in ShowDoc)', () => {
    expect(resolveControllerName('itemgroup', CONTROLLERS)).toBeNull();
    expect(resolveControllerName('ITEMGROUP', CONTROLLERS)).toBeNull();
    expect(resolveControllerName('publicsquare', CONTROLLERS)).toBeNull();
  });

  it('does not resolve unknown controllers or Object.prototype members', () => {
    expect(resolveControllerName('nope', CONTROLLERS)).toBeNull();
    expect(resolveControllerName('constructor', CONTROLLERS)).toBeNull();
    expect(resolveControllerName('__proto__', CONTROLLERS)).toBeNull();
  });
});

describe('resolveActionName', () => {
  const actions = ['myList', 'info', 'getAiConfig'];

  it('matches actions case-insensitively and returns the canonical spelling', () => {
    for (const spelling of ['mylist', 'myList', 'MYLIST', 'MyList']) {
      expect(resolveActionName(spelling, actions)).toBe('myList');
    }
    expect(resolveActionName('INFO', actions)).toBe('info');
  });

  it('does not resolve unknown actions', () => {
    expect(resolveActionName('my_list', actions)).toBeNull();
    expect(resolveActionName('toString', actions)).toBeNull();
    expect(resolveActionName('', actions)).toBeNull();
  });
});
