// The parsers alone: what each fixture becomes before anything is written.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import YAML from 'yaml';
import { countPages, type ImportCatalog, type ImportTree } from './import-tree';
import { openApiTree, SCHEMAS_CATALOG, UNTAGGED_CATALOG } from './openapi';
import { postmanTree } from './postman-import';

const fixture = (name: string) =>
  fs.readFileSync(path.join(__dirname, '../../../../test/import/fixtures', name), 'utf8');
const catalog = (tree: { catalogs: ImportCatalog[] }, name: string) => {
  const found = tree.catalogs.find((c) => c.name === name);
  if (!found) throw new Error(`no catalog ${name}: ${tree.catalogs.map((c) => c.name).join(', ')}`);
  return found;
};
const page = (c: { pages: Array<{ title: string; content: string }> }, title: string) => {
  const found = c.pages.find((p) => p.title === title);
  if (!found) throw new Error(`no page ${title}: ${c.pages.map((p) => p.title).join(', ')}`);
  return found.content;
};

describe('Swagger 2.0 Petstore', () => {
  let tree: ImportTree;
  it('makes one catalog per tag and one page per operation', async () => {
    tree = await openApiTree(JSON.parse(fixture('petstore-2.0.json')));
    expect(tree.item.name).toBe('Swagger Petstore');
    expect(tree.catalogs.map((c) => c.name)).toEqual([
      'pet',
      'store',
      'user',
      UNTAGGED_CATALOG,
      SCHEMAS_CATALOG,
    ]);
    expect(catalog(tree, 'pet').pages.map((p) => p.title)).toEqual([
      'Add a new pet to the store',
      'Finds Pets by status',
      'Find pet by ID',
      'Updates a pet in the store with form data',
      'deletePet',
    ]);
    expect(catalog(tree, UNTAGGED_CATALOG).pages.map((p) => p.title)).toEqual(['health']);
    expect(catalog(tree, SCHEMAS_CATALOG).pages.map((p) => p.title)).toEqual([
      'Category',
      'Tag',
      'Pet',
      'Order',
    ]);
  });

  it('renders the URL prefix, $ref bodies, path/header/form parameters and examples as ShowDoc does', () => {
    const add = page(catalog(tree, 'pet'), 'Add a new pet to the store');
    expect(add).toContain('- `https://petstore.swagger.io/v2/pet`');
    expect(add).toContain('##### 请求方式\n\n- POST');
    expect(add).toContain('##### 请求参数示例');
    expect(add).toContain('|category.name||否|string||');
    expect(add).toContain('|name|doggie|是|string||');
    expect(add).toContain('|tags[].id||否|integer(int64)||');
    expect(add).toContain('可选值: "available", "pending", "sold"');
    const get = page(catalog(tree, 'pet'), 'Find pet by ID');
    expect(get).toContain('##### 路径变量');
    expect(get).toContain('|petId||是|integer|ID of pet|');
    expect(get).toContain('|api_key||否|string||');
    expect(get).toContain('"name": "doggie"');
    const form = page(catalog(tree, 'pet'), 'Updates a pet in the store with form data');
    expect(form).toContain('##### 请求Body参数');
    expect(form).toContain('|status||否|string|Updated status of the pet|');
    expect(page(catalog(tree, 'pet'), 'Finds Pets by status')).toContain('|status||是|array<string>|');
  });
});

describe('OpenAPI 3.0 Petstore (YAML)', () => {
  it('uses servers[0] with its variables, request bodies, named examples and error responses', async () => {
    const tree = await openApiTree(YAML.parse(fixture('petstore-3.0.yaml')));
    expect(tree.catalogs.map((c) => c.name)).toEqual(['pet', 'store', SCHEMAS_CATALOG]);
    const update = page(catalog(tree, 'pet'), 'Update an existing pet');
    expect(update).toContain('- `https://prod.petstore3.example.com/api/v3/pet`');
    expect(update).toContain('|category.name|Dogs|否|string||');
    expect(update).toContain('##### 失败返回示例');
    expect(update).toContain('"message": "pet not found"');
    expect(page(catalog(tree, 'pet'), 'Find pet by ID')).toContain('"id": 10');
    expect(page(catalog(tree, 'store'), 'placeOrder')).toContain('application/x-www-form-urlencoded');
    expect(page(catalog(tree, 'store'), 'Returns pet inventories by status')).toContain('{key}');
    expect(countPages(tree)).toBe(4 + 4);
  });
});

describe('OpenAPI 3.1 with allOf, oneOf, anyOf and $ref cycles', () => {
  it('merges allOf, lists oneOf/anyOf alternatives and stops cycles at the repeated schema', async () => {
    const tree = await openApiTree(JSON.parse(fixture('openapi-3.1-composition.json')));
    const pets = catalog(tree, 'pets');
    const create = page(pets, 'Create a cat or a dog');
    expect(create).toContain('(oneOf 1: Cat).petType');
    expect(create).toContain('(oneOf 1: Cat).huntingSkill');
    expect(create).toContain('(oneOf 2: Dog).packSize');
    expect(create).toContain('##### 失败返回示例');
    const node = page(catalog(tree, 'tree'), 'Read a node with its children');
    expect(node).toContain('|parent|TreeNode|');
    expect(node).toContain('循环引用');
    expect(node).toContain('- `https://api.example.com/v1/nodes/{id}`');
    // An operation with two tags is in both catalogs.
    expect(page(pets, 'Search anything')).toContain('(anyOf 2: TreeNode)');
    page(catalog(tree, 'tree'), 'Search anything');
    const schemas = catalog(tree, SCHEMAS_CATALOG);
    expect(schemas.pages.map((p) => p.title)).toEqual([
      'TreeNode',
      'Animal',
      'Cat',
      'Dog',
      'PetChoice',
      'Problem',
    ]);
    expect(page(schemas, 'Cat')).toContain('|huntingSkill|string|');
    expect(page(schemas, 'Cat')).toContain('|petType|string|');
    expect(page(schemas, 'PetChoice')).toContain('oneOf: Cat | Dog');
  });
});

describe('Postman', () => {
  it('v2.1: nested folders become catalogs, requests pages with headers, query, bodies and examples', async () => {
    const tree = await postmanTree(JSON.parse(fixture('postman-v2.1.json')));
    expect(tree.item.name).toBe('Shop API 商城');
    expect(tree.catalogs.map((c) => c.name)).toEqual(['Users', 'Orders']);
    const auth = catalog(catalog(tree, 'Users'), 'Auth');
    const login = page(auth, 'Login 登录');
    expect(login).toContain('- `{{base}}/api/login`');
    expect(login).toContain('|Content-Type|application/json|否|string||');
    expect(login).not.toContain('X-Debug');
    expect(login).toContain('"username": "alice"');
    expect(login).toContain('##### 成功返回示例');
    expect(login).toContain('"token": "abc123"');
    expect(login).toContain('##### 失败返回示例');
    const list = page(catalog(tree, 'Users'), 'List users');
    expect(list).toContain('|page|1|否|string|page number|');
    expect(list).toContain('- `{{base}}/api/users`');
    const orders = catalog(tree, 'Orders');
    expect(page(orders, 'Create order')).toContain('|sku|A-1|否|string|product code|');
    expect(page(orders, 'Upload invoice')).toContain('|file|invoice.pdf|否|file||');
    // ShowDoc keeps the last two segments of names with slashes.
    expect(tree.pages.map((p) => p.title)).toEqual(['b/Ping']);
  });

  it('v1: folders and requests by their order lists', async () => {
    const tree = await postmanTree(JSON.parse(fixture('postman-v1.json')));
    expect(tree.item.name).toBe('Legacy v1');
    expect(tree.pages.map((p) => p.title)).toEqual(['Root request']);
    const accounts = catalog(tree, 'Accounts');
    expect(accounts.pages.map((p) => p.title)).toEqual(['Get account', 'Create account']);
    expect(page(accounts, 'Get account')).toContain('|Accept|application/json|');
    expect(page(accounts, 'Create account')).toContain('|name|bob|');
  });
});
