// Row 7, hostile files: a corpus of about forty hostile uploads (hostile-files.ts) is refused one by one with a
// Chinese message, leaving no attachment row and no byte in storage; one minimal valid file of each of the eleven
// allowed types is accepted and served back unchanged; and nothing is written outside the storage root (the
// folder around DATA_DIR and the system temp folder are compared before and after).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { UPLOAD_TYPES, fileExtension, type Envelope, type UploadResult } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client.ts';
import { listFiles } from '../test/files.ts';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from '../test/harness.ts';
import {
  HOSTILE_MARKER,
  allowedBody,
  buildAllowedCorpus,
  buildHostileCorpus,
  type HostileCase,
  type HostileFamily,
  type MultipartBody,
} from './hostile-files.ts';

const HAS_CHINESE = /[\u4e00-\u9fff]/;
const corpus = await buildHostileCorpus();
const allowed = await buildAllowedCorpus();

let t: TestApp;
let root: string;
let dataDir: string;
let storageDir: string;
let token: string;
let rootBefore: string[];
let tmpBefore: Set<string>;
const refusedBy = new Map<HostileFamily, number>();
const messages = new Map<string, number>();
const storedKeys = new Set<string>();
const started = Date.now();

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cqjy-hostile-'));
  dataDir = join(root, 'data');
  storageDir = join(dataDir, 'files');
  tmpBefore = new Set(await readdir(tmpdir()));
  t = await createTestApp({ env: { DATA_DIR: dataDir, STORAGE_DIR: storageDir, LOGIN_RATE_MAX: '1000' } });
  // what the portal holds before the corpus arrives: its database and the demo data's files (a licence ...)
  rootBefore = await listFiles(root);
  token = await loginAs(t.app, 'transferor');
});

afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

function send(body: MultipartBody): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

async function countAttachments(): Promise<number> {
  const rows = await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from attachments`);
  return rows[0]?.n ?? 0;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

describe('the hostile corpus', () => {
  it('holds about forty cases of every family', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
    const families = new Set(corpus.map((c) => c.family));
    expect([...families].sort()).toEqual(
      ['active content', 'multipart', 'path and name', 'polyglot', 'size', 'wrong magic', 'zip bomb'].sort(),
    );
  });

  it.each(corpus.map((c, i) => ({ ...c, i })))(
    '#$i $family: refuses $label with a Chinese message, storing nothing',
    async (c: HostileCase) => {
      const before = { rows: await countAttachments(), files: await listFiles(storageDir) };
      const response = await send(await c.body());
      expect(response.statusCode, response.body).toBeLessThan(500);
      const body = response.json<Envelope<unknown>>();
      expect(body.status, JSON.stringify(body)).not.toBe(0);
      expect(body.msg).toMatch(HAS_CHINESE);
      if (c.message !== undefined) expect(body.msg).toBe(c.message);
      expect(await countAttachments()).toBe(before.rows);
      expect(await listFiles(storageDir)).toEqual(before.files);
      refusedBy.set(c.family, (refusedBy.get(c.family) ?? 0) + 1);
      messages.set(body.msg, (messages.get(body.msg) ?? 0) + 1);
    },
  );
});

describe('the eleven allowed types', () => {
  it('are the upload rules of the domain', () => {
    expect(allowed.map((a) => fileExtension(a.name)).sort()).toEqual([...UPLOAD_TYPES].sort());
  });

  it.each(allowed)('accepts $name as $contentType and serves the same bytes back', async (entry) => {
    const response = await send(allowedBody(entry));
    const body = readJson<UploadResult>(response);
    expect(body.status, body.msg).toBe(0);
    const item = body.data.others?.[0];
    expect(item).toMatchObject({
      name: entry.name,
      contentType: entry.contentType,
      size: entry.content.length,
    });
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/attachment/download/${item?.uuid ?? ''}`,
      headers: bearer(token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(entry.content);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    storedKeys.add(sha256(entry.content));
  });
});

describe('the file system around the storage root', () => {
  it('holds only content-addressed files under the storage root, and nothing new elsewhere', async () => {
    const storageRel = `${join('data', 'files')}${sep}`;
    const added = (await listFiles(root)).filter((path) => !rootBefore.includes(path));
    const outside = added.filter((path) => !path.startsWith(storageRel));
    expect(outside, 'files written outside the storage root').toEqual([]);
    const stored = added.map((path) => path.slice(storageRel.length));
    expect(
      stored.filter((path) => path.startsWith(`tmp${sep}`)),
      'temp files left behind',
    ).toEqual([]);
    for (const path of stored) {
      const key = path.split(sep).at(-1) ?? '';
      expect(path).toBe(join(key.slice(0, 2), key.slice(2, 4), key));
      expect(storedKeys.has(key), `${path} is not the content of an accepted file`).toBe(true);
    }
    expect(new Set(stored.map((path) => path.split(sep).at(-1)))).toEqual(storedKeys);

    // the temp folder: nothing named after the corpus appeared (other processes may add their own folders)
    const tmpAdded = (await readdir(tmpdir())).filter((name) => !tmpBefore.has(name));
    expect(tmpAdded.filter((name) => name.includes(HOSTILE_MARKER))).toEqual([]);
    // where a traversal name would have landed, from the storage root, its temp folder, DATA_DIR and the cwd
    const escapes = ['etc', `${HOSTILE_MARKER}-evil.pdf`, `${HOSTILE_MARKER}-star.pdf`].flatMap((name) =>
      [storageDir, join(storageDir, 'tmp'), dataDir, process.cwd(), '/'].map((base) =>
        resolve(base, '..', '..', name.endsWith('.pdf') ? name : join(name, `${HOSTILE_MARKER}-passwd.pdf`)),
      ),
    );
    expect(escapes.filter((path) => existsSync(path))).toEqual([]);
    expect(existsSync(`/etc/${HOSTILE_MARKER}-passwd.pdf`)).toBe(false);
  });

  it('prints the figures of the row', () => {
    const figures = {
      hostileCases: corpus.length,
      refused: [...refusedBy.values()].reduce((a, b) => a + b, 0),
      refusedByFamily: Object.fromEntries(refusedBy),
      refusalMessages: Object.fromEntries(messages),
      allowedTypesAccepted: storedKeys.size === 0 ? 0 : allowed.length,
      contentAddressedFiles: storedKeys.size,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
    console.log(`[reliability row 7] hostile files ${JSON.stringify(figures, null, 2)}`);
    expect(figures.refused).toBe(corpus.length);
  });
});
