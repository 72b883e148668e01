// Where file bytes live. Every upload is first written to a temp file under `${storageDir}/tmp` while it is hashed
// and counted, so the caller can inspect the complete file before anything is stored, and memory stays flat
// whatever the file's size. Committing moves it to its content address (the sha256): the local driver renames it
// into `${storageDir}/ab/cd/<sha256>`, the S3 driver uploads it under the key <sha256>. Equal contents are
// stored once. Stored objects are listed with their modification time, so that bytes nothing refers to any more
// can be removed once they are old enough (see REUSE_REFRESH_MS).
//
// This file is the contract every driver keeps and the errors they throw; storage-staging.ts writes and names the
// temp file both drivers start from, storage-local.ts and storage-s3.ts are the drivers, storage-drivers.ts picks
// the one the config names.
import type { Readable } from 'node:stream';
import type { StorageConfig } from '../config.ts';

export type StoredObject = { key: string; size: number; sha256: string };

/** A stored object as listed: its key, size, and when its bytes were last stored. */
export type ListedObject = { key: string; size: number; modifiedAt: Date };

/**
 * Storing content that is already stored refreshes its modification time (the local driver always, the S3 driver
 * when it is older than this), so content an upload reuses is never older than this when the upload's row is
 * written. Whoever removes unreferenced bytes must spare those modified less than this (and the longest time
 * from storing bytes to committing their row) ago.
 */
export const REUSE_REFRESH_MS = 10 * 60 * 1000;

/** An upload written to a temp file and not yet stored: read it at `path`, then commit or discard it. */
export type StagedFile = StoredObject & {
  path: string;
  /** stores the bytes (once per content) and removes the temp file */
  commit(): Promise<StoredObject>;
  discard(): Promise<void>;
};

export type StageOptions = {
  /** the largest size accepted; one byte more refuses the upload */
  maxBytes: number;
};

export type Storage = {
  readonly driver: StorageConfig['driver'];
  /** writes `source` to a temp file while hashing; throws SizeLimitError past `maxBytes`, leaving no file */
  stage(source: Readable, options: StageOptions): Promise<StagedFile>;
  /** stage and commit in one step */
  put(source: Readable, options: StageOptions): Promise<StoredObject>;
  /** the bytes of a stored key; throws StorageNotFoundError when there are none */
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** every stored object (temp files are not stored objects), in no particular order */
  list(): AsyncIterable<ListedObject>;
  /**
   * Deletes `key` unless its bytes were stored at or after `before` (content stored again since it was listed);
   * answers whether it deleted them.
   */
  deleteIfOlder(key: string, before: Date): Promise<boolean>;
  /** removes the temp files last written before `before` (left by a process that stopped); answers how many */
  removeStaleTemp(before: Date): Promise<number>;
  close(): Promise<void>;
};

export class SizeLimitError extends Error {
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`upload larger than ${maxBytes} bytes`);
    this.name = 'SizeLimitError';
    this.maxBytes = maxBytes;
  }
}

/**
 * The source being staged failed before its end: for an upload, the request body broke off or could not be
 * parsed. The caller's fault, unlike a failure of the disk the bytes were being written to (rethrown as it is).
 */
export class SourceStreamError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'SourceStreamError';
  }
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored object ${key}`);
    this.name = 'StorageNotFoundError';
  }
}
