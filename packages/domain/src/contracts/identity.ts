// The identity calls (spec 000 section 7: Auth, User, Operator identity; the /auth, /scanCode, /faceConfirm and
// /perfectInformation pages, and the company-authentication review of 机构管理): real-name, company and face
// authentication, the first password and the completion of the login information. Refusals (status 1) carry the
// Chinese message of the rule. The face confirmation is public (the person's phone holds no session); the review
// needs GJS_SYSTEM_ADMIN; every other call a signed-in user.
import { z } from 'zod';
import { defineCall, zPage, zPathId, zSize } from '../contract.ts';
import {
  ZAuthStatusResult,
  ZCompanyAuthApplication,
  ZFaceAuthLink,
  ZFaceAuthResult,
  ZFaceConfirmView,
  ZUserAuthentication,
} from '../identity-auth.ts';
import { MSG } from '../messages.ts';

export const COMPANY_AUTH_REVIEW_CODE = 'GJS_SYSTEM_ADMIN';

const ZRequestBody = z.object({ requestId: z.string({ error: MSG.badRequest }).max(64, MSG.badRequest) });

const ZPasswords = {
  password: z.string({ error: MSG.passwordRequired }).max(256, MSG.passwordLength),
  password2: z.string({ error: MSG.passwordRepeatRequired }).max(256, MSG.passwordMismatch),
};

/** The secret of a face link, as the QR code carries it. */
const ZTokenParams = z.object({ token: z.string().max(128) });

/** GET /api/app/validate/authstatus: what /auth must still ask for (needs). */
export const authStatusCall = defineCall({
  method: 'GET',
  path: '/api/app/validate/authstatus',
  tag: 'identity',
  summary: '开户信息认证状态',
  description: 'needs 列出 /auth 页面仍须完成的事项：实名认证、企业认证、设置密码、确认新手机号。',
  answer: ZAuthStatusResult,
});

/** GET /api/app/user/authentication: the ID number masked. */
export const authenticationCall = defineCall({
  method: 'GET',
  path: '/api/app/user/authentication',
  tag: 'identity',
  summary: '当前用户的实名与企业认证信息',
  answer: ZUserAuthentication,
});

/** POST /api/operator/idcard: the user is 认证中 until the face authentication is decided. */
export const startRealNameCall = defineCall({
  method: 'POST',
  path: '/api/operator/idcard',
  tag: 'identity',
  summary: '提交实名信息，发起人脸核验',
  body: z.object({
    realName: z.string({ error: MSG.realNameRequired }).max(100, MSG.realNameLength),
    idType: z.number({ error: MSG.idTypeRequired }).int(MSG.idTypeRequired),
    idCard: z.string({ error: MSG.idNumberRequired }).max(64, MSG.idNumberInvalid),
  }),
  answer: z.object({ requestId: z.string() }),
});
export type RealNameBody = z.input<typeof startRealNameCall.body>;

/** POST /api/operator/face: each call replaces the link's secret; another user's request answers 404. */
export const faceLinkCall = defineCall({
  method: 'POST',
  path: '/api/operator/face',
  tag: 'identity',
  summary: '人脸核验二维码',
  description: '每次调用生成新的二维码，旧二维码随即失效。',
  body: ZRequestBody,
  answer: ZFaceAuthLink,
});

/** POST /api/operator/result: {status, statusLabel} (FACE_AUTH_STATUS). */
export const faceResultCall = defineCall({
  method: 'POST',
  path: '/api/operator/result',
  tag: 'identity',
  summary: '人脸核验结果',
  body: ZRequestBody,
  answer: ZFaceAuthResult,
});

/** GET /api/operator/result/cfcaUrlData: the caller's pending request for that number, else status 1. */
export const faceLinkByIdCardCall = defineCall({
  method: 'GET',
  path: '/api/operator/result/cfcaUrlData',
  tag: 'identity',
  summary: '进行中的人脸核验链接',
  query: z.object({
    idcard: z.string({ error: MSG.idNumberRequired }).min(1, MSG.idNumberRequired).max(64),
  }),
  answer: ZFaceAuthLink,
});

/** GET /api/face/confirm/{token}: public; the person masked (张*, 110****1234). */
export const viewFaceConfirmCall = defineCall({
  method: 'GET',
  path: '/api/face/confirm/:token',
  tag: 'identity',
  summary: '人脸核验确认页信息（无需登录）',
  params: ZTokenParams,
  answer: ZFaceConfirmView,
});

/** POST /api/face/confirm/{token}: public, once; decided answers 409, expired status 1 (二维码已过期…). */
export const decideFaceConfirmCall = defineCall({
  method: 'POST',
  path: '/api/face/confirm/:token',
  tag: 'identity',
  summary: '确认或拒绝人脸核验（无需登录）',
  description: '只能处理一次；再次处理返回 409，二维码过期返回 1。',
  params: ZTokenParams,
  body: z.object({ agree: z.boolean({ error: MSG.badRequest }) }),
  answer: ZFaceAuthResult,
});

/**
 * POST /api/app/validate/company: companyAuthStatus 1 at once (basic), 2 under review (advanced; the licence
 * uploaded with dataClass companyAuth, dataId createId).
 */
export const validateCompanyCall = defineCall({
  method: 'POST',
  path: '/api/app/validate/company',
  tag: 'identity',
  summary: '企业认证',
  description:
    '转让方、土地资产管理、交易所：名称与统一社会信用代码须与开户信息一致，立即认证通过。' +
    '会员、评估机构、拆解企业（高级认证）：须上传营业执照（dataClass companyAuth，dataId 为 createId），由交易所审核。',
  body: z.object({
    companyName: z.string({ error: MSG.companyNameRequired }).max(100, MSG.companyMismatch),
    creditCode: z.string({ error: MSG.creditCodeInvalid }).max(32, MSG.creditCodeInvalid),
    legalPerson: z.string().max(50, MSG.badRequest).optional(),
    licenceUuid: z.string().max(64, MSG.licenceMissing).optional(),
    createId: z.string().max(64, MSG.licenceMissing).optional(),
  }),
  answer: z.object({ companyAuthStatus: z.number() }),
});
export type CompanyAuthBody = z.input<typeof validateCompanyCall.body>;

/** POST /api/company/auth/list: GJS_SYSTEM_ADMIN; the applications, newest first. */
export const listCompanyAuthCall = defineCall({
  method: 'POST',
  path: '/api/company/auth/list',
  tag: 'identity',
  summary: '企业认证审核列表',
  body: z.object({
    // a filter on an int4 column: beyond its range the database would fail the query (a 500)
    status: z.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
    page: zPage,
    size: zSize,
  }),
  answer: z.object({ list: z.array(ZCompanyAuthApplication), total: z.number() }),
});
export type CompanyAuthListQuery = z.input<typeof listCompanyAuthCall.body>;

/** POST /api/company/auth/examine/{id}: GJS_SYSTEM_ADMIN; only an application under review; a refusal needs a reason. */
export const examineCompanyAuthCall = defineCall({
  method: 'POST',
  path: '/api/company/auth/examine/:id',
  tag: 'identity',
  summary: '审核企业认证',
  description: '仅审核中的申请可处理；退回须填写原因。',
  params: z.object({ id: zPathId }),
  body: z.object({
    pass: z.boolean({ error: MSG.badRequest }),
    reason: z.string().max(2000, MSG.badRequest).optional(),
  }),
  answer: z.null(),
});
export type CompanyAuthExamineBody = z.input<typeof examineCompanyAuthCall.body>;

/** POST /api/app/user/setup/password: gate 3, the first password. */
export const setupPasswordCall = defineCall({
  method: 'POST',
  path: '/api/app/user/setup/password',
  tag: 'identity',
  summary: '设置登录密码',
  body: z.object(ZPasswords),
  answer: z.null(),
});
export type SetupPasswordBody = z.input<typeof setupPasswordCall.body>;

/** POST /api/app/setup/account: /perfectInformation, once. */
export const setupAccountCall = defineCall({
  method: 'POST',
  path: '/api/app/setup/account',
  tag: 'identity',
  summary: '完善登录信息（用户名与密码）',
  body: z.object({
    username: z.string({ error: MSG.usernameRequired }).max(64, MSG.usernameRule),
    ...ZPasswords,
  }),
  answer: z.null(),
});
export type SetupAccountBody = z.input<typeof setupAccountCall.body>;
