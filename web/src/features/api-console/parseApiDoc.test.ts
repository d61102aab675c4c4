import { describe, expect, it } from '@jest/globals';
import { docTemplate } from '../templates/docTemplates';
import { buildUrl, formatBody, parseApiDoc, parsePairs, substitute } from './parseApiDoc';

describe('parseApiDoc', () => {
  it.each(['zh-CN', 'en'])('reads the API template as the editor inserts it (%s)', (language) => {
    const doc = parseApiDoc(docTemplate('api', language));
    expect(doc).not.toBeNull();
    expect(doc!.method).toBe('POST');
    expect(doc!.url).toBe('http://xx.com/api/user/register');
    expect(doc!.params.map((p) => [p.name, p.required, p.type])).toEqual([
      ['username', true, 'string'],
      ['password', true, 'string'],
      ['name', false, 'string'],
    ]);
  });

  it('reads headers and a request body example, and gives null for other pages', () => {
    const doc = parseApiDoc(
      '##### URL\n- `/v1/items`\n\n##### Method\n- put\n\n##### Headers\n|Name|Required|Type|Description|\n|--|--|--|--|\n|X-Token|yes|string|auth|\n\n##### Request body\n```json\n{"a":1}\n```\n',
    );
    expect(doc).toEqual({
      method: 'PUT',
      url: '/v1/items',
      headers: [{ name: 'X-Token', required: true, type: 'string', description: 'auth' }],
      params: [],
      body: '{"a":1}',
    });
    expect(parseApiDoc('# Hello\n\nJust text')).toBeNull();
  });
});

describe('request helpers', () => {
  it('substitutes environment variables and builds URLs under a base URL', () => {
    expect(substitute('{{host}}/a?t={{ token }}&x={{nope}}', { host: 'http://h', token: 't1' })).toBe(
      'http://h/a?t=t1&x={{nope}}',
    );
    expect(buildUrl('/api/x', 'http://127.0.0.1:9/', [['a', '1 2']])).toBe(
      'http://127.0.0.1:9/api/x?a=1%202',
    );
    expect(buildUrl('http://xx.com/api/user', 'http://h:1', [])).toBe('http://h:1/api/user');
    expect(buildUrl('https://real.example/a?b=1', 'http://h', [['c', '2']])).toBe(
      'https://real.example/a?b=1&c=2',
    );
    expect(parsePairs('a=1\n# c\n\nb: two\nbad')).toEqual([
      ['a', '1'],
      ['b', 'two'],
    ]);
    expect(formatBody('{"a":[1]}', 'application/json')).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(formatBody('plain', 'text/plain')).toBe('plain');
  });
});
