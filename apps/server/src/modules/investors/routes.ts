// Investor calls (spec 001 section 7, Investor and Capital increase), served from their contracts
// (packages/domain/src/contracts/investors.ts). Another company's investor or project answers {status: 404}; a
// stale version 409. Need GJS_PROJECT_LT (or _ADMIN).
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
// The exports answer bytes, not the envelope: plain routes, their paths and queries from the same contract file.
import { CAPITAL_INCREASE_BASES, formatMessage, MSG } from '@cqjy/domain';
import {
  capitalIncreaseCalls,
  createInvestorCall,
  deleteInvestorsCall,
  INVESTOR_EXPORT_PATH,
  showInvestorCall,
  submitInvestorCall,
  updateInvestorCall,
  ZInvestorExportQuery,
  ZProjectInvestorsExportQuery,
} from '@cqjy/domain/contracts/investors';
import { PROJECT_CODES } from '@cqjy/domain/contracts/projects';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission, requirePermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import { investorsPdfOf, investorsWorkbookOf, sendFile } from './export-files.ts';
import type { InvestorsService } from './service.ts';

export const investorsRoutes: FastifyPluginCallbackZod<{ investors: InvestorsService }> = (
  app,
  { investors },
  done,
) => {
  const tags = ['investor'];
  const guard = [app.authenticate, requireAnyPermission([...PROJECT_CODES])];
  // the exchange's audit: the reviewers' code, as for the engine's sign-off
  const auditor = [app.authenticate, requirePermission('GJS_TASK_ADMIN', MSG.investorsAuditorOnly)];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  serve(app, createInvestorCall, guard, async ({ body }, request) =>
    ok(await investors.create(actorOf(request), body), MSG.investorsSaved),
  );

  serve(app, updateInvestorCall, guard, async ({ params, body }, request) =>
    ok(await investors.update(actorOf(request), params.id, body), MSG.investorsSaved),
  );

  serve(app, submitInvestorCall, guard, async ({ params, body }, request) =>
    ok(await investors.submit(actorOf(request), params.id, body), MSG.investorsSubmitted),
  );

  serve(app, deleteInvestorsCall, guard, async ({ body }, request) => {
    const result = await investors.batchDelete(actorOf(request), body.ids);
    return ok(result, formatMessage(MSG.investorsDeleted, { count: result.count }));
  });

  // a file, not the envelope: left out of the contracts
  app.get(
    INVESTOR_EXPORT_PATH,
    {
      preValidation: guard,
      schema: { tags, summary: '导出投资方（Excel）', querystring: ZInvestorExportQuery },
    },
    async (request, reply) =>
      sendFile(reply, await investorsWorkbookOf(investors, requireSession(request), request.query.projectId)),
  );

  serve(app, showInvestorCall, guard, async ({ params }, request) =>
    ok(await investors.show(requireSession(request), params.id)),
  );

  for (const { family } of CAPITAL_INCREASE_BASES) {
    const calls = capitalIncreaseCalls(family);

    serve(app, calls.investors, guard, async ({ query }, request) =>
      ok(await investors.list(requireSession(request), { projectId: query.projectId, family })),
    );

    serve(app, calls.members, guard, async () => ok(await investors.listMembers()));

    app.get(
      calls.exportPaths.xlsx,
      {
        preValidation: guard,
        schema: { tags, summary: '导出投资方名单（Excel）', querystring: ZProjectInvestorsExportQuery },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await investorsWorkbookOf(investors, requireSession(request), request.query.projectId, family),
        ),
    );

    app.get(
      calls.exportPaths.pdf,
      {
        preValidation: guard,
        schema: { tags, summary: '导出投资方名单（PDF）', querystring: ZProjectInvestorsExportQuery },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await investorsPdfOf(investors, requireSession(request), request.query.projectId, family),
        ),
    );

    serve(app, calls.customers, guard, async ({ body }, request) =>
      ok(await investors.listCustomers(requireSession(request), body.keyword)),
    );

    serve(app, calls.open, guard, async () => ok(await investors.listOpen(family)));

    serve(app, calls.selection, guard, async ({ params, body }, request) => {
      const result = await investors.select(actorOf(request), params.capitalIncreaseId, family, body);
      return ok(result, formatMessage(MSG.investorsSelected, { count: result.selected }));
    });

    serve(app, calls.audit, auditor, async ({ params, body }, request) => {
      const isPassed = body.result === 'pass';
      const result = await investors.auditInvestor(actorOf(request), params.id, {
        version: body.version,
        isPassed,
        reason: body.reason,
        family,
      });
      return ok(result, isPassed ? MSG.investorsAuditPassed : MSG.investorsAuditRefused);
    });
  }
  done();
};
