// 评估项目 (POST /api/project/evaluation/list): the assessment institution lists the disclosed projects whose form
// names it as appraisal firm, with the appraisal reports the owner attached; it may download those reports and no
// other file of the project; an identity without the code is refused; the exchange lists every such project.
import { type EvaluationRow, type PageResult, type UploadResult } from '@cqjy/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMultipart, makePdf } from '../../test/files.ts';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';
import { clientOf, type Client } from '../workflow/test-support.ts';

const FIRM = '示范资产评估有限公司';

let t: TestApp;
let ownerToken: string;
let assessment: Client;
let exchange: Client;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  ownerToken = await loginAs(t.app, 'transferor');
  assessment = clientOf(t, await loginAs(t.app, 'assessment'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
});

afterAll(async () => {
  await t.close();
});

const list = (client: Client, body: Record<string, unknown> = {}) =>
  client.post<PageResult<EvaluationRow>>('/api/project/evaluation/list', { page: 1, size: 20, ...body });

/** The owner attaches a file to its project in slot `tag`; answers the file's id. */
async function attach(projectId: number, tag: string, name: string): Promise<string> {
  const { payload, headers } = buildMultipart(
    { command: 'upload', tag, dataClass: 'project', dataId: String(projectId) },
    { name, content: makePdf() },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    headers: { ...headers, ...bearer(ownerToken) },
    payload,
  });
  const body = readJson<UploadResult>(response);
  expect(body.status, body.msg).toBe(0);
  return body.data[tag]?.[0]?.uuid ?? '';
}

describe('评估项目', () => {
  let engaged: EvaluationRow;

  it('lists the disclosed projects naming the institution as appraisal firm', async () => {
    const page = await list(assessment);
    expect(page.status, page.msg).toBe(0);
    expect(page.data.total).toBeGreaterThan(0);
    for (const row of page.data.list) {
      expect(row).toMatchObject({ appraisalFirm: FIRM, familyLabel: '产权转让' });
      expect(row.status).not.toBe('draft');
    }
    engaged = page.data.list[0] as EvaluationRow;
    expect(engaged.ownerName).toBe('北京示范国有资产经营有限公司');
    expect(engaged.appraisalBaseDate).toBe('2026-06-30');
    expect(engaged.appraisalValue).toBeGreaterThan(0);
    expect(engaged.reports).toEqual([]);
    // by keyword
    expect((await list(assessment, { keyword: engaged.code })).data.total).toBe(1);
    expect((await list(assessment, { keyword: '不存在的项目' })).data.total).toBe(0);
  });

  it("shows the owner's appraisal report, downloadable by the institution; the project's other files are not", async () => {
    const report = await attach(engaged.id, 'appraisalReport', '资产评估报告.pdf');
    const other = await attach(engaged.id, 'approvalFile', '批准文件.pdf');
    const row = (await list(assessment, { keyword: engaged.code })).data.list[0];
    expect(row?.reports.map((file) => file.fileName)).toEqual(['资产评估报告.pdf']);
    expect((await assessment.raw('GET', `/api/attachment/download/${report}`)).statusCode).toBe(200);
    const refused = await assessment.get(`/api/attachment/download/${other}`);
    expect(refused.status).toBe(404);
  });

  it('is refused without the code; the exchange lists every project naming a firm', async () => {
    const owner = clientOf(t, ownerToken);
    expect((await list(owner)).status).toBe(403);
    const all = await list(exchange);
    expect(all.data.list.map((row) => row.code)).toContain(engaged.code);
    // a page larger than a hundred rows is bad input
    expect(await list(assessment, { size: 1000 })).toMatchObject({ status: 1 });
  });
});
