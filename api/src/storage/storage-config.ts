import path from 'node:path';
import { LocalStorage } from './local.storage';
import { S3Storage, type S3Settings } from './s3.storage';
import { StorageError, type FileStorage } from './storage';

/** Where new files go, read from the environment by the config module (`STORAGE=s3` and `S3_*`). */
export interface StorageOptions {
  /** `$QUIRE_DATA_DIR/uploads`. */
  uploadsDir: string;
  /** Set when the environment chooses S3; it then wins over the site settings. */
  s3: S3Settings | null;
}

/** `oss_setting` as ShowDoc's admin screen saves it (spec 001 §3). */
interface OssSetting {
  oss_type?: unknown;
  key?: unknown;
  secret?: unknown;
  endpoint?: unknown;
  bucket?: unknown;
  subcat?: unknown;
  protocol?: unknown;
  domain?: unknown;
  region?: unknown;
  path_style?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The bucket of ShowDoc's `oss_open` / `oss_setting` (type `s3_storage`), or null when the site stores
 * files locally. Other ShowDoc storage types (aliyun, qiniu, qcloud SDKs) are refused rather than ignored,
 * so an administrator learns at the first upload that the setting does nothing.
 */
export function s3SettingsFromSite(ossOpen: string, ossSetting: string): S3Settings | null {
  if (ossOpen.trim() === '' || ossOpen.trim() === '0') return null;
  let setting: OssSetting;
  try {
    const parsed: unknown = JSON.parse(ossSetting || '{}');
    setting = parsed && typeof parsed === 'object' ? (parsed as OssSetting) : {};
  } catch (err) {
    throw new StorageError('misconfigured', 'oss_setting is not valid JSON', { cause: err });
  }
  const type = text(setting.oss_type) || 's3_storage';
  if (type !== 's3_storage') {
    throw new StorageError('misconfigured', `oss_type "${type}" is not supported: use s3_storage`);
  }
  let endpoint = text(setting.endpoint);
  if (endpoint && !/^https?:\/\//i.test(endpoint))
    endpoint = `${text(setting.protocol) || 'https'}://${endpoint}`;
  const bucket = text(setting.bucket);
  if (!bucket) throw new StorageError('misconfigured', 'oss_setting has no bucket');
  return {
    endpoint,
    region: text(setting.region) || 'us-east-1',
    bucket,
    accessKeyId: text(setting.key),
    secretAccessKey: text(setting.secret),
    forcePathStyle: setting.path_style === undefined ? endpoint !== '' : !!setting.path_style,
    prefix: text(setting.subcat),
    publicDomain: text(setting.domain),
  };
}

/** Drivers are reused across requests (an S3 client keeps its connections); one per distinct setting. */
const drivers = new Map<string, FileStorage>();

export function localStorageAt(uploadsDir: string): FileStorage {
  const id = `local:${path.resolve(uploadsDir)}`;
  let driver = drivers.get(id);
  if (!driver) drivers.set(id, (driver = new LocalStorage(path.resolve(uploadsDir))));
  return driver;
}

export function s3StorageFor(settings: S3Settings): FileStorage {
  const id = `s3:${JSON.stringify(settings)}`;
  let driver = drivers.get(id);
  if (!driver) drivers.set(id, (driver = new S3Storage(settings)));
  return driver;
}
