// 电签文件 and the public verification, through the calls: the owner's signed letter (filed twice, on the
// application and on the project) is one row, verified from its stored bytes; the exchange sees every company's,
// another company nothing (its id 404, its download 404); anyone verifies an uploaded PDF or a verification code
// without signing in, rate-limited per IP; a byte changed in the upload or in storage shows.
import { readFile, writeFile } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  formatMessage,
  MSG,
  UPLOAD_MAX_MB,
  type Envelope,
  type PageResult,
  type SignatureInfo,
  type SignedFile,
  type SignedFileDetail,
  type VerifyResult,
} from '@cqjy/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMultipart, generateBytes, makePdf, makePng } from '../../test/files.ts';
import { ROOT_COMMON_NAME } from '../../platform/signing/certificate-authority.ts';
import {
  createCapturingSmsProvider,
  createTestApp,
  loginAs,
  readJson,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';
import {
  approveAction,
  clientOf,
  DEMO_PROJECT_CODE,
  enrolSigner,
  findProjectId,
  type Client,
} from '../../test/workflow-support.ts';
import { VERIFY_RATE_MAX } from './routes.ts';

const OWNER_COMPANY = '北京示范国有资产经营有限公司';
const LETTER_NAME = '项目中止申请函（已签章）.pdf';
const scratch = mkdtempSync(join(tmpdir(), 'cqjy-signed-files-'));
const storageDir = join(scratch, 'files');

let t: TestApp;
let phone: CapturingSmsProvider;
let owner: Client;
let foreign: Client;
let exchange: Client;
let land: Client;
let letter: SignedFile;
let pdf: Buffer;
let address = 0;

/** A remote address of its own per call group: the public limit counts per IP. */
function nextAddress(): string {
  address += 1;
  return `198.51.100.${address}`;
}

async function listOf(client: Client, query = ''): Promise<PageResult<SignedFile>> {
  const answer = await client.get<PageResult<SignedFile>>(`/api/file/signed/list?page=1&size=10${query}`);
  expect(answer.status, answer.msg).toBe(0);
  return answer.data;
}

async function verifyUpload(
  content: Buffer | undefined,
  remoteAddress = nextAddress(),
): Promise<Envelope<VerifyResult> & { http: number }> {
  const { payload, headers } = buildMultipart(
    {},
    content === undefined ? undefined : { name: '待验证.pdf', content },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/public/verify',
    headers,
    payload,
    remoteAddress,
  });
  return { ...readJson<VerifyResult>(response), http: response.statusCode };
}

async function verifyCode(
  code: string,
  remoteAddress = nextAddress(),
): Promise<Envelope<VerifyResult> & { http: number }> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/public/verify/${encodeURIComponent(code)}`,
    remoteAddress,
  });
  return { ...readJson<VerifyResult>(response), http: response.statusCode };
}

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  t = await createTestApp({
    smsProvider: phone,
    env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000', STORAGE_DIR: storageDir },
  });
  const ownerToken = await loginAs(t.app, 'transferor');
  owner = clientOf(t, ownerToken);
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  land = clientOf(t, await loginAs(t.app, 'land'));
  await enrolSigner(t, 'transferor');
  await approveAction({
    t,
    phone,
    mobile: '13800000001',
    ownerToken,
    exchange,
    projectId: await findProjectId(t),
    action: 'abort',
    form: { reason: '标的资产权属需进一步确认' },
  });
  const page = await listOf(owner);
  const first = page.list[0];
  if (first === undefined) throw new Error('no signed letter listed');
  letter = first;
  const download = await owner.raw('GET', `/api/attachment/download/${letter.id}`);
  expect(download.statusCode).toBe(200);
  pdf = download.rawPayload;
});

afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('电签文件', () => {
  it('lists the signed letter once, with its project, signer, certificate, code and verdict', async () => {
    const page = await listOf(owner);
    expect(page.total).toBe(1);
    const info = await owner.get<SignatureInfo>('/api/signature/info');
    const companyCredential = info.data.credentials.find((credential) => credential.kind === 'company');
    expect(letter).toMatchObject({
      fileName: LETTER_NAME,
      source: { kind: '项目', code: DEMO_PROJECT_CODE, name: '北京示范国有资产经营有限公司废旧设备一批' },
      companyName: OWNER_COMPANY,
      state: 'valid',
      stateLabel: '有效',
      problem: null,
      problemLabel: null,
      signerName: OWNER_COMPANY,
      certificateSerial: companyCredential?.serialNumber,
      size: pdf.length,
    });
    expect(letter.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(letter.code).toBe(letter.sha256.slice(0, 16).toUpperCase());
    expect(Date.parse(letter.signingTime ?? '')).not.toBeNaN();
  });

  it('shows the verdict of every signature; another company’s file is not found', async () => {
    const detail = await owner.get<SignedFileDetail>(`/api/file/signed/${letter.id}`);
    expect(detail.status, detail.msg).toBe(0);
    expect(detail.data.verification).toMatchObject({
      state: 'valid',
      code: letter.code,
      sha256: letter.sha256,
    });
    expect(detail.data.verification.signatures[0]).toMatchObject({
      signerName: OWNER_COMPANY,
      signerOrganization: OWNER_COMPANY,
      issuer: ROOT_COMMON_NAME,
      coversWholeFile: true,
      isDigestValid: true,
      isSignatureValid: true,
      isTrusted: true,
      isCertificateValid: true,
    });
    expect(await foreign.get(`/api/file/signed/${letter.id}`)).toEqual({
      status: 404,
      msg: MSG.notFound,
      data: null,
    });
    expect((await owner.get('/api/file/signed/not-a-uuid')).status).toBe(404);
  });

  it('previews and downloads through the attachment call, for the owner and the exchange only', async () => {
    const inline = await owner.raw('GET', `/api/attachment/download/${letter.id}?inline=1`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(String(inline.headers['content-disposition'])).toMatch(/^inline/);
    expect((await exchange.raw('GET', `/api/attachment/download/${letter.id}`)).statusCode).toBe(200);
    expect(readJson(await foreign.raw('GET', `/api/attachment/download/${letter.id}`)).status).toBe(404);
  });

  it('shows the exchange every company’s files, another company none, and refuses a role without the code', async () => {
    const all = await listOf(exchange);
    expect(all.list.map((row) => [row.code, row.companyName])).toContainEqual([letter.code, OWNER_COMPANY]);
    expect(await listOf(foreign)).toEqual({ list: [], total: 0 });
    const refused = await land.raw('GET', '/api/file/signed/list');
    expect(refused.statusCode).toBe(403);
  });

  it('searches by file name, project code and verification code, and by the days of storing', async () => {
    expect((await listOf(owner, `&keyword=${encodeURIComponent('中止申请函')}`)).total).toBe(1);
    expect((await listOf(owner, `&keyword=${DEMO_PROJECT_CODE}`)).total).toBe(1);
    expect((await listOf(owner, `&keyword=${letter.code.slice(0, 8).toLowerCase()}`)).total).toBe(1);
    expect((await listOf(owner, `&keyword=${encodeURIComponent('不存在的文件')}`)).total).toBe(0);
    const today = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await listOf(owner, `&from=${today}&to=${today}`)).total).toBe(1);
    expect((await listOf(owner, '&to=2020-01-01')).total).toBe(0);
    const badDay = await owner.get('/api/file/signed/list?from=2026-13-01');
    expect(badDay.msg).toBe(MSG.signedFilesDateInvalid);
    const reversed = await owner.get('/api/file/signed/list?from=2026-11-02&to=2026-11-01');
    expect(reversed.msg).toBe(MSG.signedFilesDateRange);
  });
});

describe('public verification', () => {
  it('verifies an uploaded signed PDF without a session, naming only what the signature says', async () => {
    const answer = await verifyUpload(pdf);
    expect(answer.status, answer.msg).toBe(0);
    expect(answer.data).toMatchObject({
      state: 'valid',
      stateLabel: '有效',
      problem: null,
      message: MSG.verifyValid,
      sha256: letter.sha256,
      code: letter.code,
      size: pdf.length,
    });
    expect(Object.keys(answer.data).sort()).toEqual(
      [
        'checkedAt',
        'code',
        'message',
        'problem',
        'sha256',
        'signatures',
        'size',
        'state',
        'stateLabel',
      ].sort(),
    );
    expect(answer.data.signatures[0]).toMatchObject({ signerName: OWNER_COMPANY, state: 'valid' });
    expect(JSON.stringify(answer.data)).not.toContain(LETTER_NAME);
    expect(JSON.stringify(answer.data)).not.toContain(DEMO_PROJECT_CODE);
  });

  it('finds one byte changed inside the signed range, and bytes appended, modified', async () => {
    const tampered = Buffer.from(pdf);
    const at = tampered.indexOf('/MediaBox') + '/MediaBox [ 0 0 '.length;
    tampered[at] = tampered[at] === 0x35 ? 0x36 : 0x35;
    const changed = await verifyUpload(tampered);
    expect(changed.data).toMatchObject({
      state: 'invalid',
      problem: 'modified',
      message: MSG.verifyModified,
    });
    expect(changed.data.signatures[0]).toMatchObject({ signerName: OWNER_COMPANY, isDigestValid: false });
    const appended = await verifyUpload(Buffer.concat([pdf, Buffer.from('\n%%EOF\n')]));
    expect(appended.data).toMatchObject({ state: 'invalid', problem: 'modified' });
    expect(appended.data.signatures[0]?.coversWholeFile).toBe(false);
  });

  it('answers unsigned for a PDF without signature; refuses what is no PDF, an empty file, none, a too large one', async () => {
    const plain = await verifyUpload(makePdf());
    expect(plain.data).toMatchObject({
      state: 'unsigned',
      stateLabel: '未签名',
      message: MSG.verifyUnsigned,
    });
    expect(await verifyUpload(makePng())).toMatchObject({ status: 1, msg: MSG.verifyNotPdf });
    expect(await verifyUpload(Buffer.alloc(0))).toMatchObject({ status: 1, msg: MSG.uploadEmpty });
    expect(await verifyUpload(undefined)).toMatchObject({ status: 1, msg: MSG.verifyFileMissing });
    const { payload, headers } = buildMultipart(
      {},
      {
        name: '过大.pdf',
        content: generateBytes(UPLOAD_MAX_MB * 1024 * 1024 + 1, Buffer.from('%PDF-1.4\n')),
      },
    );
    const large = await t.app.inject({
      method: 'POST',
      url: '/api/public/verify',
      headers,
      payload,
      remoteAddress: nextAddress(),
    });
    expect(readJson(large)).toMatchObject({
      status: 1,
      msg: formatMessage(MSG.uploadTooLarge, { max: UPLOAD_MAX_MB }),
    });
  });

  it('finds the stored file by its verification code, typed in any case, with spaces or dashes', async () => {
    const byCode = await verifyCode(letter.code);
    expect(byCode.status, byCode.msg).toBe(0);
    expect(byCode.data).toMatchObject({ state: 'valid', sha256: letter.sha256, code: letter.code });
    const typed = `${letter.code.slice(0, 8).toLowerCase()}-${letter.code.slice(8)}`;
    expect((await verifyCode(typed)).data.sha256).toBe(letter.sha256);
    expect(await verifyCode('0000000000000000')).toMatchObject({ status: 1, msg: MSG.verifyCodeUnknown });
    expect(await verifyCode('XYZ')).toMatchObject({ http: 200, status: 1, msg: MSG.verifyCodeFormat });
  });

  it('limits public verifications per IP', async () => {
    const from = nextAddress();
    for (let i = 0; i < VERIFY_RATE_MAX; i += 1) {
      expect((await verifyCode('0000000000000000', from)).http).toBe(200);
    }
    const limited = await verifyCode(letter.code, from);
    expect(limited).toMatchObject({ http: 429, status: 429, msg: MSG.tooManyRequests });
    expect((await verifyCode(letter.code, nextAddress())).status).toBe(0);
  });

  it('reads the stored bytes at every check: a byte changed in storage shows as modified', async () => {
    const key = letter.sha256;
    const path = join(storageDir, key.slice(0, 2), key.slice(2, 4), key);
    const stored = await readFile(path);
    const changed = Buffer.from(stored);
    const at = changed.indexOf('/MediaBox') + '/MediaBox [ 0 0 '.length;
    changed[at] = changed[at] === 0x35 ? 0x36 : 0x35;
    await writeFile(path, changed);
    try {
      const [row] = (await listOf(owner)).list;
      expect(row).toMatchObject({ state: 'invalid', stateLabel: '无效', problem: 'modified' });
      expect((await verifyCode(letter.code)).data).toMatchObject({ state: 'invalid', problem: 'modified' });
    } finally {
      await writeFile(path, stored);
    }
    expect((await listOf(owner)).list[0]?.state).toBe('valid');
  });
});
