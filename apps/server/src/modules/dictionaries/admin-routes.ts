// 数据字典 calls of the exchange (route dictionary), served from their contracts
// (packages/domain/src/contracts/dictionaries.ts). All need GJS_SYSTEM_DICT_ADMIN (admin, opsAdmin); changes are
// audited; bad input is refused with its Chinese message and changes nothing; an unknown dictionary or entry 404.
//   POST /api/dict/type/list        {keyword?}                      -> DictTypeRow[] (with entry counts)
//   POST /api/dict/data/list        {code, keyword?}                -> DictDataRow[], retired entries included
//   POST /api/dict/data/save        {code, key, label, parentKey?, sort, remark?} -> DictDataRow (key unique in code)
//   POST /api/dict/data/update/{id} {label, sort, status, remark?}  -> DictDataRow (the key never changes)
//   POST /api/dict/rule/list        {}                              -> {today, list: RuleParameterView[]}
//   POST /api/dict/rule/save        {key, value, effectiveFrom, note?} -> {key, effectiveFrom}: a version from that
//        day (today or later; the same day again replaces it while the day is still to come)
//   POST /api/dict/rule/cancel      {key, effectiveFrom}            -> {key, effectiveFrom}: a version still to come
//        withdrawn
import { MSG, formatMessage } from '@cqjy/domain';
import {
  cancelRuleCall,
  listDictEntriesCall,
  listDictTypesCall,
  listRulesCall,
  saveDictEntryCall,
  saveRuleCall,
  updateDictEntryCall,
} from '@cqjy/domain/contracts/dictionaries';
import type { FastifyPluginCallback } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requirePermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { DictionariesAdmin } from './admin.ts';

export const dictionariesAdminRoutes: FastifyPluginCallback<{ admin: DictionariesAdmin }> = (
  app,
  { admin },
  done,
) => {
  const guard = [app.authenticate, requirePermission('GJS_SYSTEM_DICT_ADMIN')];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  serve(app, listDictTypesCall, guard, async ({ body }) => ok(await admin.listTypes(body.keyword)));

  serve(app, listDictEntriesCall, guard, async ({ body }) =>
    ok(await admin.listData(body.code, body.keyword)),
  );

  serve(app, saveDictEntryCall, guard, async ({ body }, request) =>
    ok(await admin.saveData(actorOf(request), body), MSG.dictSaved),
  );

  serve(app, updateDictEntryCall, guard, async ({ params, body }, request) =>
    ok(await admin.updateData(actorOf(request), params.id, body), MSG.dictSaved),
  );

  serve(app, listRulesCall, guard, async () => ok(await admin.listRules()));

  serve(app, saveRuleCall, guard, async ({ body }, request) => {
    const saved = await admin.saveRule(actorOf(request), body);
    return ok(saved, formatMessage(MSG.dictRuleSaved, { day: saved.effectiveFrom }));
  });

  serve(app, cancelRuleCall, guard, async ({ body }, request) => {
    const cancelled = await admin.cancelRule(actorOf(request), body);
    return ok(cancelled, formatMessage(MSG.dictRuleCancelled, { day: cancelled.effectiveFrom }));
  });

  done();
};
