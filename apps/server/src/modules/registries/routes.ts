// Registry calls, for every registry R of the domain's registries/ (the spec names none; they take its style, with
// R's base: /api/customer, /api/personalCustomer ...), served from their contracts
// (packages/domain/src/contracts/registries.ts: registryCalls(R)). Another company's row answers {status: 404}; a
// stale version 409. Each needs R's permission code (or its _ADMIN where there is one, the exchange's, which lists every company's rows).
//
//   POST {base}/list            {keyword?, filters?, page, size} -> {list: RegistryRow[], total} (personal numbers
//                               masked), newest first
//   POST {base}/save            {values} -> {id, version}; values are the fields as typed (money in yuan, a
//                               choice as its option), checked as an imported row's cells are
//   POST {base}/update/{id}     {version, values} -> {id, version}
//   GET  {base}/{id}            -> RegistryRow (the company's own whole; the exchange's view masked)
//   POST {base}/delete/{id}     {version} -> {id}
//   GET  {base}/template        -> the import template (.xlsx): a column per field, its rule in the instructions
//   POST {base}/import/preview  {uuid} -> SheetImportPreview: the uploaded template's rows checked (the file is
//                               uploaded first with dataClass registryImport, dataId <registry>-<companyId>)
//   POST {base}/import          {uuid} -> {imported, skipped}: the good rows stored, the bad ones skipped
//   GET  {base}/export          -> the rows (.xlsx) in the template's layout, streamed (no content-length)
//
// A ledger's calls (台账: the registry's isLedger) need the company's small-lot project permission too (403 without
// it, SH-4.14), and GET /api/project/ledger/type/by/project {projectId?} answers the ledgers the caller keeps and
// the one a project drew its lots from (ledger.ts).
//
// The template and the export answer bytes, not the envelope: they stay plain routes.
import { ALL_CODES, MSG, REGISTRIES, type PermissionCode, type RegistryDef } from '@cqjy/domain';
import { ledgerTypeByProjectCall, registryCalls } from '@cqjy/domain/contracts/registries';
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition, XLSX_TYPE } from '../../platform/content-disposition.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { LedgerService } from './ledger.ts';
import type { RegistriesService, RegistryFile } from './service.ts';

/**
 * The codes that reach a registry: its own, and the exchange's (_ADMIN) where the permission list has one (the
 * agents' ledgers have none: the exchange keeps no ledger).
 */
function registryCodes(def: RegistryDef): PermissionCode[] {
  const admin = `${def.permission}_ADMIN`;
  return ALL_CODES.some((code) => code === admin)
    ? [def.permission, admin as PermissionCode]
    : [def.permission];
}

function sendXlsx(reply: FastifyReply, file: RegistryFile) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-length', String(file.bytes.length))
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}

export const registriesRoutes: FastifyPluginCallback<{
  registries: RegistriesService;
  ledger: LedgerService;
}> = (app, { registries, ledger }, done) => {
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  for (const def of REGISTRIES) {
    const calls = registryCalls(def);
    const guard = [
      app.authenticate,
      requireAnyPermission(registryCodes(def)),
      ...(def.isLedger === true ? [ledger.requireLedger] : []),
    ];

    serve(app, calls.list, guard, async ({ body }, request) =>
      ok(await registries.list(requireSession(request), def, body)),
    );

    serve(app, calls.save, guard, async ({ body }, request) =>
      ok(await registries.create(actorOf(request), def, body), MSG.registriesSaved),
    );

    serve(app, calls.update, guard, async ({ params, body }, request) =>
      ok(await registries.update(actorOf(request), def, params.id, body), MSG.registriesSaved),
    );

    serve(app, calls.remove, guard, async ({ params, body }, request) =>
      ok(await registries.remove(actorOf(request), def, params.id, body), MSG.registriesDeleted),
    );

    app.get(
      `${def.apiBase}/template`,
      { preValidation: guard, schema: { tags: ['registry'], summary: `${def.title}导入模板` } },
      async (_request, reply) => sendXlsx(reply, await registries.template(def)),
    );

    app.get(
      `${def.apiBase}/export`,
      { preValidation: guard, schema: { tags: ['registry'], summary: `导出${def.title}` } },
      async (request, reply) => {
        // streamed as it is written: no length is known beforehand
        const file = registries.exportRows(requireSession(request), def);
        return reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', contentDisposition('attachment', file.fileName))
          .header('x-content-type-options', 'nosniff')
          .send(file.body);
      },
    );

    serve(app, calls.previewImport, guard, async ({ body }, request) =>
      ok(await registries.previewImport(requireSession(request), def, body.uuid)),
    );

    serve(app, calls.importRows, guard, async ({ body }, request) =>
      ok(await registries.importRows(actorOf(request), def, body.uuid)),
    );

    serve(app, calls.show, guard, async ({ params }, request) =>
      ok(await registries.show(requireSession(request), def, params.id)),
    );
  }

  serve(
    app,
    ledgerTypeByProjectCall,
    [app.authenticate, requireAnyPermission(['GJS_PROJECT_LEDGER_LT', 'GJS_PROJECT_SMALL_LEDGER_LT'])],
    async ({ query }, request) => ok(await ledger.typeByProject(requireSession(request), query.projectId)),
  );
  done();
};
