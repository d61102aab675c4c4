import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
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

/**
 * An S3-compatible bucket. Large files go up as multipart uploads of 5 MiB parts, one part in flight, so
 * an upload holds about two parts in memory whatever its size.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint || undefined,
      region: settings.region || 'us-east-1',
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums are sent only where S3 requires them: many S3-compatible servers reject the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    const prefix = this.settings.prefix.replace(/^\/+|\/+$/g, '');
    return prefix ? `${prefix}/${requireValidKey(key)}` : requireValidKey(key);
  }

  async put(key: string, body: Readable): Promise<number> {
    const counter = new ByteCounter();
    const source = body.pipe(counter);
    body.once('error', (err) => counter.destroy(err));
    const upload = new Upload({
      client: this.client,
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
      const answer = await this.client.send(
        new GetObjectCommand({
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
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
    } catch (err) {
      throw this.explain(err);
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
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
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (err) {
      throw this.explain(err, true);
    }
  }

  private explain(err: unknown, bucketCheck = false): Error {
    if (err instanceof StorageError) return err;
    const name = err instanceof S3ServiceException ? err.name : '';
    if (name === 'NoSuchBucket' || (bucketCheck && statusOf(err) === 404)) {
      return new StorageError('bucket-missing', `the S3 bucket "${this.settings.bucket}" does not exist`, {
        cause: err,
      });
    }
    if (name === 'NoSuchKey' || name === 'NotFound') {
      return new StorageError('not-found', 'no such object in the S3 bucket', { cause: err });
    }
    if (err instanceof S3ServiceException) {
      return new StorageError('unavailable', `S3 storage failed: ${err.name} ${err.message}`, { cause: err });
    }
    return err instanceof Error ? err : new Error(String(err));
  }
}

function statusOf(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
}
