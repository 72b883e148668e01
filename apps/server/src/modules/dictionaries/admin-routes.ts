// 数据字典 calls of the exchange (route dictionary). All need GJS_SYSTEM_DICT_ADMIN (admin, opsAdmin); changes are
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
import {
  MSG,
  ZDictDataRow,
  ZDictTypeRow,
  ZRuleList,
  formatMessage,
  zDictKey,
  zDictLabel,
  zDictRemark,
  zDictSort,
  zDictStatus,
} from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, parseId, zEnvelope, ZIdParams } from '../../platform/envelope.ts';
import { requirePermission } from '../../platform/guard.ts';
import type { DictionariesAdmin } from './admin.ts';

const zCode = z.string({ error: MSG.badRequest }).trim().min(1, MSG.badRequest).max(64, MSG.badRequest);
const zKeyword = z
  .string({ error: MSG.badRequest })
  .trim()
  .max(100, MSG.badRequest)
  .optional()
  .transform((keyword) => (keyword === '' ? undefined : keyword));
const zParentKey = z
  .union([z.literal(''), zDictKey], { error: MSG.dictKeyInvalid })
  .nullish()
  .transform((key) => (key === '' || key === undefined ? null : key));
const zDay = z.string({ error: MSG.dictRuleDayInvalid }).max(10, MSG.dictRuleDayInvalid);
const zNote = z
  .string({ error: MSG.dictRuleNoteTooLong })
  .trim()
  .refine((note) => [...note].length <= 200, MSG.dictRuleNoteTooLong)
  .nullish()
  .transform((note) => (note === '' || note === undefined ? null : note));
const zRuleKey = z.string({ error: MSG.dictRuleUnknown }).max(64, MSG.dictRuleUnknown);
const ZRuleSaved = z.object({ key: z.string(), effectiveFrom: z.string() });

export const dictionariesAdminRoutes: FastifyPluginCallbackZod<{ admin: DictionariesAdmin }> = (
  app,
  { admin },
  done,
) => {
  const guard = [app.authenticate, requirePermission('GJS_SYSTEM_DICT_ADMIN')];
  const tags = ['dictionary'];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  app.post(
    '/api/dict/type/list',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '字典类型列表',
        body: z.preprocess((body) => body ?? {}, z.object({ keyword: zKeyword })),
        response: { 200: zEnvelope(z.array(ZDictTypeRow)) },
      },
    },
    async (request) => ok(await admin.listTypes(request.body.keyword)),
  );

  app.post(
    '/api/dict/data/list',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '字典数据（含停用）',
        body: z.object({ code: zCode, keyword: zKeyword }),
        response: { 200: zEnvelope(z.array(ZDictDataRow)) },
      },
    },
    async (request) => ok(await admin.listData(request.body.code, request.body.keyword)),
  );

  app.post(
    '/api/dict/data/save',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '新增字典数据',
        body: z.object({
          code: zCode,
          key: zDictKey,
          label: zDictLabel,
          parentKey: zParentKey,
          sort: zDictSort,
          remark: zDictRemark,
        }),
        response: { 200: zEnvelope(ZDictDataRow) },
      },
    },
    async (request) => ok(await admin.saveData(actorOf(request), request.body), MSG.dictSaved),
  );

  app.post(
    '/api/dict/data/update/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '修改字典数据',
        description: '键值不可修改；status 1 启用，0 停用。',
        params: ZIdParams,
        body: z.object({ label: zDictLabel, sort: zDictSort, status: zDictStatus, remark: zDictRemark }),
        response: { 200: zEnvelope(ZDictDataRow) },
      },
    },
    async (request) =>
      ok(await admin.updateData(actorOf(request), parseId(request.params.id), request.body), MSG.dictSaved),
  );

  app.post(
    '/api/dict/rule/list',
    {
      preValidation: guard,
      schema: { tags, summary: '规则参数及其版本', response: { 200: zEnvelope(ZRuleList) } },
    },
    async () => ok(await admin.listRules()),
  );

  app.post(
    '/api/dict/rule/save',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '调整规则参数',
        description:
          '新版本自 effectiveFrom（YYYY-MM-DD，今天或以后）起生效；同一天再次保存时，尚未到的那天的版本被替换。',
        body: z.object({ key: zRuleKey, value: z.unknown(), effectiveFrom: zDay, note: zNote }),
        response: { 200: zEnvelope(ZRuleSaved) },
      },
    },
    async (request) => {
      const saved = await admin.saveRule(actorOf(request), request.body);
      return ok(saved, formatMessage(MSG.dictRuleSaved, { day: saved.effectiveFrom }));
    },
  );

  app.post(
    '/api/dict/rule/cancel',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '撤销待生效的规则参数版本',
        body: z.object({ key: zRuleKey, effectiveFrom: zDay }),
        response: { 200: zEnvelope(ZRuleSaved) },
      },
    },
    async (request) => {
      const cancelled = await admin.cancelRule(actorOf(request), request.body);
      return ok(cancelled, formatMessage(MSG.dictRuleCancelled, { day: cancelled.effectiveFrom }));
    },
  );

  done();
};
