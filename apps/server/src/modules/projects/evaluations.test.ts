// 评估项目 (POST /api/project/evaluation/list): the assessment institution lists the projects whose form names it as
// appraisal firm, with their appraisal reports; it may download those reports and no other file of the project; an
// identity without the code is refused; the exchange lists every such project past its draft. Its work: from the
// moment an owner names it, 出具评估报告 waits in its 我的待办; it uploads its report under the project and submits
// the appraisal (POST /api/project/evaluation/submit/{id}), which the owner's form then carries.
import {
  MSG,
  type EvaluationRow,
  type NotificationRow,
  type PageResult,
  type ProjectFormView,
  type TaskRow,
  type UploadResult,
} from '@cqjy/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMultipart, makePdf } from '../../test/files.ts';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';
import { clientOf, findProjectId, type Client } from '../../test/workflow-support.ts';

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

/** Uploads a file to a project in slot `tag` as `token`'s company; answers the envelope. */
async function upload(token: string, projectId: number, tag: string, name: string) {
  const { payload, headers } = buildMultipart(
    { command: 'upload', tag, dataClass: 'project', dataId: String(projectId) },
    { name, content: makePdf() },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    headers: { ...headers, ...bearer(token) },
    payload,
  });
  return readJson<UploadResult>(response);
}

/** The owner attaches a file to its project in slot `tag`; answers the file's id. */
async function attach(projectId: number, tag: string, name: string): Promise<string> {
  const body = await upload(ownerToken, projectId, tag, name);
  expect(body.status, body.msg).toBe(0);
  return body.data[tag]?.[0]?.uuid ?? '';
}

describe('评估项目', () => {
  let engaged: EvaluationRow;

  it('lists the disclosed projects naming the institution as appraisal firm', async () => {
    const page = await list(assessment);
    expect(page.status, page.msg).toBe(0);
    expect(page.data.total).toBeGreaterThan(0);
    // the equity projects it appraised, and the demo agent's small-lot draft that waits for its estimate
    for (const row of page.data.list) {
      expect(row.appraisalFirm).toBe(FIRM);
      if (row.status === 'draft') expect(row).toMatchObject({ family: 'small', state: 'awaiting' });
    }
    expect(new Set(page.data.list.map((row) => row.familyLabel))).toEqual(new Set(['产权转让', '小宗实物']));
    engaged = page.data.list.find((row) => row.code === 'GR2026BJ1000301') as EvaluationRow;
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

describe("the firm appraises: its 出具评估报告 from 我的待办 to the owner's form", () => {
  let assessmentToken: string;
  let firm: Client;
  let owner: Client;

  beforeAll(async () => {
    assessmentToken = await loginAs(t.app, 'assessment');
    firm = clientOf(t, assessmentToken);
    owner = clientOf(t, ownerToken);
  });

  // the equity projects' (the small-lot estimate has its own test: registries/ledger.test.ts)
  const todoOf = async (client: Client) =>
    (
      await client.post<PageResult<TaskRow>>('/api/task/list/todoEstimate', { page: 1, size: 50 })
    ).data.list.filter((row) => row.subject === 'evaluation' && row.family === 'stock');

  it("waits in the firm's 我的待办 from the moment an owner names it, and follows the firm named", async () => {
    const source = (await list(firm, { keyword: 'GR2026BJ1000301' })).data.list[0];
    const copied = await owner.post<{ id: number; version: number }>(`/api/project/stock/copy/${source?.id}`);
    expect(copied.status, copied.msg).toBe(0);
    const draftId = copied.data.id;
    const waiting = (await todoOf(firm)).find((row) => row.projectId === draftId);
    expect(waiting).toMatchObject({ actionTitle: '出具评估报告', type: 'Aon' });
    expect(waiting?.path).toBe(`/index/estimateList?id=${draftId}&taskId=${waiting?.id}`);
    // the draft is listed for the firm (its work starts now), with its submission open
    expect(
      (await list(firm, { keyword: '（复制）' })).data.list.find((row) => row.id === draftId),
    ).toMatchObject({
      status: 'draft',
      state: 'awaiting',
      stateLabel: '待出具',
      canSubmit: true,
    });
    // another firm named: the task leaves the first firm's list
    const shown = await owner.post<ProjectFormView>('/api/project/stock/show', { id: draftId });
    const renamed = await owner.post(`/api/project/stock/update/${draftId}`, {
      version: copied.data.version,
      form: { ...shown.data.form, appraisalFirm: '另一家评估有限公司' },
    });
    expect(renamed.status, renamed.msg).toBe(0);
    expect((await todoOf(firm)).some((row) => row.projectId === draftId)).toBe(false);
  });

  it('refuses an appraisal without its report or with bad figures, and changes nothing', async () => {
    const [task] = await todoOf(firm);
    if (task === undefined) throw new Error('the demo firm has no appraisal to give');
    const projectId = task.projectId ?? 0;
    const figures = {
      appraisalBaseDate: '2026-09-30',
      netAssetValue: 45_000_000_00,
      appraisalValue: 45_000_000_00,
    };
    expect(await firm.post(`/api/project/evaluation/submit/${projectId}`, figures)).toMatchObject({
      status: 1,
      msg: MSG.evaluationReportRequired,
    });
    for (const [body, msg] of [
      [{ ...figures, appraisalBaseDate: '2099-01-01' }, MSG.evaluationBaseDateFuture],
      [{ ...figures, appraisalBaseDate: '2026-13-01' }, MSG.evaluationBaseDateInvalid],
      [{ ...figures, netAssetValue: -1 }, MSG.evaluationNetAssetInvalid],
      [{ ...figures, appraisalValue: 1.5 }, MSG.evaluationValueInvalid],
    ] as const) {
      expect(await firm.post(`/api/project/evaluation/submit/${projectId}`, body)).toMatchObject({
        status: 1,
        msg,
      });
    }
    expect(
      (
        await firm.post(`/api/project/evaluation/submit/${projectId}`, {
          ...figures,
          appraisalValue: figures.netAssetValue + 1,
        })
      ).msg,
    ).toMatch(/不能高于净资产评估值/);
    // nobody else's: the owner has no such code, another company's project is not the firm's
    expect((await owner.post(`/api/project/evaluation/submit/${projectId}`, figures)).status).toBe(403);
    expect((await firm.post('/api/project/evaluation/submit/999999', figures)).status).toBe(404);
    // a project that names no firm of the institution's (the demo bulk project) is not its to appraise
    expect(
      (await firm.post(`/api/project/evaluation/submit/${await findProjectId(t)}`, figures)).status,
    ).toBe(404);
    // the firm may add its report to the project, and nothing else
    expect((await upload(assessmentToken, projectId, 'approvalFile', '批准文件.pdf')).status).toBe(404);
    expect((await todoOf(firm)).map((row) => row.id)).toContain(task.id);
  });

  it('submits the appraisal with its report: the form carries it, the owner is told, the task is done', async () => {
    const [task] = await todoOf(firm);
    const projectId = task?.projectId ?? 0;
    const report = await upload(assessmentToken, projectId, 'appraisalReport', '资产评估报告（物流）.pdf');
    expect(report.status, report.msg).toBe(0);
    const reportId = report.data.appraisalReport?.[0]?.uuid ?? '';
    const submitted = await firm.post(`/api/project/evaluation/submit/${projectId}`, {
      appraisalBaseDate: '2026-09-30',
      netAssetValue: 46_000_000_00,
      appraisalValue: 46_000_000_00,
      remark: '收益法评估',
    });
    expect(submitted).toMatchObject({ status: 0, msg: MSG.evaluationSubmitted });
    const form = (await owner.post<ProjectFormView>('/api/project/stock/show', { id: projectId })).data.form;
    expect(form).toMatchObject({
      appraisalBaseDate: '2026-09-30',
      netAssetValue: 46_000_000_00,
      shareAppraisalValue: 46_000_000_00,
    });
    const row = (await list(firm)).data.list.find((item) => item.id === projectId);
    expect(row).toMatchObject({ state: 'submitted', stateLabel: '已出具', canSubmit: false });
    expect(row?.reports.map((file) => file.uuid)).toContain(reportId);
    expect((await todoOf(firm)).some((item) => item.id === task?.id)).toBe(false);
    const done = await firm.post<PageResult<TaskRow>>('/api/task/list/doneEstimate', { page: 1, size: 50 });
    expect(done.data.list.some((item) => item.id === task?.id)).toBe(true);
    const messages = await owner.get<PageResult<NotificationRow>>('/api/message/list?page=1&size=5');
    expect(messages.data.list[0]).toMatchObject({ kind: 'evaluation.submitted' });
    // the report is the submission's evidence: it stays; a second submission is refused
    expect((await firm.post(`/api/attachment/delete/${reportId}`)).status).toBe(1);
    expect(
      await firm.post(`/api/project/evaluation/submit/${projectId}`, {
        appraisalBaseDate: '2026-09-30',
        netAssetValue: 1,
        appraisalValue: 1,
      }),
    ).toMatchObject({ status: 1, msg: MSG.evaluationNotAwaiting });
  });
});
