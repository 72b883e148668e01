// Option lists of the forms (spec 000 section 7, Shared; spec 001 sections 6 and 7). Every route needs a
// signed-in user of any identity.
//   GET  /api/app/dict/data/list/{code}[?businessType=]       -> DictItem[] in order; unknown code -> []
//   GET  /api/app/dict/data/list/{code}/tree[?businessType=]  -> DictTreeNode[] (by parentKey)
//   GET  /api/app/dict/data/{code}/list[?businessType=]       -> the same list as the first
//        businessType present (even empty): BF-6.1 filtering for the caller's company and identity
//   POST /api/app/getZoningDict {parentCode?}                 -> ZoningItem[]: provinces, or a province's
//        cities, or a city's counties (six-digit GB/T 2260 codes)
//   POST /api/app/enterprise/directory {search: 1|2|3, keyword?} -> EnterpriseDirectoryItem[] (SH-7.5)
//   GET  /api/project/asset/source/{code}                     -> EnterpriseDirectoryItem[] of another source code
import {
  MSG,
  type DictItem,
  type DictTreeNode,
  type EnterpriseDirectoryItem,
  type ZoningItem,
} from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import type { DictionariesService } from './service.ts';

const ZDictItem = z.object({
  key: z.string(),
  label: z.string(),
  parentKey: z.string().nullable(),
  sort: z.number().int(),
}) satisfies z.ZodType<DictItem>;

const ZDictTreeNode: z.ZodType<DictTreeNode> = ZDictItem.extend({
  get children() {
    return z.array(ZDictTreeNode);
  },
});

const ZZoningItem = z.object({
  code: z.string(),
  name: z.string(),
  hasChildren: z.boolean(),
}) satisfies z.ZodType<ZoningItem>;

const ZDirectoryItem = z.object({
  name: z.string(),
  creditCode: z.string(),
  sourceCode: z.string(),
}) satisfies z.ZodType<EnterpriseDirectoryItem>;

const ZCodeParams = z.object({ code: z.string().max(64) });
const ZDictQuery = z.object({ businessType: z.string().max(8).optional() });

const ZZoningBody = z.preprocess(
  (body) => body ?? {},
  z.object({
    parentCode: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.union([z.string().max(12), z.number().int().transform(String)]).optional(),
    ),
  }),
);

const ZDirectoryBody = z.object({
  search: z.coerce.number({ error: MSG.badRequest }).pipe(z.literal([1, 2, 3], { error: MSG.badRequest })),
  keyword: z
    .string()
    .trim()
    .max(100, MSG.badRequest)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});

export const dictionariesRoutes: FastifyPluginCallbackZod<{ dictionaries: DictionariesService }> = (
  app,
  { dictionaries },
  done,
) => {
  const listSchema = {
    tags: ['dictionary'],
    params: ZCodeParams,
    querystring: ZDictQuery,
    response: { 200: zEnvelope(z.array(ZDictItem)) },
  };
  for (const url of ['/api/app/dict/data/list/:code', '/api/app/dict/data/:code/list']) {
    app.get(
      url,
      {
        preValidation: app.authenticate,
        schema: {
          ...listSchema,
          summary: '字典数据列表',
          description: '传入 businessType（可为空）时按当前机构的项目权限过滤选项（BF-6.1）。',
        },
      },
      async (request) =>
        ok(
          await dictionaries.list(requireSession(request), {
            code: request.params.code,
            businessType: request.query.businessType,
          }),
        ),
    );
  }

  app.get(
    '/api/app/dict/data/list/:code/tree',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['dictionary'],
        summary: '字典数据树',
        params: ZCodeParams,
        querystring: ZDictQuery,
        response: { 200: zEnvelope(z.array(ZDictTreeNode)) },
      },
    },
    async (request) =>
      ok(
        await dictionaries.tree(requireSession(request), {
          code: request.params.code,
          businessType: request.query.businessType,
        }),
      ),
  );

  app.post(
    '/api/app/getZoningDict',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['dictionary'],
        summary: '行政区划',
        description: '不传 parentCode 返回省份；传省份代码返回地市（直辖市为 市辖区）；传地市代码返回区县。',
        body: ZZoningBody,
        response: { 200: zEnvelope(z.array(ZZoningItem)) },
      },
    },
    (request) => Promise.resolve(ok(dictionaries.listZoning(request.body.parentCode))),
  );

  app.post(
    '/api/app/enterprise/directory',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['dictionary'],
        summary: '国资监管企业名录',
        description: 'search：1 国务院国资委监管企业，2 北京市国资委监管企业，3 财政部监管企业。',
        body: ZDirectoryBody,
        response: { 200: zEnvelope(z.array(ZDirectoryItem)) },
      },
    },
    async (request) => ok(await dictionaries.searchDirectory(request.body.search, request.body.keyword)),
  );

  app.get(
    '/api/project/asset/source/:code',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['dictionary'],
        summary: '资产来源企业列表',
        params: ZCodeParams,
        response: { 200: zEnvelope(z.array(ZDirectoryItem)) },
      },
    },
    async (request) => ok(await dictionaries.listSource(request.params.code)),
  );
  done();
};
