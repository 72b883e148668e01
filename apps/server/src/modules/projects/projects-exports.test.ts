// Exports of the disclosure announcement: the demo project's PDF and Word file carry its title, listing price,
// owner and assets, with the download headers and the <项目编号><项目名称>信息披露公告 name; a coll draft without
// assets exports on its own path; another company's project and the other family's path answer 404, and no
// session 401. The preview answers the same model.
import type { DisclosureDocument } from '@cqjy/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { pdfText } from '../../test/files.ts';
import { createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';
import { clientOf, DEMO_PROJECT_CODE, findProjectId, type Client } from '../../test/workflow-support.ts';

const PROJECT_NAME = '北京示范国有资产经营有限公司废旧设备一批';
const TITLE = `${PROJECT_NAME}信息披露公告`;
const OWNER = '北京示范国有资产经营有限公司';
/** the member company the demo project is entrusted to (委托会员): named, never shown by its id */
const MEMBER = '示范综合服务代理有限公司';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let t: TestApp;
let owner: Client;
let foreign: Client;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  projectId = await findProjectId(t);
});

afterAll(async () => {
  await t.close();
});

/** The text of a .docx's word/document.xml, without its markup. */
async function docxText(bytes: Buffer): Promise<string> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== 'word/document.xml') continue;
      const chunks: Buffer[] = [];
      for await (const chunk of (await zip.openReadStreamPromise(entry)) as AsyncIterable<Buffer>) {
        chunks.push(chunk);
      }
      return Buffer.concat(chunks)
        .toString('utf8')
        .replace(/<[^>]+>/g, '')
        .replaceAll('&amp;', '&');
    }
  } finally {
    zip.close();
  }
  throw new Error('no word/document.xml');
}

function expectDownload(response: LightMyRequestResponse, type: string, ext: string): Buffer {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(type);
  expect(response.headers['content-disposition']).toBe(
    contentDisposition('attachment', `${DEMO_PROJECT_CODE}${TITLE}.${ext}`),
  );
  const bytes = response.rawPayload;
  expect(response.headers['content-length']).toBe(String(bytes.length));
  return bytes;
}

describe('disclosure announcement exports', () => {
  it('exports the PDF with the title, price, owner and assets', async () => {
    const response = await owner.raw('GET', `/api/project/bulk/export/pdf/${projectId}`);
    const bytes = expectDownload(response, 'application/pdf', 'pdf');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain(TITLE);
    expect(text).toContain('1,860,000.00');
    expect(text).toContain(`转让方${OWNER}`);
    expect(text).toContain(`委托会员${MEMBER}`);
    expect(text).not.toMatch(/委托会员\d/);
    expect(text).toContain('数控车床');
    expect(text).toContain('特此公告');
  });

  it('exports the Word file with the same content', async () => {
    const response = await owner.raw('GET', `/api/project/bulk/export/word/${projectId}`);
    const bytes = expectDownload(response, DOCX_TYPE, 'docx');
    const text = await docxText(bytes);
    expect(text).toContain(TITLE);
    expect(text).toContain('1,860,000.00');
    expect(text).toContain(`转让方${OWNER}`);
    expect(text).toContain(`委托会员${MEMBER}`);
    expect(text).not.toMatch(/委托会员\d/);
    expect(text).toContain('数控车床');
    expect(text).toContain('特此公告');
  });

  it('answers 404 for another company, the other family and an id that names nothing', async () => {
    for (const format of ['pdf', 'word']) {
      const foreignBody = readJson(
        await foreign.raw('GET', `/api/project/bulk/export/${format}/${projectId}`),
      );
      expect(foreignBody.status).toBe(404);
      const collBody = readJson(await owner.raw('GET', `/api/project/coll/export/${format}/${projectId}`));
      expect(collBody.status).toBe(404);
      const badBody = readJson(await owner.raw('GET', `/api/project/bulk/export/${format}/abc`));
      expect(badBody.status).toBe(404);
    }
  });

  it('exports a coll project on its own path, which the bulk path does not find', async () => {
    const created = await owner.post<{ id: number }>('/api/project/coll', { form: { name: '抵押设备一批' } });
    expect(created.status, created.msg).toBe(0);
    const response = await owner.raw('GET', `/api/project/coll/export/pdf/${created.data.id}`);
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('抵押设备一批信息披露公告');
    expect(text).toContain('本项目未登记资产清单');
    const bulkBody = readJson(await owner.raw('GET', `/api/project/bulk/export/word/${created.data.id}`));
    expect(bulkBody.status).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const anonymous = clientOf(t, undefined);
    const response = await anonymous.raw('GET', `/api/project/bulk/export/pdf/${projectId}`);
    expect(readJson(response).status).toBe(401);
  });
});

describe('the announcement preview', () => {
  it('answers the model the exports draw; another company and the other family 404', async () => {
    const body = await owner.post<DisclosureDocument>('/api/project/bulk/preview', { id: projectId });
    expect(body.status, body.msg).toBe(0);
    expect(body.data.title).toBe('北京示范国有资产经营有限公司废旧设备一批信息披露公告');
    expect(body.data.facts).toContainEqual({ label: '挂牌价（元）', value: '1,860,000.00' });
    expect(body.data.facts).toContainEqual({ label: '委托会员', value: MEMBER });
    expect(body.data.parts[0]?.heading).toBe('三、资产清单');
    expect(body.data.parts[0]?.sections[0]?.table.rows.map((row) => row[0])).toContain('数控车床');
    expect((await foreign.post('/api/project/bulk/preview', { id: projectId })).status).toBe(404);
    expect((await owner.post('/api/project/coll/preview', { id: projectId })).status).toBe(404);
    expect(await owner.post('/api/project/bulk/preview', { id: 'x' })).toMatchObject({ status: 1 });
  });
});
