// Registry calls, for every registry R of the domain's registries/ (the spec names none; they take its style, with
// R's base: /api/customer, /api/personalCustomer ...). Another company's row answers {status: 404}; a stale
// version 409. Each needs R's permission code (or its _ADMIN, the exchange's, which lists every company's rows).
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
import {
  MSG,
  REGISTRIES,
  ZRegistryRow,
  ZSheetImportPreview,
  ZSheetImportResult,
  type PermissionCode,
} from '@cqjy/domain';
import { zPage, zSize } from '@cqjy/domain/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition, XLSX_TYPE } from '../../platform/content-disposition.ts';
import { ok, parseId, zEnvelope, ZIdParams } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import type { RegistriesService, RegistryFile } from './service.ts';

const zVersion = z
  .number({ error: MSG.conflict })
  .int(MSG.conflict)
  .min(1, MSG.conflict)
  .max(2_147_483_647, MSG.conflict);
/** The fields travel as an object; each is checked by the registry's definition, so the messages are the form's. */
const zValues = z.record(z.string(), z.unknown(), { error: MSG.badRequest });
const zUuid = z.string({ error: MSG.badRequest }).min(1, MSG.badRequest).max(64, MSG.badRequest);
const ZSaved = z.object({ id: z.number(), version: z.number() });

function sendXlsx(reply: FastifyReply, file: RegistryFile) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-length', String(file.bytes.length))
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}

export const registriesRoutes: FastifyPluginCallbackZod<{ registries: RegistriesService }> = (
  app,
  { registries },
  done,
) => {
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  for (const def of REGISTRIES) {
    const base = def.apiBase;
    const tags = ['registry'];
    const guard = [
      app.authenticate,
      requireAnyPermission([def.permission, `${def.permission}_ADMIN` as PermissionCode]),
    ];

    app.post(
      `${base}/list`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: `${def.title}列表`,
          body: z.object({
            keyword: z.string().max(50, MSG.badRequest).optional(),
            filters: z.record(z.string(), z.string().max(50)).default({}),
            page: zPage,
            size: zSize,
          }),
          response: { 200: zEnvelope(z.object({ list: z.array(ZRegistryRow), total: z.number() })) },
        },
      },
      async (request) => ok(await registries.list(requireSession(request), def, request.body)),
    );

    app.post(
      `${base}/save`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: `新增${def.itemName}`,
          body: z.object({ values: zValues }),
          response: { 200: zEnvelope(ZSaved) },
        },
      },
      async (request) =>
        ok(await registries.create(actorOf(request), def, request.body), MSG.registriesSaved),
    );

    app.post(
      `${base}/update/:id`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: `编辑${def.itemName}`,
          params: ZIdParams,
          body: z.object({ version: zVersion, values: zValues }),
          response: { 200: zEnvelope(ZSaved) },
        },
      },
      async (request) =>
        ok(
          await registries.update(actorOf(request), def, parseId(request.params.id), request.body),
          MSG.registriesSaved,
        ),
    );

    app.post(
      `${base}/delete/:id`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: `删除${def.itemName}`,
          params: ZIdParams,
          body: z.object({ version: zVersion }),
          response: { 200: zEnvelope(z.object({ id: z.number() })) },
        },
      },
      async (request) =>
        ok(
          await registries.remove(actorOf(request), def, parseId(request.params.id), request.body),
          MSG.registriesDeleted,
        ),
    );

    app.get(
      `${base}/template`,
      { preValidation: guard, schema: { tags, summary: `${def.title}导入模板` } },
      async (_request, reply) => sendXlsx(reply, await registries.template(def)),
    );

    app.get(
      `${base}/export`,
      { preValidation: guard, schema: { tags, summary: `导出${def.title}` } },
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

    app.post(
      `${base}/import/preview`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: `${def.title}导入预览`,
          body: z.object({ uuid: zUuid }),
          response: { 200: zEnvelope(ZSheetImportPreview) },
        },
      },
      async (request) => ok(await registries.previewImport(requireSession(request), def, request.body.uuid)),
    );

    app.post(
      `${base}/import`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: `导入${def.title}`,
          body: z.object({ uuid: zUuid }),
          response: { 200: zEnvelope(ZSheetImportResult) },
        },
      },
      async (request) => ok(await registries.importRows(actorOf(request), def, request.body.uuid)),
    );

    app.get(
      `${base}/:id`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: `查看${def.itemName}`,
          params: ZIdParams,
          response: { 200: zEnvelope(ZRegistryRow) },
        },
      },
      async (request) => ok(await registries.show(requireSession(request), def, parseId(request.params.id))),
    );
  }
  done();
};
