// The storage the config names: the S3 driver, or the local one (the default).
import type { Config } from '../config.ts';
import type { Storage } from './storage.ts';
import { createLocalStorage } from './storage-local.ts';
import { createS3Storage } from './storage-s3.ts';

export function createStorage(config: Pick<Config, 'storage' | 'storageDir'>): Storage {
  return config.storage.driver === 's3'
    ? createS3Storage(config.storage, config.storageDir)
    : createLocalStorage(config.storageDir);
}
