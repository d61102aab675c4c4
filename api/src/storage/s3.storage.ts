import { Readable } from 'node:stream';
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { ByteCounter, requireValidKey, StorageError, type ByteRange, type FileStorage } from './storage';

export interface S3Settings {
  /** `https://host[:port]`; empty for AWS itself. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `host/bucket/key` URLs instead of `bucket.host/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /** Folder inside the bucket (ShowDoc's `subcat`); '' for the top. */
  prefix: string;
  /** A public address of the bucket (CDN). Quire still serves every file itself, so permissions hold. */
  publicDomain: string;
}

const MiB = 1024 * 1024;

interface S3Sdk {
  s3: typeof import('@aws-sdk/client-s3');
  lib: typeof import('@aws-sdk/lib-storage');
}

// The AWS SDK is large: it loads when a bucket is first used, not when the server starts with local storage.
let sdkLoading: Promise<S3Sdk> | undefined;
/** Set once loaded: errors only come from calls made after the SDK loaded. */
let sdk: S3Sdk | undefined;
function loadSdk(): Promise<S3Sdk> {
  sdkLoading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
    ([s3, lib]) => (sdk = { s3, lib }),
  );
  return sdkLoading;
}

function isServiceError(err: unknown): err is S3ServiceException {
  return !!sdk && err instanceof sdk.s3.S3ServiceException;
}

/**
 * An S3-compatible bucket. Large files go up as multipart uploads of 5 MiB parts, one part in flight, so
 * an upload holds about two parts in memory whatever its size.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3';
  private client: S3Client | undefined;

  constructor(private readonly settings: S3Settings) {}

  /** The SDK and this bucket's client, both made at first use. */
  private async connect(): Promise<{ client: S3Client; sdk: S3Sdk }> {
    const loaded = await loadSdk();
    const settings = this.settings;
    this.client ??= new loaded.s3.S3Client({
      endpoint: settings.endpoint || undefined,
      region: settings.region || 'us-east-1',
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums are sent only where S3 requires them: many S3-compatible servers reject the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return { client: this.client, sdk: loaded };
  }

  private objectKey(key: string): string {
    const prefix = this.settings.prefix.replace(/^\/+|\/+$/g, '');
    return prefix ? `${prefix}/${requireValidKey(key)}` : requireValidKey(key);
  }

  async put(key: string, body: Readable): Promise<number> {
    const counter = new ByteCounter();
    const source = body.pipe(counter);
    body.once('error', (err) => counter.destroy(err));
    const { client, sdk: loaded } = await this.connect();
    const upload = new loaded.lib.Upload({
      client,
      params: {
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: source,
        ContentType: 'application/octet-stream',
      },
      queueSize: 1,
      partSize: 5 * MiB,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      return counter.bytes;
    } catch (err) {
      // A part may already be stored when the source fails mid-way (a single-part upload completes only
      // at the end, a multipart one is aborted by the uploader): make sure nothing stays behind.
      await this.delete(key).catch(() => undefined);
      throw this.explain(err);
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const { client, sdk: loaded } = await this.connect();
      const answer = await client.send(
        new loaded.s3.GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const body = answer.Body;
      if (body instanceof Readable) return body;
      if (!body) return Readable.from([]);
      return Readable.fromWeb(body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]);
    } catch (err) {
      throw this.explain(err);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      const { client, sdk: loaded } = await this.connect();
      await client.send(
        new loaded.s3.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
    } catch (err) {
      throw this.explain(err);
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      const { client, sdk: loaded } = await this.connect();
      await client.send(
        new loaded.s3.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      return true;
    } catch (err) {
      if (statusOf(err) !== 404) throw this.explain(err);
    }
    // HEAD answers a bare 404 for a missing bucket too: tell the two apart.
    await this.requireBucket();
    return false;
  }

  private async requireBucket(): Promise<void> {
    try {
      const { client, sdk: loaded } = await this.connect();
      await client.send(new loaded.s3.HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (err) {
      throw this.explain(err, true);
    }
  }

  private explain(err: unknown, bucketCheck = false): Error {
    if (err instanceof StorageError) return err;
    const name = isServiceError(err) ? err.name : '';
    if (name === 'NoSuchBucket' || (bucketCheck && statusOf(err) === 404)) {
      return new StorageError('bucket-missing', `the S3 bucket "${this.settings.bucket}" does not exist`, {
        cause: err,
      });
    }
    if (name === 'NoSuchKey' || name === 'NotFound') {
      return new StorageError('not-found', 'no such object in the S3 bucket', { cause: err });
    }
    if (isServiceError(err)) {
      return new StorageError('unavailable', `S3 storage failed: ${err.name} ${err.message}`, { cause: err });
    }
    return err instanceof Error ? err : new Error(String(err));
  }
}

function statusOf(err: unknown): number | undefined {
  return isServiceError(err) ? err.$metadata.httpStatusCode : undefined;
}
