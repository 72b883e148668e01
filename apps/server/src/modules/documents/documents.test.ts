// 收文管理 and 发文管理: the exchange writes a draft to the demo owner, which cannot see it until it is sent; sent,
// the owner is notified, finds it by its filters, opens it (read), downloads its file and acknowledges it. The owner
// writes a draft to the exchange, draws it as a PDF, e-signs it with the SMS code (the signed copy verifies and is
// filed among the e-signed files), sends it, and the exchange marks it 已收. Another company's document answers 404
// and stays as it was; bad input gets its Chinese message and changes nothing; a stale version 409; a sent
// document no longer changes. Every change is in the audit log.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DOCUMENT_DATA_CLASS,
  DOCUMENT_FILE_TAG,
  MSG,
  SIGNED_LETTER_TAG,
  type AttachmentItem,
  type DocumentCompany,
  type DocumentDetail,
  type DocumentView,
  type NotificationRow,
  type PageResult,
  type UploadResult,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { DEMO_DOCUMENT_TITLE } from '../../seeds/seed-documents.ts';
import { buildMultipart, makePdf } from '../../test/files.ts';
import {
  bearer,
  createCapturingSmsProvider,
  createTestApp,
  loginAs,
  readJson,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';
import { clientOf, enrolSigner, type Client } from '../../test/workflow-support.ts';

const MOBILE = '13800000001';
const OWNER_COMPANY = '北京示范国有资产经营有限公司';

let t: TestApp;
let phone: CapturingSmsProvider;
let ownerToken: string;
let exchangeToken: string;
let owner: Client;
let foreign: Client;
let exchange: Client;
let ownerCompanyId: number;
const scratch = mkdtempSync(join(tmpdir(), 'cqjy-documents-test-'));

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  t = await createTestApp({ smsProvider: phone, env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000' } });
  ownerToken = await loginAs(t.app, 'transferor');
  exchangeToken = await loginAs(t.app, 'admin');
  owner = clientOf(t, ownerToken);
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  exchange = clientOf(t, exchangeToken);
  await enrolSigner(t, 'transferor');
  const [company] = await selectRows<{ id: number }>(
    t.db,
    sql`select id from companies where name = ${OWNER_COMPANY}`,
  );
  ownerCompanyId = company?.id ?? 0;
});

afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The documents table as it stands: what a refused call must leave untouched. */
async function snapshot(): Promise<string> {
  const rows = await selectRows(t.db, sql`select * from documents order by id`);
  return JSON.stringify(rows);
}

async function auditActions(target: number): Promise<string[]> {
  const rows = await selectRows<{ action: string }>(
    t.db,
    sql`select action from audit_log where target = ${String(target)} and action like 'document.%' order by id`,
  );
  return rows.map((row) => row.action);
}

async function upload(token: string, record: Record<string, string>, name: string): Promise<AttachmentItem> {
  const { payload, headers } = buildMultipart(
    { command: 'upload', tag: DOCUMENT_FILE_TAG, dataClass: DOCUMENT_DATA_CLASS, ...record },
    { name, content: makePdf() },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    headers: { ...headers, ...bearer(token) },
    payload,
  });
  const body = readJson<UploadResult>(response);
  expect(body.status, body.msg).toBe(0);
  const item = body.data[DOCUMENT_FILE_TAG]?.[0];
  if (item === undefined) throw new Error('no uploaded file');
  return item;
}

async function fetchFile(token: string, uuid: string): Promise<Buffer> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/attachment/download/${uuid}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

function pdfsig(bytes: Buffer): string {
  const path = join(scratch, `signed-${Date.now()}.pdf`);
  writeFileSync(path, bytes);
  const result = spawnSync('pdfsig', [path], { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`;
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

const RECEIVED = {
  title: '关于开展交易资料归档检查的通知',
  docNumber: '示范交〔2026〕21号',
  sentOn: '2026-03-02',
  body: '请贵单位于3月底前完成2025年度交易资料的整理归档。\n附件为检查要点，请对照执行。',
};

describe('收文管理', () => {
  let documentId: number;
  let version: number;
  let fileId: string;

  it('shows the seeded document to the demo owner, unread', async () => {
    const listed = await owner.post<PageResult<DocumentView>>('/api/file/received/list', {
      page: 1,
      size: 10,
    });
    expect(listed.status, listed.msg).toBe(0);
    expect(listed.data.list.find((row) => row.title === DEMO_DOCUMENT_TITLE)).toMatchObject({
      status: 'sent',
      stateLabel: '未读',
      readAt: null,
      sender: '示范产权交易所',
    });
  });

  it('offers the exchange the companies to send to, not itself', async () => {
    const picked = await exchange.post<DocumentCompany[]>('/api/file/received/companies', {
      keyword: '北京示范',
    });
    expect(picked.data.map((row) => row.name)).toContain(OWNER_COMPANY);
    const all = await exchange.post<DocumentCompany[]>('/api/file/received/companies', {});
    expect(all.data.map((row) => row.name)).not.toContain('示范产权交易所');
    expect((await owner.post('/api/file/received/companies', {})).status).toBe(403);
  });

  it('refuses bad input with its Chinese message, and nothing changes', async () => {
    const before = await snapshot();
    const save = (body: Record<string, unknown>) => exchange.post('/api/file/received/save', body);
    const good = { ...RECEIVED, companyId: ownerCompanyId };
    expect(await save({ ...good, title: '  ' })).toMatchObject({ status: 1, msg: MSG.documentTitleRequired });
    expect(await save({ ...good, title: '长'.repeat(101) })).toMatchObject({
      status: 1,
      msg: '标题最多100个字',
    });
    expect(await save({ ...good, body: '' })).toMatchObject({ status: 1, msg: MSG.documentBodyRequired });
    expect(await save({ ...good, body: '长'.repeat(5001) })).toMatchObject({ msg: '正文最多5000个字' });
    expect(await save({ ...good, sentOn: '2026-02-30' })).toMatchObject({ msg: MSG.documentSentOnInvalid });
    expect(await save({ ...good, companyId: undefined })).toMatchObject({ msg: MSG.documentCompanyRequired });
    expect(await save({ ...good, companyId: 999_999 })).toMatchObject({ msg: MSG.documentCompanyInvalid });
    const [exchangeCompany] = await selectRows<{ id: number }>(
      t.db,
      sql`select id from companies where identity_type = 999`,
    );
    expect(await save({ ...good, companyId: exchangeCompany?.id })).toMatchObject({
      msg: MSG.documentCompanyInvalid,
    });
    expect(
      await owner.post('/api/file/received/list', {
        page: 1,
        size: 10,
        dateFrom: '2026-03-05',
        dateTo: '2026-03-01',
      }),
    ).toMatchObject({ status: 1, msg: MSG.documentDateRange });
    expect(
      await owner.post('/api/file/received/list', { page: 1, size: 10, readState: 'lost' }),
    ).toMatchObject({
      status: 1,
      msg: MSG.badRequest,
    });
    // a company cannot write one
    expect((await owner.post('/api/file/received/save', good)).status).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it('the exchange writes a draft with a file, which its company cannot see yet', async () => {
    const createId = 'received-draft-1';
    const file = await upload(exchangeToken, { createId }, '检查要点.pdf');
    fileId = file.uuid;
    const saved = await exchange.post<{ id: number; version: number }>('/api/file/received/save', {
      ...RECEIVED,
      companyId: ownerCompanyId,
      createId,
    });
    expect(saved).toMatchObject({ status: 0, msg: MSG.documentSaved });
    documentId = saved.data.id;
    version = saved.data.version;
    const shown = await exchange.get<DocumentDetail>(`/api/file/received/${documentId}`);
    expect(shown.data).toMatchObject({
      status: 'draft',
      stateLabel: '草稿',
      companyName: OWNER_COMPANY,
      // a blank sender is the exchange's name
      sender: '示范产权交易所',
      files: [{ uuid: fileId, name: '检查要点.pdf' }],
    });
    expect((await owner.get(`/api/file/received/${documentId}`)).status).toBe(404);
    const listed = await owner.post<PageResult<DocumentView>>('/api/file/received/list', {
      page: 1,
      size: 50,
    });
    expect(listed.data.list.map((row) => row.id)).not.toContain(documentId);
    expect((await owner.post(`/api/file/received/read/${documentId}`)).status).toBe(404);
    // nor its file
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/attachment/download/${fileId}`,
      headers: bearer(ownerToken),
    });
    expect(readJson(download).status).toBe(404);
  });

  it('edits the draft from its version: a stale one is 409 and changes nothing', async () => {
    const before = await snapshot();
    const stale = await exchange.post(`/api/file/received/update/${documentId}`, {
      ...RECEIVED,
      companyId: ownerCompanyId,
      version: version + 1,
    });
    expect(stale.status).toBe(409);
    expect(await snapshot()).toBe(before);
    const updated = await exchange.post<{ version: number }>(`/api/file/received/update/${documentId}`, {
      ...RECEIVED,
      title: `${RECEIVED.title}（修订）`,
      sender: '示范产权交易所业务部',
      companyId: ownerCompanyId,
      version,
    });
    expect(updated.status, updated.msg).toBe(0);
    version = updated.data.version;
    expect((await exchange.get<DocumentDetail>(`/api/file/received/${documentId}`)).data).toMatchObject({
      title: `${RECEIVED.title}（修订）`,
      sender: '示范产权交易所业务部',
    });
  });

  it('sends it: the company is notified, finds it, reads it, downloads its file and acknowledges it', async () => {
    const unreadBefore = (await owner.get<{ count: number }>('/api/message/unread/count')).data.count;
    expect(
      (await exchange.post(`/api/file/received/send/${documentId}`, { version: version + 5 })).status,
    ).toBe(409);
    const sent = await exchange.post<{ version: number }>(`/api/file/received/send/${documentId}`, {
      version,
    });
    expect(sent).toMatchObject({ status: 0, msg: MSG.documentSent });
    // sent: no more changes by the exchange
    expect(
      await exchange.post(`/api/file/received/update/${documentId}`, {
        ...RECEIVED,
        companyId: ownerCompanyId,
        version: sent.data.version,
      }),
    ).toMatchObject({ status: 1, msg: MSG.documentNotDraft });
    expect(
      await exchange.post(`/api/file/received/delete/${documentId}`, { version: sent.data.version }),
    ).toMatchObject({ status: 1, msg: MSG.documentNotDraft });
    // its file is locked
    expect(await exchange.post(`/api/attachment/delete/${fileId}`)).toMatchObject({
      status: 1,
      msg: MSG.uploadNotDeletable,
    });

    // the notification, leading to the document
    expect((await owner.get<{ count: number }>('/api/message/unread/count')).data.count).toBe(
      unreadBefore + 1,
    );
    const messages = await owner.get<PageResult<NotificationRow>>('/api/message/list?page=1&size=10');
    expect(messages.data.list[0]).toMatchObject({
      kind: 'document.received',
      kindLabel: '收文提醒',
      title: `收到新公文：${RECEIVED.title}（修订）`,
      link: `/index/receivedShow?id=${documentId}`,
    });

    // the filters: unread, keyword, the date range
    const find = async (filters: Record<string, unknown>) =>
      (
        await owner.post<PageResult<DocumentView>>('/api/file/received/list', {
          page: 1,
          size: 50,
          ...filters,
        })
      ).data.list.map((row) => row.id);
    expect(await find({ readState: 'unread' })).toContain(documentId);
    expect(await find({ keyword: '21号' })).toEqual([documentId]);
    expect(await find({ dateFrom: '2026-03-01', dateTo: '2026-03-02' })).toContain(documentId);
    expect(await find({ dateFrom: '2026-03-03' })).not.toContain(documentId);

    // another company neither lists, reads, nor acknowledges it
    const before = await snapshot();
    expect((await foreign.get(`/api/file/received/${documentId}`)).status).toBe(404);
    expect((await foreign.post(`/api/file/received/read/${documentId}`)).status).toBe(404);
    expect((await foreign.post(`/api/file/received/acknowledge/${documentId}`)).status).toBe(404);
    const theirs = await foreign.post<PageResult<DocumentView>>('/api/file/received/list', {
      page: 1,
      size: 50,
    });
    expect(theirs.data.list.map((row) => row.id)).not.toContain(documentId);
    expect(await snapshot()).toBe(before);

    // read: once
    const shown = await owner.get<DocumentDetail>(`/api/file/received/${documentId}`);
    expect(shown.data).toMatchObject({ stateLabel: '未读', files: [{ uuid: fileId }] });
    const read = await owner.post<{ version: number }>(`/api/file/received/read/${documentId}`);
    expect(read.status, read.msg).toBe(0);
    const again = await owner.post<{ version: number }>(`/api/file/received/read/${documentId}`);
    expect(again.data.version).toBe(read.data.version);
    expect(await find({ readState: 'read' })).toContain(documentId);
    expect((await fetchFile(ownerToken, fileId)).subarray(0, 5).toString()).toBe('%PDF-');

    // acknowledged, with who and when; once
    const acknowledged = await owner.post(`/api/file/received/acknowledge/${documentId}`);
    expect(acknowledged).toMatchObject({ status: 0, msg: MSG.documentAcknowledged });
    const done = (await owner.get<DocumentDetail>(`/api/file/received/${documentId}`)).data;
    expect(done).toMatchObject({ stateLabel: '已确认', acknowledgedByName: expect.any(String) });
    expect(done.acknowledgedAt).not.toBeNull();
    expect(await owner.post(`/api/file/received/acknowledge/${documentId}`)).toMatchObject({
      status: 1,
      msg: MSG.documentAlreadyAcknowledged,
    });
    // the exchange sees it acknowledged
    expect((await exchange.get<DocumentDetail>(`/api/file/received/${documentId}`)).data.stateLabel).toBe(
      '已确认',
    );
    expect(await auditActions(documentId)).toEqual([
      'document.create',
      'document.update',
      'document.send',
      'document.read',
      'document.acknowledge',
    ]);
  });

  it('the exchange deletes a draft with its files', async () => {
    const saved = await exchange.post<{ id: number; version: number }>('/api/file/received/save', {
      ...RECEIVED,
      companyId: ownerCompanyId,
    });
    const file = await upload(exchangeToken, { dataId: String(saved.data.id) }, '草稿附件.pdf');
    expect(
      (await exchange.post(`/api/file/received/delete/${saved.data.id}`, { version: saved.data.version + 1 }))
        .status,
    ).toBe(409);
    expect(
      await exchange.post(`/api/file/received/delete/${saved.data.id}`, { version: saved.data.version }),
    ).toMatchObject({ status: 0, msg: MSG.documentDeleted });
    expect((await exchange.get(`/api/file/received/${saved.data.id}`)).status).toBe(404);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/attachment/download/${file.uuid}`,
      headers: bearer(exchangeToken),
    });
    expect(readJson(download).status).toBe(404);
  });
});

const SENDING = {
  title: '关于申请延长挂牌期的函',
  docNumber: '京示范函〔2026〕8号',
  sentOn: '2026-03-10',
  body: '示范产权交易所：\n我单位挂牌项目因意向方尽调需要，申请将挂牌期延长10个工作日。\n妥否，请批示。',
};

describe('发文管理', () => {
  let documentId: number;
  let version: number;

  it('the company writes a draft no one else sees; bad input and a stale version change nothing', async () => {
    const before = await snapshot();
    expect(await owner.post('/api/file/sending/save', { ...SENDING, sentOn: 'tomorrow' })).toMatchObject({
      status: 1,
      msg: MSG.documentSentOnInvalid,
    });
    expect(
      await owner.post('/api/file/sending/save', { ...SENDING, docNumber: '号'.repeat(51) }),
    ).toMatchObject({
      status: 1,
      msg: '文号最多50个字',
    });
    // the exchange does not write sent documents
    expect((await exchange.post('/api/file/sending/save', SENDING)).status).toBe(403);
    expect(await snapshot()).toBe(before);

    const saved = await owner.post<{ id: number; version: number }>('/api/file/sending/save', SENDING);
    expect(saved).toMatchObject({ status: 0, msg: MSG.documentSaved });
    documentId = saved.data.id;
    version = saved.data.version;
    await upload(ownerToken, { dataId: String(documentId) }, '延期说明.pdf');
    expect((await owner.get<DocumentDetail>(`/api/file/sending/${documentId}`)).data).toMatchObject({
      sender: OWNER_COMPANY,
      stateLabel: '草稿',
      files: [{ name: '延期说明.pdf' }],
    });
    expect((await exchange.get(`/api/file/sending/${documentId}`)).status).toBe(404);
    expect((await foreign.get(`/api/file/sending/${documentId}`)).status).toBe(404);
    const all = await exchange.post<PageResult<DocumentView>>('/api/file/sending/list', {
      page: 1,
      size: 50,
    });
    expect(all.data.list.map((row) => row.id)).not.toContain(documentId);

    const unchanged = await snapshot();
    expect(
      (await foreign.post(`/api/file/sending/update/${documentId}`, { ...SENDING, title: '篡改', version }))
        .status,
    ).toBe(404);
    expect((await foreign.post(`/api/file/sending/delete/${documentId}`, { version })).status).toBe(404);
    expect((await foreign.post(`/api/file/sending/send/${documentId}`, { version })).status).toBe(404);
    expect((await foreign.post(`/api/file/sending/letter/${documentId}`, { version })).status).toBe(404);
    expect((await foreign.post(`/api/file/sending/sign/otp/${documentId}`)).status).toBe(404);
    expect(
      (await owner.post(`/api/file/sending/update/${documentId}`, { ...SENDING, version: version + 1 }))
        .status,
    ).toBe(409);
    expect(await snapshot()).toBe(unchanged);
  });

  it('draws it as a PDF, e-signs it with the SMS code, and the signed copy verifies', async () => {
    expect(await owner.post(`/api/file/sending/sign/otp/${documentId}`)).toMatchObject({
      status: 1,
      msg: MSG.documentLetterMissing,
    });
    const drawn = await owner.post<{ version: number }>(`/api/file/sending/letter/${documentId}`, {
      version,
    });
    expect(drawn).toMatchObject({ status: 0, msg: MSG.documentLetterMade });
    version = drawn.data.version;
    const draft = (await owner.get<DocumentDetail>(`/api/file/sending/${documentId}`)).data;
    expect(draft.letterId).not.toBeNull();
    // the drawn PDF is not among the document's own files
    expect(draft.files.map((file) => file.name)).toEqual(['延期说明.pdf']);
    const letter = await fetchFile(ownerToken, draft.letterId ?? '');
    expect(letter.subarray(0, 5).toString()).toBe('%PDF-');

    t.clock.advance(61_000);
    const sent = await owner.post(`/api/file/sending/sign/otp/${documentId}`);
    expect(sent.status, sent.msg).toBe(0);
    const code = phone.lastCodeTo(MOBILE);
    expect((await owner.post(`/api/file/sending/sign/otp/check/${documentId}`, { otp: code })).status).toBe(
      0,
    );
    // a wrong code and a stale version are refused and change nothing
    const before = await snapshot();
    expect(
      await owner.post(`/api/file/sending/signature/${documentId}`, { version, otp: '000000' }),
    ).toMatchObject({ status: 1 });
    expect(
      (await owner.post(`/api/file/sending/signature/${documentId}`, { version: version + 1, otp: code }))
        .status,
    ).toBe(409);
    expect(await snapshot()).toBe(before);

    const signed = await owner.post<{ version: number }>(`/api/file/sending/signature/${documentId}`, {
      version,
      otp: code,
    });
    expect(signed).toMatchObject({ status: 0, msg: MSG.documentSigned });
    version = signed.data.version;
    const shown = (await owner.get<DocumentDetail>(`/api/file/sending/${documentId}`)).data;
    expect(shown.stateLabel).toBe('草稿（已签章）');
    const signedPdf = await fetchFile(ownerToken, shown.signedFileId ?? '');
    expect(signedPdf.includes('/ByteRange')).toBe(true);
    expect(sha256(signedPdf)).not.toBe(sha256(letter));
    expect(pdfsig(signedPdf)).toContain('Signature is Valid');
    // filed among the e-signed files of the document
    const related = await owner.post<AttachmentItem[]>('/api/file/related', {
      dataClass: DOCUMENT_DATA_CLASS,
      dataId: String(documentId),
    });
    expect(related.data.filter((file) => file.tag === SIGNED_LETTER_TAG).map((file) => file.uuid)).toEqual([
      shown.signedFileId,
    ]);
    // signed: the text is fixed, and it is not signed twice
    expect(
      await owner.post(`/api/file/sending/update/${documentId}`, { ...SENDING, title: '改', version }),
    ).toMatchObject({ status: 1, msg: MSG.documentSignedLocked });
    expect(await owner.post(`/api/file/sending/letter/${documentId}`, { version })).toMatchObject({
      status: 1,
      msg: MSG.documentAlreadySigned,
    });
  });

  it('sends it; the exchange lists it with its company and marks it 已收', async () => {
    const sent = await owner.post<{ version: number }>(`/api/file/sending/send/${documentId}`, { version });
    expect(sent).toMatchObject({ status: 0, msg: MSG.documentSent });
    expect(
      await owner.post(`/api/file/sending/update/${documentId}`, { ...SENDING, version: sent.data.version }),
    ).toMatchObject({ status: 1, msg: MSG.documentNotDraft });
    expect(
      await owner.post(`/api/file/sending/send/${documentId}`, { version: sent.data.version }),
    ).toMatchObject({
      status: 1,
      msg: MSG.documentNotDraft,
    });

    const all = await exchange.post<PageResult<DocumentView>>('/api/file/sending/list', {
      page: 1,
      size: 50,
      receiptState: 'pending',
    });
    expect(all.data.list.find((row) => row.id === documentId)).toMatchObject({
      companyName: OWNER_COMPANY,
      stateLabel: '已发送',
    });
    expect((await foreign.get(`/api/file/sending/${documentId}`)).status).toBe(404);
    // only the exchange marks it received
    expect((await owner.post(`/api/file/sending/receive/${documentId}`)).status).toBe(403);
    const received = await exchange.post(`/api/file/sending/receive/${documentId}`);
    expect(received).toMatchObject({ status: 0, msg: MSG.documentExchangeReceived });
    expect(await exchange.post(`/api/file/sending/receive/${documentId}`)).toMatchObject({
      status: 1,
      msg: MSG.documentAlreadyReceived,
    });
    const mine = (await owner.get<DocumentDetail>(`/api/file/sending/${documentId}`)).data;
    expect(mine).toMatchObject({ stateLabel: '交易所已收', exchangeReceivedByName: expect.any(String) });
    expect(await auditActions(documentId)).toEqual([
      'document.create',
      'document.letter',
      'document.sign',
      'document.send',
      'document.receive',
    ]);
  });
});

describe('the document as a PDF', () => {
  it('runs a long body over as many pages as it needs, the seal on the last', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const { renderDocumentPdf } = await import('./document-pdf.ts');
    const rendered = await renderDocumentPdf({
      title: SENDING.title,
      docNumber: SENDING.docNumber,
      addressee: '示范产权交易所：',
      paragraphs: Array.from({ length: 40 }, (_, i) => `第${i + 1}段。${'正文内容'.repeat(20)}`),
      signatory: OWNER_COMPANY,
      date: '2026年3月10日',
    });
    const doc = await PDFDocument.load(rendered.pdf);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    expect(rendered.pageIndex).toBe(doc.getPageCount() - 1);
    const [x1, y1, x2, y2] = rendered.sealRect;
    expect(x2 - x1).toBe(120);
    expect(y1).toBeGreaterThan(0);
    expect(y2).toBeLessThan(842);
  });
});

describe('/api/docs', () => {
  it('lists the calls of both directions under their tags', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    expect(doc.paths['/api/file/received/list']?.post?.tags).toEqual(['fileReceived']);
    expect(doc.paths['/api/file/received/acknowledge/{id}']?.post?.tags).toEqual(['fileReceived']);
    expect(doc.paths['/api/file/sending/signature/{id}']?.post?.tags).toEqual(['fileSending']);
    expect(doc.paths['/api/file/sending/{id}']?.get?.tags).toEqual(['fileSending']);
  });
});
