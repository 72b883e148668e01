// 机动车处置 calls (spec 001 section 7: /api/project/disposalApply... and /api/project/motorVehicle/..., with
// signatureAndSubmit at 120,000 ms and inputVehicleData at 60,000 ms; the rules are vehicle-disposal.ts' and
// vehicle-parties.ts', the answers vehicle-views.ts'). The application's own form calls are the project kind's
// (contracts/project-kinds.ts: /api/project/disposalApply, .../update/{id}, .../project/{id}, .../{id}/submit and
// the family's /api/project/motorVehicle/...); these are the vehicles' and the course's. Who may ask: the
// project's owner, the exchange, the assessment institution assigned to it, the dismantler it was dealt to; a listed
// disposal's public facts (plates masked) any member or dismantler. Anyone else, and another company's vehicle: 404.
// A stale version: 409.
import { z } from 'zod';
import { ZAttachmentItem } from '../attachment-item.ts';
import { defineCall, ZIdPath, zRowId, ZSaved, zVersion, zVersionOrNew } from '../contract.ts';
import { MSG } from '../messages.ts';
import { ZSheetImportPreview, ZSheetImportResult } from '../projects/sheets.ts';
import { DISPOSAL_VEHICLES_MAX, REVOKE_REASON_MAX, ZVehicleInput } from '../vehicle-disposal.ts';
import {
  ZDismantlerLicenceInput,
  ZExpertOpinionInput,
  ZReceivingInput,
  ZVehicleAppraisal,
  ZVehicleDealInput,
} from '../vehicle-parties.ts';
import {
  ZDismantlerLicenceView,
  ZDisposalParty,
  ZDisposalVehicle,
  ZVehicleDisposalView,
} from '../vehicle-views.ts';
import { ZSignRequest, zOtp } from './workflow.ts';

const APPLY = '/api/project/disposalApply';
const VEHICLE = '/api/project/motorVehicle';

const zUuid = z.string({ error: MSG.badRequest }).uuid(MSG.badRequest);
const ZVersionAnswer = z.object({ version: z.number() });
const zItemIds = z
  .array(zRowId, { error: MSG.vehicleBatchEmpty })
  .min(1, MSG.vehicleBatchEmpty)
  .max(DISPOSAL_VEHICLES_MAX, MSG.badRequest);

/** GET /api/project/disposalApply/show/{id}: the disposal with its vehicles, as the viewer may see them. */
export const showDisposalCall = defineCall({
  method: 'GET',
  path: `${APPLY}/show/:id`,
  tag: 'vehicle',
  summary: '机动车处置详情（车辆、评估、成交与接收）',
  description: '号牌号码仅向车辆所有人和交易所完整显示，其他人看到隐去后4位的号牌（carNumberPublish）。',
  params: ZIdPath,
  answer: ZVehicleDisposalView,
});

/** One vehicle with its files (the entry's edit screen). */
export const ZVehicleDetail = ZDisposalVehicle.extend({
  projectId: z.number(),
  files: z.array(ZAttachmentItem),
});

/** GET /api/project/disposalApply/item/{id}: one vehicle of the disposal, with its photos and certificate. */
export const showVehicleCall = defineCall({
  method: 'GET',
  path: `${APPLY}/item/:id`,
  tag: 'vehicle',
  summary: '处置车辆详情',
  params: ZIdPath,
  answer: ZVehicleDetail,
});

/** POST /api/project/disposalApply/item/save {projectId, ...vehicle}: a vehicle added to a draft (车辆信息录入). */
export const saveVehicleCall = defineCall({
  method: 'POST',
  path: `${APPLY}/item/save`,
  tag: 'vehicle',
  summary: '录入处置车辆',
  body: ZVehicleInput.extend({ projectId: zRowId }),
  answer: ZSaved,
});

/** POST /api/project/disposalApply/item/update/{id} {version, ...vehicle} (车辆信息修改). */
export const updateVehicleCall = defineCall({
  method: 'POST',
  path: `${APPLY}/item/update/:id`,
  tag: 'vehicle',
  summary: '修改处置车辆',
  params: ZIdPath,
  body: ZVehicleInput.extend({ version: zVersion }),
  answer: ZSaved,
});

/** POST /api/project/disposalApply/item/delete/{id} {version}: a vehicle taken off a draft. */
export const deleteVehicleCall = defineCall({
  method: 'POST',
  path: `${APPLY}/item/delete/:id`,
  tag: 'vehicle',
  summary: '删除处置车辆',
  params: ZIdPath,
  body: z.object({ version: zVersion }),
  answer: z.object({ id: z.number() }),
});

/** GET /api/project/motorVehicle/template: the import template (.xlsx); a file, not the envelope. */
export const VEHICLE_TEMPLATE_PATH = `${VEHICLE}/template` as const;

const ZImportBody = z.object({ projectId: zRowId, uuid: zUuid });

/** POST /api/project/motorVehicle/inputVehicleData/preview {projectId, uuid}: the rows checked, nothing stored. */
export const previewVehicleImportCall = defineCall({
  method: 'POST',
  path: `${VEHICLE}/inputVehicleData/preview`,
  tag: 'vehicle',
  summary: '车辆信息导入预览',
  body: ZImportBody,
  answer: ZSheetImportPreview,
});

/** POST /api/project/motorVehicle/inputVehicleData {projectId, uuid}: the good rows stored (up to a minute). */
export const inputVehicleDataCall = defineCall({
  method: 'POST',
  path: `${VEHICLE}/inputVehicleData`,
  tag: 'vehicle',
  summary: '导入车辆信息（跳过有误的行）',
  body: ZImportBody,
  answer: ZSheetImportResult,
});

/** GET /api/project/disposalApply/appraisers: the assessment institutions the exchange may assign. */
export const listAppraisersCall = defineCall({
  method: 'GET',
  path: `${APPLY}/appraisers`,
  tag: 'vehicle',
  summary: '可指派的评估机构',
  answer: z.array(ZDisposalParty),
});

/** POST /api/project/disposalApply/assign {projectId, version, companyId}: the exchange assigns the firm. */
export const assignAppraiserCall = defineCall({
  method: 'POST',
  path: `${APPLY}/assign`,
  tag: 'vehicle',
  summary: '指派评估机构',
  body: z.object({
    projectId: zRowId,
    version: zVersionOrNew,
    companyId: z
      .number({ error: MSG.vehicleAppraiserRequired })
      .int(MSG.vehicleAppraiserRequired)
      .min(1, MSG.vehicleAppraiserRequired)
      .max(2_147_483_647, MSG.vehicleAppraiserRequired),
  }),
  answer: ZVersionAnswer,
});

/** POST /api/project/disposalApply/assessment/save: the firm's values and opinions so far (评估意见). */
export const saveAppraisalCall = defineCall({
  method: 'POST',
  path: `${APPLY}/assessment/save`,
  tag: 'vehicle',
  summary: '保存车辆评估意见',
  body: z.object({
    projectId: zRowId,
    version: zVersion,
    appraisalBaseDate: z.string({ error: MSG.badRequest }).max(10, MSG.badRequest).default(''),
    vehicles: z
      .array(ZVehicleAppraisal, { error: MSG.badRequest })
      .max(DISPOSAL_VEHICLES_MAX, MSG.badRequest),
  }),
  answer: ZVersionAnswer,
});

/** POST /api/project/disposalApply/assessment/submit {projectId, version}: the appraisal to the owner. */
export const submitAppraisalCall = defineCall({
  method: 'POST',
  path: `${APPLY}/assessment/submit`,
  tag: 'vehicle',
  summary: '提交车辆评估结果',
  description: '每辆车均须有评估价值与评估意见，并已上传评估报告；提交后由车辆所有人确认。',
  body: z.object({ projectId: zRowId, version: zVersion }),
  answer: ZVersionAnswer,
});

/** POST /api/project/disposalApply/expert/save: an expert's opinion the firm asked for (专家意见). */
export const saveExpertOpinionCall = defineCall({
  method: 'POST',
  path: `${APPLY}/expert/save`,
  tag: 'vehicle',
  summary: '登记专家意见',
  body: ZExpertOpinionInput.extend({ createId: z.string().max(64).optional() }),
  answer: z.object({ id: z.number() }),
});

/** POST /api/project/disposalApply/expert/delete/{id}: an expert's opinion withdrawn before the submission. */
export const deleteExpertOpinionCall = defineCall({
  method: 'POST',
  path: `${APPLY}/expert/delete/:id`,
  tag: 'vehicle',
  summary: '删除专家意见',
  params: ZIdPath,
  answer: z.object({ id: z.number() }),
});

/** POST /api/project/disposalApply/result/confirm {projectId, version}: the owner accepts the appraisal. */
export const confirmResultCall = defineCall({
  method: 'POST',
  path: `${APPLY}/result/confirm`,
  tag: 'vehicle',
  summary: '确认评估结果',
  description: '确认后为每辆车生成机动车挂牌申请函（挂牌价格为评估价值），等待电子签章。',
  body: z.object({ projectId: zRowId, version: zVersion }),
  answer: ZVersionAnswer,
});

/** POST /api/project/disposalApply/result/back {projectId, version, reason}: the appraisal back to the firm. */
export const returnResultCall = defineCall({
  method: 'POST',
  path: `${APPLY}/result/back`,
  tag: 'vehicle',
  summary: '退回评估结果',
  body: z.object({
    projectId: zRowId,
    version: zVersion,
    reason: z.string({ error: MSG.returnReasonRequired }).max(5000, MSG.returnReasonRequired),
  }),
  answer: ZVersionAnswer,
});

/** POST /api/project/motorVehicle/sign/otp {itemIds}: the sign code bound to those vehicles' letters. */
export const sendVehicleSignCodeCall = defineCall({
  method: 'POST',
  path: `${VEHICLE}/sign/otp`,
  tag: 'vehicle',
  summary: '获取车辆申请函电子签章验证码',
  description: '验证码绑定所选车辆当前待签章的申请函（单辆或批量）。',
  body: z.object({ itemIds: zItemIds }),
  answer: z.object({ isSent: z.boolean() }),
});

/** POST /api/project/motorVehicle/sign/otp/check {itemIds, otp}: status 0, or 1 with the message; not used up. */
export const checkVehicleSignCodeCall = defineCall({
  method: 'POST',
  path: `${VEHICLE}/sign/otp/check`,
  tag: 'vehicle',
  summary: '校验车辆申请函电子签章验证码（不消耗）',
  body: z.object({ itemIds: zItemIds, otp: zOtp, mobile: z.string().max(20).optional() }),
  answer: z.null(),
});

/** POST /api/project/motorVehicle/signature: one vehicle's waiting letter (listing or revocation) signed. */
export const signVehicleCall = defineCall({
  method: 'POST',
  path: `${VEHICLE}/signature`,
  tag: 'vehicle',
  summary: '车辆申请函电子签章（单辆）',
  description:
    'dataId 为车辆 id，task 为其待办任务。挂牌申请函签章后车辆挂牌；撤销挂牌申请函签章后车辆撤牌。',
  body: ZSignRequest,
  answer: ZSaved,
});

/**
 * POST /api/project/motorVehicle/signatureAndSubmit {taskIds, otp, passDate}: the caller's listing letters of many
 * vehicles signed with one code in one call, all or none (a vehicle that cannot be signed refuses the batch).
 */
export const signatureAndSubmitCall = defineCall({
  method: 'POST',
  path: `${VEHICLE}/signatureAndSubmit`,
  tag: 'vehicle',
  summary: '车辆挂牌申请函批量电子签章并提交',
  description: '一次签章所选待办任务的全部申请函；任何一辆不能签章则整批不签章。前端超时 120,000 ms。',
  body: z.object({
    taskIds: zItemIds,
    otp: zOtp,
    passDate: z.string({ error: MSG.badRequest }).max(40, MSG.badRequest).default(''),
  }),
  answer: z.object({ count: z.number() }),
});

/** POST /api/project/motorVehicle/revoke {itemId, version, reason}: the revocation letter drawn for signature. */
export const revokeVehicleCall = defineCall({
  method: 'POST',
  path: `${VEHICLE}/revoke`,
  tag: 'vehicle',
  summary: '申请撤销挂牌',
  body: z.object({
    itemId: zRowId,
    version: zVersion,
    reason: z
      .string({ error: MSG.vehicleRevokeReasonRequired })
      .trim()
      .min(1, MSG.vehicleRevokeReasonRequired)
      .max(REVOKE_REASON_MAX, MSG.vehicleRevokeReasonRequired),
  }),
  answer: ZSaved,
});

/** GET /api/project/motorVehicle/dismantlers: the dismantlers whose licence is in force today. */
export const listDismantlersCall = defineCall({
  method: 'GET',
  path: `${VEHICLE}/dismantlers`,
  tag: 'vehicle',
  summary: '具备资质的报废机动车回收拆解企业',
  answer: z.array(ZDisposalParty),
});

/** POST /api/project/motorVehicle/dealConfirm: the exchange's deal of listed vehicles with a dismantler. */
export const confirmDealCall = defineCall({
  method: 'POST',
  path: `${VEHICLE}/dealConfirm`,
  tag: 'vehicle',
  summary: '成交确认',
  description: '报废机动车仅可成交给资质认定书在有效期内的拆解企业；成交价格不得低于挂牌价格。',
  body: ZVehicleDealInput,
  answer: ZVersionAnswer,
});

/** POST /api/project/motorVehicle/receiving: the dismantler's application to receive the vehicles dealt to it. */
export const submitReceivingCall = defineCall({
  method: 'POST',
  path: `${VEHICLE}/receiving`,
  tag: 'vehicle',
  summary: '接收申请',
  description: '拆解企业的资质认定书须在有效期内；提交后为每辆车建立拆解记录。',
  body: ZReceivingInput,
  answer: ZVersionAnswer,
});

/** GET /api/project/motorVehicle/licence: the caller's own dismantler licence. */
export const showLicenceCall = defineCall({
  method: 'GET',
  path: `${VEHICLE}/licence`,
  tag: 'vehicle',
  summary: '本企业报废机动车回收拆解资质',
  answer: ZDismantlerLicenceView,
});

/** POST /api/project/motorVehicle/licence: the dismantler records its licence, with its scan uploaded first. */
export const saveLicenceCall = defineCall({
  method: 'POST',
  path: `${VEHICLE}/licence`,
  tag: 'vehicle',
  summary: '登记报废机动车回收拆解资质',
  body: ZDismantlerLicenceInput,
  answer: ZVersionAnswer,
});
