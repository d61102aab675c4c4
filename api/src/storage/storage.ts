import { Transform, type Readable, type TransformCallback } from 'node:stream';

/** Bytes `start` to `end` of an object, both inclusive (HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded bytes live. Keys are made by Quire (never from a user's file name), so a driver may
 * refuse any key that is not of that shape.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the stream under `key`; resolves with its size once the object is complete and visible. */
  put(key: string, body: Readable): Promise<number>;
  /** The object's bytes (a part of them with `range`); StorageError 'not-found' when there is none. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export type StorageErrorKind = 'not-found' | 'bucket-missing' | 'misconfigured' | 'unavailable';

/** A failure of the storage itself (as opposed to the bytes the user sent). */
export class StorageError extends Error {
  constructor(
    readonly kind: StorageErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StorageError';
  }
}

/** Keys Quire makes: `yyyy-mm/<hex>`; anything else (`..`, absolute paths, user text) is refused. */
const KEY_SHAPE = /^[0-9]{4}-[0-9]{2}\/[0-9a-f]{16,64}$/;

export function requireValidKey(key: string): string {
  if (!KEY_SHAPE.test(key)) throw new StorageError('misconfigured', `invalid storage key "${key}"`);
  return key;
}

/** Passes bytes through and counts them, for drivers whose backend does not report the stored size. */
export class ByteCounter extends Transform {
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}
