import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../api/src/storage/s3.storage';

export interface TestS3 {
  /** Settings for a driver on the running server's bucket (`bucket` overrides its name). */
  settings(bucket?: string): S3Settings;
  close(): Promise<void>;
}

export const TEST_BUCKET = 'quire-test';

/** A real S3 protocol server (s3rver) on a free port, with one empty bucket, its data in a temp folder. */
export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  return {
    settings: (bucket = TEST_BUCKET) => ({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      // s3rver's fixed development credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: 'uploads',
      publicDomain: '',
    }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
