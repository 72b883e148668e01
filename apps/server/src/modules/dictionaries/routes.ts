// Option lists of the forms (spec 000 section 7, Shared; spec 001 sections 6 and 7), served from their contracts
// (packages/domain/src/contracts/dictionaries.ts). Every route needs a signed-in user of any identity.
//   GET  /api/app/dict/data/list/{code}[?businessType=]       -> DictItem[] in order; unknown code -> []
//   GET  /api/app/dict/data/list/{code}/tree[?businessType=]  -> DictTreeNode[] (by parentKey)
//   GET  /api/app/dict/data/{code}/list[?businessType=]       -> the same list as the first
//        businessType present (even empty): BF-6.1 filtering for the caller's company and identity
//   POST /api/app/getZoningDict {parentCode?}                 -> ZoningItem[]: provinces, or a province's
//        cities, or a city's counties (six-digit GB/T 2260 codes)
//   POST /api/app/enterprise/directory {search: 1|2|3, keyword?} -> EnterpriseDirectoryItem[] (SH-7.5)
//   GET  /api/project/asset/source/{code}                     -> EnterpriseDirectoryItem[] of another source code
import {
  assetSourceCall,
  dictCodeListCall,
  dictListCall,
  dictTreeCall,
  enterpriseDirectoryCall,
  zoningCall,
} from '@cqjy/domain/contracts/dictionaries';
import type { FastifyPluginCallback } from 'fastify';
import { requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { serve } from '../../platform/serve.ts';
import type { DictionariesService } from './service.ts';

export const dictionariesRoutes: FastifyPluginCallback<{ dictionaries: DictionariesService }> = (
  app,
  { dictionaries },
  done,
) => {
  const signedIn = [app.authenticate];

  for (const call of [dictListCall, dictCodeListCall]) {
    serve(app, call, signedIn, async ({ params, query }, request) =>
      ok(
        await dictionaries.list(requireSession(request), {
          code: params.code,
          businessType: query.businessType,
        }),
      ),
    );
  }

  serve(app, dictTreeCall, signedIn, async ({ params, query }, request) =>
    ok(
      await dictionaries.tree(requireSession(request), {
        code: params.code,
        businessType: query.businessType,
      }),
    ),
  );

  serve(app, zoningCall, signedIn, ({ body }) =>
    Promise.resolve(ok(dictionaries.listZoning(body.parentCode))),
  );

  serve(app, enterpriseDirectoryCall, signedIn, async ({ body }) =>
    ok(await dictionaries.searchDirectory(body.search, body.keyword)),
  );

  serve(app, assetSourceCall, signedIn, async ({ params }) => ok(await dictionaries.listSource(params.code)));
  done();
};
