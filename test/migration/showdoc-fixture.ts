// The real ShowDoc 3.9.2 database of ../shared/fixtures/showdoc-3.9.2 (see its README), copied to a
// temporary folder before use: the shared fixture itself is never opened for writing.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const FIXTURE_DIR = path.resolve(
  __dirname,
  '..',
  '..',
  '..',
  '..',
  'shared',
  'fixtures',
  'showdoc-3.9.2',
);

/** The fixture's users and their plain passwords (README, "Users"). */
export const FIXTURE_USERS: Array<{ uid: number; username: string; password: string }> = [
  { uid: 1, username: 'showdoc', password: '123456' },
  { uid: 2, username: 'alice', password: 'Alice#Handbook2026' },
  { uid: 3, username: 'bob', password: 'bob-readonly-42' },
  { uid: 4, username: 'carol', password: 'Carol_Editor_9' },
  { uid: 5, username: 'dave', password: 'dave.Admin-777' },
  { uid: 6, username: 'erin', password: 'erin!Team88' },
  { uid: 7, username: 'legacy_lee', password: 'lee-Legacy-2019' },
  { uid: 8, username: 'legacy_lin', password: 'lin_legacy_2018' },
];

export interface FixtureCopy {
  dir: string;
  dbFile: string;
  uploadsDir: string;
  remove(): void;
}

/** Finds the fixture whether the checkout is /work/main or a worktree under /work/wt. */
export function fixtureDir(): string {
  const candidates = [
    FIXTURE_DIR,
    path.resolve(__dirname, '..', '..', '..', 'shared', 'fixtures', 'showdoc-3.9.2'),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'showdoc.db.php')));
  if (!found) throw new Error(`ShowDoc fixture not found (looked in ${candidates.join(', ')})`);
  return found;
}

export function copyFixture(): FixtureCopy {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-showdoc-'));
  fs.cpSync(fixtureDir(), dir, { recursive: true });
  return {
    dir,
    dbFile: path.join(dir, 'showdoc.db.php'),
    uploadsDir: path.join(dir, 'Public', 'Uploads'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export const sha1 = (bytes: Buffer): string => crypto.createHash('sha1').update(bytes).digest('hex');
