// Investor calls (spec 001 section 7, Investor and Capital increase). Another company's investor or project answers
// {status: 404}; a stale version 409. Need GJS_PROJECT_LT (or _ADMIN).
//
//   POST /api/investor                  {projectId, investor: InvestorForm, createId?} -> {id, version}: a draft
//                                       (the files uploaded under createId become its own)
//   POST /api/investor/update/{id}      {version, investor} -> {id, version}; drafts only (a blank certNo keeps it)
//   POST /api/investor/submit/{id}      {version} -> {id, version}: to the exchange's audit (files required)
//   POST /api/investor/batchDelete      {ids} -> {count}: the caller's drafts, all or none
//   GET  /api/investor/{id}             -> InvestorView
//   GET  /api/investor/export[?projectId=] -> .xlsx of the investors the caller sees (of the project, or its own)
// For B = /api/capitalIncrease (cap) and /api/capitalIncreaseOpen (capOpen):
//   GET  B/investors[?projectId=]       -> InvestorView[] (of the project; without it, the caller's own)
//   GET  B/members                      -> [{id, name}]: the admitted members that may represent an investor
//   GET  B/export?projectId=            -> .xlsx of the project's investors
//   GET  B/export/pdf?projectId=        -> the same list as a PDF
//   POST B/customers                    {keyword?} -> InvestorCustomer[]: the caller's earlier investors
//   GET  B/open                         -> OpenCapitalIncrease[]: the disclosing ones open to registrations
//   POST B/{capitalIncreaseId}/selection {investors: [{id, version}]} -> {selected}: the owner's selection result
// The exchange's audit, for F = cap and capOpen (code GJS_TASK_ADMIN, as the engine's sign-off):
//   POST /api/project/F/investor/audit/{id} {version, result: pass | refuse, reason} -> {id, version}
import {
  CAPITAL_INCREASE_BASES,
  formatShare,
  fenToYuan,
  formatThousands,
  MSG,
  ZInvestorCustomer,
  ZInvestorView,
  ZOpenCapitalIncrease,
  formatMessage,
} from '@cqjy/domain';
import { PROJECT_CODES } from '@cqjy/domain/contracts/projects';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition, XLSX_TYPE } from '../../platform/content-disposition.ts';
import { ok, parseId, zEnvelope, ZIdParams, ZSaved, zVersion } from '../../platform/envelope.ts';
import { requireAnyPermission, requirePermission } from '../../platform/guard.ts';
import { buildInvestorsWorkbook, renderInvestorsPdf } from './exports.ts';
import type { InvestorsService } from './service.ts';

/** Ids and versions: int4 columns, so a larger number is refused here rather than by the database (a 500). */
const zPositive = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);
/** The investor travels as an object; its fields are checked by the domain so the messages are the form's. */
const zInvestor = z.record(z.string(), z.unknown(), { error: MSG.badRequest });
const zQueryId = z
  .string()
  .max(10)
  .regex(/^\d+$/, MSG.badRequest)
  .transform((text) => Number(text))
  .pipe(zPositive);
const tags = ['investor'];

function sendFile(reply: FastifyReply, file: { name: string; type: string; bytes: Uint8Array }) {
  return reply
    .header('content-type', file.type)
    .header('content-length', String(file.bytes.length))
    .header('content-disposition', contentDisposition('attachment', file.name))
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

export const investorsRoutes: FastifyPluginCallbackZod<{ investors: InvestorsService }> = (
  app,
  { investors },
  done,
) => {
  const guard = [app.authenticate, requireAnyPermission([...PROJECT_CODES])];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  /** The workbook of the investors the caller sees, named after the project (or 我的投资方登记). */
  async function workbookOf(
    request: Parameters<typeof requireSession>[0],
    projectId: number | undefined,
    family?: string,
  ) {
    // the list first: it answers 404 for a project the caller may not see
    const list = await investors.list(requireSession(request), { projectId, family });
    if (projectId === undefined) {
      return {
        name: '投资方登记.xlsx',
        type: XLSX_TYPE,
        bytes: await buildInvestorsWorkbook('投资方登记', list),
      };
    }
    const { project } = await investors.exportHead(projectId);
    return {
      name: `${project.code}${project.name}投资方名单.xlsx`,
      type: XLSX_TYPE,
      bytes: await buildInvestorsWorkbook(`${project.name}投资方名单`, list),
    };
  }

  app.post(
    '/api/investor',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '登记投资方（草稿）',
        body: z.object({
          projectId: zPositive,
          investor: zInvestor,
          createId: z.string().max(64).optional(),
        }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) => ok(await investors.create(actorOf(request), request.body), MSG.investorsSaved),
  );

  app.post(
    '/api/investor/update/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '修改投资方',
        params: ZIdParams,
        body: z.object({ version: zVersion, investor: zInvestor }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(
        await investors.update(actorOf(request), parseId(request.params.id), request.body),
        MSG.investorsSaved,
      ),
  );

  app.post(
    '/api/investor/submit/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '提交投资方资格审核',
        params: ZIdParams,
        body: z.object({ version: zVersion }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(
        await investors.submit(actorOf(request), parseId(request.params.id), request.body),
        MSG.investorsSubmitted,
      ),
  );

  app.post(
    '/api/investor/batchDelete',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '批量删除投资方草稿',
        body: z.object({ ids: z.array(zPositive, { error: MSG.badRequest }).max(200, MSG.badRequest) }),
        response: { 200: zEnvelope(z.object({ count: z.number() })) },
      },
    },
    async (request) => {
      const result = await investors.batchDelete(actorOf(request), request.body.ids);
      return ok(result, formatMessage(MSG.investorsDeleted, { count: result.count }));
    },
  );

  app.get(
    '/api/investor/export',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '导出投资方（Excel）',
        querystring: z.object({ projectId: zQueryId.optional() }),
      },
    },
    async (request, reply) => sendFile(reply, await workbookOf(request, request.query.projectId)),
  );

  app.get(
    '/api/investor/:id',
    {
      preValidation: guard,
      schema: { tags, summary: '查看投资方', params: ZIdParams, response: { 200: zEnvelope(ZInvestorView) } },
    },
    async (request) => ok(await investors.show(requireSession(request), parseId(request.params.id))),
  );

  for (const { base, family } of CAPITAL_INCREASE_BASES) {
    app.get(
      `${base}/investors`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '增资项目的投资方',
          querystring: z.object({ projectId: zQueryId.optional() }),
          response: { 200: zEnvelope(z.array(ZInvestorView)) },
        },
      },
      async (request) =>
        ok(await investors.list(requireSession(request), { projectId: request.query.projectId, family })),
    );

    app.get(
      `${base}/members`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '可代理投资方的会员机构',
          response: { 200: zEnvelope(z.array(z.object({ id: z.number(), name: z.string() }))) },
        },
      },
      async () => ok(await investors.listMembers()),
    );

    app.get(
      `${base}/export`,
      {
        preValidation: guard,
        schema: { tags, summary: '导出投资方名单（Excel）', querystring: z.object({ projectId: zQueryId }) },
      },
      async (request, reply) => sendFile(reply, await workbookOf(request, request.query.projectId, family)),
    );

    app.get(
      `${base}/export/pdf`,
      {
        preValidation: guard,
        schema: { tags, summary: '导出投资方名单（PDF）', querystring: z.object({ projectId: zQueryId }) },
      },
      async (request, reply) => {
        const session = requireSession(request);
        const list = await investors.list(session, { projectId: request.query.projectId, family });
        const { project, plan, ownerName, exchangeName, day } = await investors.exportHead(
          request.query.projectId,
        );
        const money = (fen: number | undefined) =>
          fen === undefined ? '—' : `${formatThousands(fenToYuan(fen))}元`;
        const bytes = await renderInvestorsPdf({
          title: `${project.name}投资方名单`,
          facts: [
            { label: '项目名称', value: project.name },
            { label: '项目编号', value: project.code },
            { label: '增资企业', value: plan.enterpriseName ?? ownerName },
            {
              label: '拟募集资金金额',
              value: `${money(plan.raiseMin)}至${plan.raiseMax === undefined ? '不设上限' : money(plan.raiseMax)}`,
            },
            {
              label: '拟新增股权比例',
              value: plan.offeredShare === undefined ? '—' : `${formatShare(plan.offeredShare)}%`,
            },
            {
              label: '拟征集投资方数量',
              value: plan.investorCount === undefined ? '—' : `${plan.investorCount}名`,
            },
            { label: '登记投资方', value: `${list.length}名` },
          ],
          investors: list,
          issuer: exchangeName,
          day,
        });
        return sendFile(reply, {
          name: `${project.code}${project.name}投资方名单.pdf`,
          type: 'application/pdf',
          bytes,
        });
      },
    );

    app.post(
      `${base}/customers`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '本机构登记过的投资方客户',
          body: z
            .object({ keyword: z.string().max(50, MSG.badRequest).default('') })
            .default({ keyword: '' }),
          response: { 200: zEnvelope(z.array(ZInvestorCustomer)) },
        },
      },
      async (request) => ok(await investors.listCustomers(requireSession(request), request.body.keyword)),
    );

    app.get(
      `${base}/open`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '披露中、可登记投资方的增资项目',
          response: { 200: zEnvelope(z.array(ZOpenCapitalIncrease)) },
        },
      },
      async () => ok(await investors.listOpen(family)),
    );

    app.post(
      `${base}/:capitalIncreaseId/selection`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '确定遴选结果',
          params: z.object({ capitalIncreaseId: z.string().max(32) }),
          body: z.object({
            investors: z
              .array(z.object({ id: zPositive, version: zVersion }), { error: MSG.badRequest })
              .max(200, MSG.badRequest),
          }),
          response: { 200: zEnvelope(z.object({ selected: z.number() })) },
        },
      },
      async (request) => {
        const result = await investors.select(
          actorOf(request),
          parseId(request.params.capitalIncreaseId),
          family,
          request.body,
        );
        return ok(result, formatMessage(MSG.investorsSelected, { count: result.selected }));
      },
    );

    app.post(
      `/api/project/${family}/investor/audit/:id`,
      {
        // the exchange's audit: the reviewers' code, as for the engine's sign-off
        preValidation: [app.authenticate, requirePermission('GJS_TASK_ADMIN', MSG.investorsAuditorOnly)],
        schema: {
          tags,
          summary: '投资方资格审核',
          params: ZIdParams,
          body: z.object({
            version: zVersion,
            result: z.enum(['pass', 'refuse'], { error: MSG.badRequest }),
            reason: z.string({ error: MSG.badRequest }).max(2000, MSG.badRequest).default(''),
          }),
          response: { 200: zEnvelope(ZSaved) },
        },
      },
      async (request) => {
        const isPassed = request.body.result === 'pass';
        const result = await investors.auditInvestor(actorOf(request), parseId(request.params.id), {
          version: request.body.version,
          isPassed,
          reason: request.body.reason,
          family,
        });
        return ok(result, isPassed ? MSG.investorsAuditPassed : MSG.investorsAuditRefused);
      },
    );
  }
  done();
};
