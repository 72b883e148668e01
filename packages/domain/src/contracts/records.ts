// The dismantling records (spec 001 section 7: /api/record/... update, show, back/last/step, verify/step, submit,
// signature, termination; the rules are vehicle-records.ts'). The dismantler the vehicle was dealt to keeps its
// record; the vehicle's owner and the exchange read it; anyone else: 404. A stale version: 409.
import { z } from 'zod';
import { defineCall, ZIdPath, zRowId, ZSaved, zVersion } from '../contract.ts';
import { MSG } from '../messages.ts';
import { RECORD_STEPS, ZDismantlingRecord, ZRecordRow } from '../vehicle-records.ts';
import { ZSignRequest, zOtp } from './workflow.ts';

const ZRecordVersion = z.object({ id: zRowId, version: zVersion });

/** GET /api/record/show/{id}: the record with its steps, photos and letters. */
export const showRecordCall = defineCall({
  method: 'GET',
  path: '/api/record/show/:id',
  tag: 'record',
  summary: '拆解记录详情',
  params: ZIdPath,
  answer: ZDismantlingRecord,
});

/** GET /api/record/list/{id}: the records of project `id` (the dismantler's own; the owner and exchange: all). */
export const listRecordsCall = defineCall({
  method: 'GET',
  path: '/api/record/list/:id',
  tag: 'record',
  summary: '项目的拆解记录',
  params: ZIdPath,
  answer: z.array(ZRecordRow),
});

const zStep = z.enum(
  RECORD_STEPS.map((step) => step.key) as [(typeof RECORD_STEPS)[number]['key'], ...string[]],
  { error: MSG.badRequest },
);

/** POST /api/record/update {id, version, step, data}: the current step's facts saved (not yet verified). */
export const updateRecordCall = defineCall({
  method: 'POST',
  path: '/api/record/update',
  tag: 'record',
  summary: '保存拆解记录（当前步骤）',
  body: ZRecordVersion.extend({
    step: zStep,
    data: z.record(z.string(), z.unknown(), { error: MSG.badRequest }),
  }),
  answer: ZSaved,
});

/** POST /api/record/verify/step {id, version}: the current step checked and, if sound, the next one opened. */
export const verifyRecordStepCall = defineCall({
  method: 'POST',
  path: '/api/record/verify/step',
  tag: 'record',
  summary: '校验当前步骤并进入下一步',
  body: ZRecordVersion,
  answer: ZSaved,
});

/** POST /api/record/back/last/step {id, version}: the step before reopened for correction. */
export const backRecordStepCall = defineCall({
  method: 'POST',
  path: '/api/record/back/last/step',
  tag: 'record',
  summary: '返回上一步骤',
  body: ZRecordVersion,
  answer: ZSaved,
});

/** POST /api/record/submit {id, version}: every step verified, the record's letter drawn for signature. */
export const submitRecordCall = defineCall({
  method: 'POST',
  path: '/api/record/submit',
  tag: 'record',
  summary: '提交拆解记录（生成拆解记录函）',
  body: ZRecordVersion,
  answer: ZSaved,
});

/** POST /api/record/signature: the record's letter e-signed with the SMS code; the vehicle is dismantled. */
export const signRecordCall = defineCall({
  method: 'POST',
  path: '/api/record/signature',
  tag: 'record',
  summary: '拆解记录电子签章',
  description: 'dataId 为拆解记录 id。',
  body: ZSignRequest,
  answer: ZSaved,
});

/** POST /api/record/termination {id, version}: a submitted record's letter withdrawn before its signature. */
export const terminateRecordCall = defineCall({
  method: 'POST',
  path: '/api/record/termination',
  tag: 'record',
  summary: '撤回拆解记录',
  body: ZRecordVersion,
  answer: ZSaved,
});

/** POST /api/record/sign/otp {id}: the sign code, to the caller's own mobile, bound to the record's letter. */
export const sendRecordSignCodeCall = defineCall({
  method: 'POST',
  path: '/api/record/sign/otp',
  tag: 'record',
  summary: '获取拆解记录电子签章验证码',
  body: z.object({ id: zRowId }),
  answer: z.object({ isSent: z.boolean() }),
});

/** POST /api/record/sign/otp/check {id, otp}: status 0, or 1 with the message; the code is not used up. */
export const checkRecordSignCodeCall = defineCall({
  method: 'POST',
  path: '/api/record/sign/otp/check',
  tag: 'record',
  summary: '校验拆解记录电子签章验证码（不消耗）',
  body: z.object({ id: zRowId, otp: zOtp, mobile: z.string().max(20).optional() }),
  answer: z.null(),
});
