// One storage suite for both drivers: the local folder and an S3 bucket on a real S3 protocol server.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LocalStorage } from '../../api/src/storage/local.storage';
import { S3Storage } from '../../api/src/storage/s3.storage';
import { StorageError, type FileStorage } from '../../api/src/storage/storage';
import { startTestS3, type TestS3 } from '../support/s3';

const key = () => `2026-11/${crypto.randomBytes(16).toString('hex')}`;

let s3: TestS3;
let uploads: string;
beforeAll(async () => {
  s3 = await startTestS3();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-uploads-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

const drivers: Array<[string, () => FileStorage]> = [
  ['local', () => new LocalStorage(uploads)],
  ['s3', () => new S3Storage(s3.settings())],
];

describe.each(drivers)('%s storage', (_name, driver) => {
  it('stores a stream, reports its size and reads it back', async () => {
    const storage = driver();
    const k = key();
    expect(await storage.put(k, Readable.from([Buffer.from('hello '), Buffer.from('world')]))).toBe(11);
    expect(await storage.exists(k)).toBe(true);
    expect(await text(await storage.get(k))).toBe('hello world');
  });

  it('reads a byte range', async () => {
    const storage = driver();
    const k = key();
    await storage.put(k, Readable.from([Buffer.from('0123456789')]));
    expect(await text(await storage.get(k, { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await storage.get(k, { start: 7, end: 9 }))).toBe('789');
  });

  it('stores a multi-part sized file whole', async () => {
    const storage = driver();
    const k = key();
    const data = crypto.randomBytes(6 * 1024 * 1024 + 17);
    const chunks = Array.from({ length: Math.ceil(data.length / 65536) }, (_, i) =>
      data.subarray(i * 65536, (i + 1) * 65536),
    );
    expect(await storage.put(k, Readable.from(chunks))).toBe(data.length);
    const back: Buffer[] = [];
    for await (const chunk of await storage.get(k)) back.push(chunk as Buffer);
    expect(Buffer.concat(back).equals(data)).toBe(true);
  });

  it('deletes, and a missing object is not found', async () => {
    const storage = driver();
    const k = key();
    await storage.put(k, Readable.from([Buffer.from('x')]));
    await storage.delete(k);
    expect(await storage.exists(k)).toBe(false);
    await expect(storage.get(k)).rejects.toMatchObject({ kind: 'not-found' });
    await storage.delete(k);
  });

  it('keeps nothing of a stream that fails half-way', async () => {
    const storage = driver();
    const k = key();
    async function* failing() {
      yield Buffer.alloc(1024, 1);
      throw new Error('client went away');
    }
    await expect(storage.put(k, Readable.from(failing()))).rejects.toThrow('client went away');
    expect(await storage.exists(k)).toBe(false);
  });

  it('refuses keys it did not make', async () => {
    const storage = driver();
    for (const bad of ['../../etc/passwd', '/abs/key', '2026-11/../../x', 'a.php']) {
      await expect(storage.put(bad, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(StorageError);
    }
  });
});

describe('s3 storage without its bucket', () => {
  it('says the bucket is missing, on write and on read', async () => {
    const storage = new S3Storage(s3.settings('no-such-bucket'));
    await expect(storage.put(key(), Readable.from([Buffer.from('x')]))).rejects.toMatchObject({
      kind: 'bucket-missing',
      message: expect.stringContaining('no-such-bucket'),
    });
    await expect(storage.exists(key())).rejects.toMatchObject({ kind: 'bucket-missing' });
    await expect(storage.get(key())).rejects.toMatchObject({ kind: 'bucket-missing' });
  });
});
