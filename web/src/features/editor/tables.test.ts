import { describe, expect, it } from '@jest/globals';
import { beautifyJson, jsonToTable, pasteToTable } from './tables';

const labels = { name: 'Parameter', type: 'Type', description: 'Description', none: 'none' };

describe('JSON to table', () => {
  it('lists every field, nested ones with their parent', () => {
    const result = jsonToTable('{"id":1,"price":2.5,"user":{"name":"a"},"tags":[{"k":true}]}', labels);
    expect(result).toEqual({
      ok: true,
      value: [
        '|Parameter|Type|Description|',
        '|:-------|:-------|:-------|',
        '|id|int|none|',
        '|price|float|none|',
        '|user|object|none|',
        '|user.name|string|none|',
        '|tags|array|none|',
        '|tags[].k|boolean|none|',
      ].join('\n'),
    });
  });

  it('reports a parse failure instead of throwing', () => {
    expect(jsonToTable('{oops', labels)).toEqual({ ok: false });
    expect(beautifyJson('nope')).toEqual({ ok: false });
  });

  it('beautifies JSON into a fenced block', () => {
    expect(beautifyJson('{"a":1}')).toEqual({ ok: true, value: '```json\n{\n  "a": 1\n}\n```' });
  });
});

describe('paste to table', () => {
  it('turns tab-separated rows into a markdown table with the first row as header', () => {
    expect(pasteToTable('name\ttype\nid\tint\nnote\t\n')).toBe(
      '|name|type|\n|:-------|:-------|\n|id|int|\n|note||',
    );
  });

  it('reads comma-separated rows with quotes and escapes pipes', () => {
    expect(pasteToTable('a,b\n"x, y",c|d')).toBe('|a|b|\n|:-------|:-------|\n|x, y|c\\|d|');
  });

  it('gives nothing for blank input', () => {
    expect(pasteToTable('  \n ')).toBeNull();
  });
});
