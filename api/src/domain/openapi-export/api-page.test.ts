import { describe, expect, it } from '@jest/globals';
import { parseShowdocComments } from '../openapi/from-comments';
import { readApiPage } from './api-page';

const EN_TEMPLATE = `##### Description

- User registration

##### URL
- \` http://xx.com/api/user/register \`

##### Method
- GET

##### Parameters

|Name|Required|Type|Description|
|:----    |:---|:----- |-----   |
|username |yes |string |user name |
|name     |no  |string |nickname  |

##### Response example

\`\`\`json
{ "error_code": 0 }
\`\`\`
`;

describe('reading API pages', () => {
  it("reads the English API template: a GET's parameters are query parameters", () => {
    const api = readApiPage(EN_TEMPLATE);
    expect(api).toMatchObject({ method: 'get', url: 'http://xx.com/api/user/register' });
    expect(api!.query.map((p) => [p.name, p.required])).toEqual([
      ['username', true],
      ['name', false],
    ]);
    expect(api!.body).toEqual([]);
    expect(api!.responseExample).toBe('{ "error_code": 0 }');
  });

  it('is not fooled by prose, broken JSON or an unknown method', () => {
    expect(readApiPage('# Notes\n\nNothing to call here.')).toBeNull();
    expect(readApiPage('{ not json')).toBeNull();
    expect(readApiPage(EN_TEMPLATE.replace('- GET', '- FETCH'))).toBeNull();
    expect(readApiPage(JSON.stringify({ info: { title: 'x' } }))).toBeNull();
  });
});

describe('ShowDoc comment blocks', () => {
  it('keeps multi-word remarks, skips blocks without showdoc, and reads @number', () => {
    const docs = parseShowdocComments(`
      /** @title Not for ShowDoc */
      /**
       * showdoc
       * @title Login
       * @method POST
       * @url /login
       * @param user 必选 string the user's name
       * @number 7
       */`);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ title: 'Login', sNumber: 7, catalogPath: '' });
    expect(docs[0]!.doc.info.method).toBe('post');
    expect(docs[0]!.doc.request.params.formdata).toEqual([
      { name: 'user', require: '1', type: 'string', value: '', remark: "the user's name" },
    ]);
  });
});
