import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { QUIRE_VERSION } from './version';

describe('version', () => {
  it('equals the version of the root package.json', () => {
    const pkg = JSON.parse(
      fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'),
    ) as {
      version: string;
    };
    expect(QUIRE_VERSION).toBe(pkg.version);
  });
});
