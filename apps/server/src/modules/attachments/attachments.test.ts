import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { MSG, type AttachmentItem, type UploadResult } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { selectRows } from '../../db/client.ts';
import { createLocalStorage } from '../../platform/storage-local.ts';
import { verifyAuditChain } from '../audit/service.ts';
import {
  buildMultipart,
  generateBytes,
  listFiles,
  makeDeclaredZip,
  makeDocx,
  makeExe,
  makeJpeg,
  makeOle2,
  makePdf,
  makePng,
  makeRar,
  makeXlsx,
  makeZip,
  type FormFile,
} from '../../test/files.ts';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';
import { ARCHIVE_LIMITS } from './inspect.ts';
import { createAttachmentsService, dedupeNames, normalizeZipName } from './service.ts';

const MB = 1024 * 1024;

type Row = {
  id: string;
  storage_key: string;
  size: string | number;
  content_type: string;
  file_name: string;
  ext: string;
  tag: string;
  data_class: string | null;
  data_id: string | null;
  company_id: number;
  deleted_at: Date | string | null;
  is_locked: boolean;
};

let t: TestApp;
let storageDir: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'cqjy-attachments-'));
  t = await createTestApp({ env: { STORAGE_DIR: storageDir, LOGIN_RATE_MAX: '1000' } });
  for (const username of ['transferor', 'member', 'admin']) {
    tokens[username] = await loginAs(t.app, username);
  }
});

afterAll(async () => {
  await t.close();
  await rm(storageDir, { recursive: true, force: true });
});

function upload(
  username: string,
  file: FormFile | undefined,
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const { payload, headers } = buildMultipart({ command: 'upload', tag: 'others', ...fields }, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    headers: { ...headers, ...bearer(tokens[username] ?? '') },
    payload,
  });
}

async function uploadOk(
  username: string,
  file: FormFile,
  fields: Record<string, string> = {},
): Promise<AttachmentItem> {
  const body = readJson<UploadResult>(await upload(username, file, fields));
  expect(body.status, body.msg).toBe(0);
  const tag = fields.tag ?? 'others';
  const item = body.data[tag]?.[0];
  expect(item).toBeDefined();
  return item!;
}

async function findRow(id: string): Promise<Row | undefined> {
  const rows = await selectRows<Row>(t.db, sql`select * from attachments where id = ${id}`);
  return rows[0];
}

async function countRows(): Promise<number> {
  const rows = await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from attachments`);
  return rows[0]?.n ?? 0;
}

function download(username: string, id: string, query = ''): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `/api/attachment/download/${id}${query}`,
    headers: bearer(tokens[username] ?? ''),
  });
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

describe('upload of every allowed type (SH-5.7)', () => {
  // the eleven types, plus a zip that file-type would call an epub: a readable zip is a zip
  const cases: { name: string; make: () => Buffer | Promise<Buffer>; contentType: string }[] = [
    { name: '转让公告.pdf', make: makePdf, contentType: 'application/pdf' },
    { name: '现场照片.png', make: makePng, contentType: 'image/png' },
    { name: '现场照片.jpg', make: makeJpeg, contentType: 'image/jpeg' },
    { name: '营业执照.jpeg', make: makeJpeg, contentType: 'image/jpeg' },
    {
      name: '评估报告.docx',
      make: makeDocx,
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
    {
      name: '资产清单.xlsx',
      make: makeXlsx,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    {
      name: '资料汇总.zip',
      make: () => makeZip({ 'readme.txt': '附件清单' }),
      contentType: 'application/zip',
    },
    {
      name: '电子书.zip',
      make: () => makeZip({ mimetype: 'application/epub+zip', 'content.opf': '<package/>' }),
      contentType: 'application/zip',
    },
    { name: '董事会决议.doc', make: makeOle2, contentType: 'application/msword' },
    { name: '财务报表.xls', make: makeOle2, contentType: 'application/vnd.ms-excel' },
    { name: '图纸.rar', make: makeRar, contentType: 'application/vnd.rar' },
    {
      name: '说明.txt',
      make: () => Buffer.from('附件说明：共三份文件。\r\nREADME\n', 'utf8'),
      contentType: 'text/plain; charset=utf-8',
    },
  ];

  it.each(cases)('accepts $name as $contentType and stores it under its sha256', async (c) => {
    const bytes = await c.make();
    const item = await uploadOk(
      'transferor',
      { name: c.name, content: bytes },
      { tag: 'appraisal', dataClass: 'appraisalReport', dataId: 'p-1' },
    );
    expect(item).toMatchObject({
      tag: 'appraisal',
      name: c.name,
      fileName: c.name,
      contentType: c.contentType,
      size: bytes.length,
      labelName: c.name.slice(0, c.name.lastIndexOf('.')),
    });
    expect(Number.isNaN(Date.parse(item.dateCreated))).toBe(false);
    const row = await findRow(item.uuid);
    expect(row).toMatchObject({
      storage_key: sha256(bytes),
      file_name: c.name,
      ext: c.name.slice(c.name.lastIndexOf('.') + 1),
      data_class: 'appraisalReport',
      data_id: 'p-1',
      deleted_at: null,
      is_locked: false,
    });
    const key = sha256(bytes);
    expect(await readFile(join(storageDir, key.slice(0, 2), key.slice(2, 4), key))).toEqual(bytes);
    expect(await listFiles(join(storageDir, 'tmp'))).toEqual([]);
  });

  it('accepts GBK text and serves it with its charset', async () => {
    // 你好，附件 in GBK: not UTF-8, but valid GB18030
    const gbk = Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0xa3, 0xac, 0xb8, 0xbd, 0xbc, 0xfe, 0x0d, 0x0a]);
    const item = await uploadOk('transferor', { name: '旧系统导出.txt', content: gbk });
    expect(item.contentType).toBe('text/plain; charset=gb18030');
  });

  it('stores equal contents once', async () => {
    const bytes = Buffer.from('相同内容的两个文件\n', 'utf8');
    const first = await uploadOk('transferor', { name: '副本一.txt', content: bytes });
    const second = await uploadOk('member', { name: '副本二.txt', content: bytes });
    expect(first.uuid).not.toBe(second.uuid);
    const key = sha256(bytes);
    const stored = (await listFiles(storageDir)).filter((path) => path.endsWith(key));
    expect(stored).toEqual([join(key.slice(0, 2), key.slice(2, 4), key)]);
  });

  it('writes an audit row for an upload', async () => {
    const item = await uploadOk('transferor', { name: '审计.txt', content: Buffer.from('audit\n') });
    const rows = await selectRows<{ action: string; result: string; detail: { fileName: string } }>(
      t.db,
      sql`select action, result, detail from audit_log where target = ${item.uuid}`,
    );
    expect(rows).toEqual([
      {
        action: 'attachment.upload',
        result: 'ok',
        detail: expect.objectContaining({ fileName: '审计.txt' }),
      },
    ]);
  });
});

describe('refused uploads leave no row and no bytes (SH-5.1, SH-5.8, SH-8.9)', () => {
  const refusals: { label: string; file: () => FormFile | Promise<FormFile>; message: string }[] = [
    {
      label: 'an .exe renamed .pdf',
      file: () => ({ name: '合同.pdf', content: makeExe() }),
      message: MSG.uploadContentMismatch,
    },
    {
      label: 'HTML renamed .png',
      file: () => ({
        name: '照片.png',
        content: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
      }),
      message: MSG.uploadContentMismatch,
    },
    {
      label: 'a PDF renamed .docx',
      file: () => ({ name: '报告.docx', content: makePdf() }),
      message: MSG.uploadContentMismatch,
    },
    {
      label: 'a plain zip renamed .xlsx',
      file: async () => ({ name: '清单.xlsx', content: await makeZip({ 'a.txt': 'a' }) }),
      message: MSG.uploadContentMismatch,
    },
    {
      label: 'binary bytes renamed .txt',
      file: () => ({ name: '说明.txt', content: Buffer.from([0x41, 0x00, 0x42, 0x0a]) }),
      message: MSG.uploadContentMismatch,
    },
    {
      label: 'a PNG renamed .txt',
      file: () => ({ name: '说明.txt', content: makePng() }),
      message: MSG.uploadContentMismatch,
    },
    {
      label: 'a 0-byte file',
      file: () => ({ name: '空文件.pdf', content: Buffer.alloc(0) }),
      message: '文件大小不能为0KB',
    },
    {
      label: 'a name with illegal characters',
      file: () => ({ name: '合同 (副本).pdf', content: makePdf() }),
      message: '文件名包含非法字符！',
    },
    {
      label: 'a type outside the list',
      file: () => ({ name: '安装程序.exe', content: makeExe() }),
      message: MSG.uploadTypeNotAllowed.replace(
        '{types}',
        'txt、doc、docx、xlsx、xls、pdf、png、jpg、jpeg、zip、rar',
      ),
    },
    {
      label: 'a zip bomb declaring 4 GB in one entry',
      file: () => ({ name: '资料.zip', content: makeDeclaredZip(0xfffffff0) }),
      message: '压缩文件内容异常，已拒绝上传',
    },
    {
      label: 'an archive declaring more than 500 MB',
      // ratio 501 MB / ~1 KB is far past 200 too; the total alone refuses it as well (unit-tested below)
      file: () => ({ name: '资料.zip', content: makeDeclaredZip(501 * MB) }),
      message: '压缩文件内容异常，已拒绝上传',
    },
    {
      label: 'a real zip whose 4 MB entry compressed more than 200 times',
      file: async () => ({
        name: '报表.xlsx',
        content: await makeZip({ 'xl/zeros.bin': Buffer.alloc(4 * MB) }),
      }),
      message: '压缩文件内容异常，已拒绝上传',
    },
  ];

  it.each(refusals)('refuses $label', async ({ file, message }) => {
    const before = { rows: await countRows(), files: await listFiles(storageDir) };
    const response = await upload('transferor', await file());
    expect(response.statusCode).toBe(200);
    expect(readJson(response)).toEqual({ status: 1, msg: message, data: null });
    expect(await countRows()).toBe(before.rows);
    expect(await listFiles(storageDir)).toEqual(before.files);
  });

  it('refuses an archive of more than 10,000 entries', async () => {
    const entries = Object.fromEntries(
      Array.from({ length: ARCHIVE_LIMITS.maxEntries + 1 }, (_, i) => [`f/${i}.txt`, '']),
    );
    const before = await listFiles(storageDir);
    const content = await makeZip(entries, { isCompressed: false });
    const body = readJson(await upload('transferor', { name: '很多文件.zip', content }));
    expect(body).toEqual({ status: 1, msg: '压缩文件内容异常，已拒绝上传', data: null });
    expect(await listFiles(storageDir)).toEqual(before);
  });

  it('audits a refused upload without storing it', async () => {
    await upload('transferor', { name: '伪装.pdf', content: makeExe() });
    const rows = await selectRows<{ result: string; detail: { fileName: string; reason: string } }>(
      t.db,
      sql`select result, detail from audit_log where action = 'attachment.upload' order by id desc limit 1`,
    );
    expect(rows[0]).toEqual({
      result: 'fail',
      detail: { fileName: '伪装.pdf', reason: MSG.uploadContentMismatch },
    });
  });

  it('refuses a request without a file, and a caller without a session', async () => {
    expect(readJson(await upload('transferor', undefined))).toMatchObject({
      status: 1,
      msg: MSG.uploadFileMissing,
    });
    const { payload, headers } = buildMultipart({}, { name: 'a.pdf', content: makePdf() });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/attachment/upload', headers, payload });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the 50 MB limit (SH-5.8)', () => {
  const pdfHead = Buffer.from('%PDF-1.4\n');

  it('accepts a file of exactly 50 MB', async () => {
    const item = await uploadOk('transferor', {
      name: '大文件.pdf',
      content: generateBytes(50 * MB, pdfHead),
    });
    expect(item.size).toBe(50 * MB);
    expect(item.contentType).toBe('application/pdf');
    expect(await listFiles(join(storageDir, 'tmp'))).toEqual([]);
  });

  it('refuses 50 MB + 1 byte with the spec message and keeps nothing', async () => {
    const before = { rows: await countRows(), files: await listFiles(storageDir) };
    const response = await upload('transferor', {
      name: '超大文件.pdf',
      content: generateBytes(50 * MB + 1, pdfHead),
    });
    expect(readJson(response)).toEqual({ status: 1, msg: '文件大小不能超过50M', data: null });
    expect(await countRows()).toBe(before.rows);
    expect(await listFiles(storageDir)).toEqual(before.files);
  });
});

describe('malformed multipart bodies answer 400 and keep nothing', () => {
  const BOUNDARY = '----cqjyBrokenBoundary';
  const fieldPart = (name: string, value: string): string =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fileHeadOf = (fileName: string): string =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  const fileHead = fileHeadOf('合同.pdf');
  const pdf = makePdf().toString('latin1');
  const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

  const cases: {
    label: string;
    contentType: string;
    body: string;
    contentLength?: number;
    isStreamed?: boolean;
  }[] = [
    {
      label: 'a body cut inside the file, with no closing boundary',
      contentType: multipartType,
      body: fieldPart('command', 'upload') + fileHead + pdf.slice(0, 40),
    },
    {
      label: 'a body cut inside the file while the file is being written',
      contentType: multipartType,
      body: fieldPart('command', 'upload') + fileHead + pdf,
      isStreamed: true,
    },
    {
      label: 'a body cut inside a file refused by its name',
      contentType: multipartType,
      body: fileHeadOf('安装程序.exe') + 'MZ',
    },
    {
      label: 'a body cut inside the part headers',
      contentType: multipartType,
      body: `${fieldPart('tag', 'others')}--${BOUNDARY}\r\nContent-Disposition: form-da`,
    },
    {
      label: 'a body cut after a complete file, inside the next field',
      contentType: multipartType,
      body: `${fileHead}${pdf}\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="tag"\r\n\r\noth`,
    },
    {
      label: 'a body cut inside the next field once the file was checked',
      contentType: multipartType,
      body: `${fileHead}${pdf}\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="tag"\r\n\r\noth`,
      isStreamed: true,
    },
    {
      label: 'a body without any boundary line',
      contentType: multipartType,
      body: 'not a multipart body at all',
    },
    {
      label: 'a multipart content type without the boundary parameter',
      contentType: 'multipart/form-data',
      body: `${fileHead}${pdf}\r\n--${BOUNDARY}--\r\n`,
    },
    {
      label: 'a content-length larger than the bytes sent',
      contentType: multipartType,
      body: fileHead + pdf,
      contentLength: Buffer.byteLength(fileHead + pdf) + 4096,
    },
  ];

  /** The body in two chunks, the second after a pause, so the file is already being written when it breaks off. */
  async function* slowly(bytes: Buffer): AsyncGenerator<Buffer> {
    const cut = bytes.length - 20;
    yield bytes.subarray(0, cut);
    await new Promise((resolve) => setTimeout(resolve, 50));
    yield bytes.subarray(cut);
  }

  it.each(cases)('refuses $label', async ({ contentType, body, contentLength, isStreamed }) => {
    const before = { rows: await countRows(), files: await listFiles(storageDir) };
    const bytes = Buffer.from(body, 'utf8');
    const payload = isStreamed === true ? Readable.from(slowly(bytes)) : bytes;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/attachment/upload',
      headers: {
        'content-type': contentType,
        ...(contentLength === undefined ? {} : { 'content-length': String(contentLength) }),
        ...bearer(tokens.transferor ?? ''),
      },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(readJson(response)).toEqual({ status: 400, msg: MSG.uploadError, data: null });
    expect(await countRows()).toBe(before.rows);
    expect(await listFiles(storageDir)).toEqual(before.files);
    expect(await listFiles(join(storageDir, 'tmp'))).toEqual([]);
  });

  it('still accepts a well-formed upload afterwards', async () => {
    const item = await uploadOk('transferor', { name: '正常.pdf', content: makePdf() });
    expect(item.contentType).toBe('application/pdf');
  });
});

describe('download (SH-9.4)', () => {
  it('streams the bytes with type, length, RFC 6266 name and nosniff', async () => {
    const bytes = makePdf();
    const item = await uploadOk('transferor', { name: '转让合同（草案）.pdf', content: bytes });
    const response = await download('transferor', item.uuid);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(bytes);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="________.pdf"; filename*=UTF-8''${encodeURIComponent('转让合同（草案）.pdf')}`,
    );
  });

  it('answers inline for a preview type and refuses inline for a docx', async () => {
    const pdf = await uploadOk('transferor', { name: '预览.pdf', content: makePdf() });
    const inline = await download('transferor', pdf.uuid, '?inline=1');
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="__\.pdf"; filename\*=UTF-8''/);
    const docx = await uploadOk('transferor', { name: '报告.docx', content: await makeDocx() });
    expect(readJson(await download('transferor', docx.uuid, '?inline=1'))).toEqual({
      status: 1,
      msg: MSG.previewNotSupported,
      data: null,
    });
    expect((await download('transferor', docx.uuid)).headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('answers another company 404 and lets the exchange admin read it', async () => {
    const item = await uploadOk('transferor', { name: '内部资料.pdf', content: makePdf() });
    expect(readJson(await download('member', item.uuid))).toEqual({
      status: 404,
      msg: MSG.notFound,
      data: null,
    });
    expect((await download('admin', item.uuid)).statusCode).toBe(200);
    expect(readJson(await download('transferor', 'not-a-uuid')).status).toBe(404);
    expect(readJson(await download('transferor', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('delete', () => {
  function remove(username: string, id: string): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: `/api/attachment/delete/${id}`,
      headers: bearer(tokens[username] ?? ''),
    });
  }

  it('soft-deletes the company’s own file, with an audit row', async () => {
    const item = await uploadOk('transferor', { name: '作废.pdf', content: makePdf() });
    expect(readJson(await remove('transferor', item.uuid))).toMatchObject({ status: 0 });
    const row = await findRow(item.uuid);
    expect(row?.deleted_at).not.toBeNull();
    expect(readJson(await download('transferor', item.uuid)).status).toBe(404);
    const audit = await selectRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where target = ${item.uuid} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['attachment.upload', 'attachment.delete']);
  });

  it('answers another company 404 and changes nothing; the admin may read but not delete', async () => {
    const item = await uploadOk('transferor', { name: '保留.pdf', content: makePdf() });
    expect(readJson(await remove('member', item.uuid))).toEqual({
      status: 404,
      msg: MSG.notFound,
      data: null,
    });
    expect(readJson(await remove('admin', item.uuid))).toEqual({
      status: 1,
      msg: '该文件不可删除',
      data: null,
    });
    expect((await findRow(item.uuid))?.deleted_at).toBeNull();
  });

  it('refuses a locked file', async () => {
    const item = await uploadOk('transferor', { name: '已提交.pdf', content: makePdf() });
    await t.db.execute(sql`update attachments set is_locked = true where id = ${item.uuid}`);
    expect(readJson(await remove('transferor', item.uuid))).toEqual({
      status: 1,
      msg: '该文件不可删除',
      data: null,
    });
    expect((await findRow(item.uuid))?.deleted_at).toBeNull();
  });
});

describe('replacing upload (delete flag)', () => {
  it('replaces the company’s earlier file under the same tag of the same record', async () => {
    const record = { tag: 'licence', dataClass: 'capitalIncrease', dataId: 'c-9' };
    const first = await uploadOk('transferor', { name: '执照.pdf', content: makePdf() }, record);
    const kept = await uploadOk(
      'transferor',
      { name: '章程.pdf', content: makePdf() },
      { ...record, tag: 'articles' },
    );
    const second = await uploadOk(
      'transferor',
      { name: '执照新.pdf', content: makePdf() },
      { ...record, delete: 'true' },
    );
    expect((await findRow(first.uuid))?.deleted_at).not.toBeNull();
    expect((await findRow(kept.uuid))?.deleted_at).toBeNull();
    expect((await findRow(second.uuid))?.deleted_at).toBeNull();
  });

  it('refuses to replace a locked file and stores nothing', async () => {
    const record = { tag: 'opinion', dataClass: 'capitalIncrease', dataId: 'c-10' };
    const first = await uploadOk('transferor', { name: '意见书.pdf', content: makePdf() }, record);
    await t.db.execute(sql`update attachments set is_locked = true where id = ${first.uuid}`);
    const before = await countRows();
    const content = Buffer.from('%PDF-1.4\n% unique content for this test\n');
    const body = readJson(
      await upload('transferor', { name: '意见书新.pdf', content }, { ...record, delete: '1' }),
    );
    expect(body).toEqual({ status: 1, msg: '该文件不可删除', data: null });
    expect(await countRows()).toBe(before);
    expect((await listFiles(storageDir)).some((path) => path.endsWith(sha256(content)))).toBe(false);
  });
});

describe('related files and zip download', () => {
  async function unzip(bytes: Buffer): Promise<Record<string, string>> {
    const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
    const entries: yauzl.Entry[] = await new Promise((resolve, reject) => {
      const found: yauzl.Entry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        found.push(entry);
        zip.readEntry();
      });
      zip.once('end', () => resolve(found));
      zip.once('error', reject);
      zip.readEntry();
    });
    const files: Record<string, string> = {};
    for (const entry of entries) {
      const chunks: Buffer[] = [];
      for await (const chunk of (await zip.openReadStreamPromise(entry)) as AsyncIterable<Buffer>) {
        chunks.push(chunk);
      }
      files[entry.fileName] = Buffer.concat(chunks).toString('latin1');
    }
    return files;
  }

  it('lists the visible files of a record in the display shape', async () => {
    const record = { dataClass: 'bulkAbort', dataId: 'b-1' };
    const a = await uploadOk('transferor', { name: '中止申请.pdf', content: makePdf() }, record);
    t.clock.advance(1000);
    const b = await uploadOk('transferor', { name: '说明.txt', content: Buffer.from('说明\n') }, record);
    await uploadOk('member', { name: '他人.txt', content: Buffer.from('他人\n') }, record);
    const list = async (username: string) =>
      readJson<AttachmentItem[]>(
        await t.app.inject({
          method: 'POST',
          url: '/api/file/related',
          headers: bearer(tokens[username] ?? ''),
          payload: record,
        }),
      ).data;
    const own = await list('transferor');
    expect(own.map((item) => item.uuid)).toEqual([a.uuid, b.uuid]);
    expect(own[0]).toMatchObject({
      name: '中止申请.pdf',
      labelName: '中止申请',
      contentType: 'application/pdf',
    });
    expect(await list('admin')).toHaveLength(3);
  });

  it('streams several files as one zip with distinct names', async () => {
    const pdf = makePdf();
    const one = await uploadOk('transferor', { name: '合同.pdf', content: pdf });
    const two = await uploadOk('transferor', {
      name: '合同.pdf',
      content: Buffer.from('%PDF-1.4\nsecond\n'),
    });
    const note = await uploadOk('transferor', { name: '备注.txt', content: Buffer.from('备注内容\n') });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/file/download',
      headers: bearer(tokens.transferor ?? ''),
      payload: { ids: [one.uuid, two.uuid, note.uuid] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('附件信息.zip')}`,
    );
    const files = await unzip(response.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['合同(1).pdf', '合同.pdf', '备注.txt'].sort());
    expect(files['合同.pdf']).toBe(pdf.toString('latin1'));
    expect(files['合同(1).pdf']).toBe('%PDF-1.4\nsecond\n');
    expect(Buffer.from(files['备注.txt'] ?? '', 'latin1').toString('utf8')).toBe('备注内容\n');
  });

  it('ends the zip with an error, without bringing the server down, when stored bytes are missing', async () => {
    const content = Buffer.from('%PDF-1.4\nbytes that will go missing\n');
    const item = await uploadOk('transferor', { name: '丢失.pdf', content });
    const key = sha256(content);
    await rm(join(storageDir, key.slice(0, 2), key.slice(2, 4), key));
    const outcome = await t.app
      .inject({
        method: 'POST',
        url: '/api/file/download',
        headers: bearer(tokens.transferor ?? ''),
        payload: { ids: [item.uuid] },
      })
      .then(
        (response) => response.rawPayload.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06])),
        () => false,
      );
    // no end-of-central-directory record: the client cannot take the broken zip for a complete one
    expect(outcome).toBe(false);
    expect((await download('transferor', item.uuid)).statusCode).toBe(500);
    expect(readJson(await t.app.inject({ method: 'GET', url: '/api/health' })).status).toBe(0);
  });

  it('answers 404 when any id is not visible', async () => {
    const own = await uploadOk('transferor', { name: '自有.pdf', content: makePdf() });
    const foreign = await uploadOk('member', { name: '他人.pdf', content: makePdf() });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/file/download',
      headers: bearer(tokens.transferor ?? ''),
      payload: { ids: [own.uuid, foreign.uuid], name: '打包' },
    });
    expect(readJson(response)).toEqual({ status: 404, msg: MSG.notFound, data: null });
  });
});

describe('record hooks for business modules', () => {
  it('binds a draft’s files to the saved record and locks them on submit', async () => {
    const draft = await uploadOk(
      'transferor',
      { name: '草稿附件.pdf', content: makePdf() },
      { dataClass: 'investor', createId: 'draft-7f3a' },
    );
    expect((await findRow(draft.uuid))?.data_id).toBe('draft-7f3a');
    const service = createAttachmentsService({
      db: t.db,
      storage: createLocalStorage(storageDir),
      audit: { append: () => Promise.resolve() },
      clock: t.clock,
    });
    const companyRows = await selectRows<{ company_id: number }>(
      t.db,
      sql`select company_id from attachments where id = ${draft.uuid}`,
    );
    const companyId = companyRows[0]?.company_id ?? 0;
    expect(
      await service.bindDraft(t.db, {
        companyId,
        dataClass: 'investor',
        createId: 'draft-7f3a',
        dataId: '42',
      }),
    ).toBe(1);
    expect(await service.lockRecord(t.db, { dataClass: 'investor', dataId: '42' })).toBe(1);
    expect(await findRow(draft.uuid)).toMatchObject({ data_id: '42', is_locked: true });
  });

  it('lets a module widen who sees a record’s files', async () => {
    const item = await uploadOk(
      'transferor',
      { name: '公告.pdf', content: makePdf() },
      {
        dataClass: 'notice',
        dataId: 'n-1',
      },
    );
    const service = createAttachmentsService({
      db: t.db,
      storage: createLocalStorage(storageDir),
      audit: { append: () => Promise.resolve() },
      clock: t.clock,
    });
    const row = { ...(await findRow(item.uuid))! };
    const viewer = { userId: 0, operatorId: 0, companyId: -1, identityType: 2 };
    const asRow = {
      id: row.id,
      storageKey: row.storage_key,
      size: Number(row.size),
      contentType: row.content_type,
      fileName: row.file_name,
      ext: row.ext,
      tag: row.tag,
      dataClass: row.data_class,
      dataId: row.data_id,
      companyId: row.company_id,
      createdBy: null,
      createdAt: new Date(),
      deletedAt: null,
      isLocked: row.is_locked,
    };
    expect(await service.isVisibleTo(viewer, asRow)).toBe(false);
    service.registerRecordVisibility('notice', (_viewer, record) => Promise.resolve(record.dataId === 'n-1'));
    expect(await service.isVisibleTo(viewer, asRow)).toBe(true);
  });
});

describe('helpers', () => {
  it('dedupes names case-insensitively and keeps the extension last', () => {
    expect(dedupeNames(['a.pdf', 'A.pdf', 'a.pdf', 'b', 'b'])).toEqual([
      'a.pdf',
      'A(1).pdf',
      'a(2).pdf',
      'b',
      'b(1)',
    ]);
  });

  it('normalises the zip name', () => {
    expect(normalizeZipName(undefined)).toBe('附件信息.zip');
    expect(normalizeZipName('')).toBe('附件信息.zip');
    expect(normalizeZipName('附件信息项目A')).toBe('附件信息项目A.zip');
    expect(normalizeZipName('../../etc/passwd.zip')).toBe('....etcpasswd.zip');
  });

  it('keeps the audit chain intact through all of the above', async () => {
    expect(await verifyAuditChain(t.db)).toMatchObject({ isValid: true });
  });
});
