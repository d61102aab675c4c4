import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteCounter, requireValidKey, StorageError, type ByteRange, type FileStorage } from './storage';

/**
 * Files under one folder (`$QUIRE_DATA_DIR/uploads`). A write goes to a temporary name and is renamed
 * into place when complete, so a reader never sees half a file and a failed write leaves nothing behind.
 * Stored names carry no extension and nothing serves the folder directly: nothing uploaded is executable.
 */
export class LocalStorage implements FileStorage {
  readonly kind = 'local';

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, ...requireValidKey(key).split('/'));
  }

  async put(key: string, body: Readable): Promise<number> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.part`;
    const counter = new ByteCounter();
    try {
      await pipeline(body, counter, fs.createWriteStream(temporary, { flags: 'wx' }));
      await fs.promises.rename(temporary, target);
      return counter.bytes;
    } catch (err) {
      await fs.promises.rm(temporary, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    try {
      await fs.promises.access(file, fs.constants.R_OK);
    } catch (err) {
      throw new StorageError('not-found', `no stored file ${key}`, { cause: err });
    }
    return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.promises.stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }
}
