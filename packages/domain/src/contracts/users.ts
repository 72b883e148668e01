// The calls of the signed-in user (spec 000 sections 3, 6 and 7, User): who am I (userinfo), what may I do (the
// role's permissions, the company's per business type), switching identity, the welcome prompt (gate 6) and the secondary role. The welcome picture
// (GET /api/operator/welcome/image) answers an SVG, no envelope: it stays described by its route.
import { z } from 'zod';
import type { PermissionsResult, SessionUser } from '../api.ts';
import { isBusinessTypeKey } from '../business-types.ts';
import { defineCall, ZIdPath } from '../contract.ts';
import { MSG } from '../messages.ts';
import { ZLoginResult } from '../login-result.ts';

export const ZSessionUser = z.object({
  id: z.number(),
  username: z.string(),
  nickname: z.string().nullable(),
  mobile: z.string().nullable(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  identityType: z.number(),
  examineStatus: z.number().nullable(),
  idType: z.number().nullable(),
  realName: z.string().nullable(),
  manager: z.boolean(),
  validated: z.boolean(),
  authStatus: z.number(),
  companyAuthStatus: z.number(),
  mainOperatorAuth: z.boolean(),
  prompt: z.boolean(),
  setupPassword: z.boolean(),
  pendingPhone: z.string().nullable(),
  advancedAuthFlag: z.boolean(),
  passwordExpired: z.boolean(),
  avatarUuid: z.string().nullable(),
  identities: z.array(
    z.object({ id: z.number(), identityType: z.number(), companyName: z.string().nullable() }),
  ),
}) satisfies z.ZodType<SessionUser>;

const ZProjectPermission = z.object({ businessType: z.string(), projectAssetType: z.array(z.string()) });

export const ZPermissions = z.object({
  permission: z.array(z.string()),
  permissionProject: z.array(ZProjectPermission),
}) satisfies z.ZodType<PermissionsResult>;

/** POST /api/app/userinfo: the signed-in operator. */
export const userInfoCall = defineCall({
  method: 'POST',
  path: '/api/app/userinfo',
  tag: 'user',
  summary: '当前登录用户信息',
  answer: ZSessionUser,
});

/** GET /api/app/user/role/permissions?actualProjectData=1: the codes, and the project permissions when asked. */
export const rolePermissionsCall = defineCall({
  method: 'GET',
  path: '/api/app/user/role/permissions',
  tag: 'user',
  summary: '当前角色的权限码与项目权限',
  query: z.object({
    actualProjectData: z.coerce.number().int().optional().describe('为 1 时同时返回项目权限'),
  }),
  answer: ZPermissions,
});

/**
 * GET /api/app/get/business/permission?businessType=5: the caller company's asset types per business type, the
 * permissionProject of the permissions call: every business type in its order (business-types.ts), or only the
 * one asked for. A business type that does not exist is refused.
 */
export const businessPermissionCall = defineCall({
  method: 'GET',
  path: '/api/app/get/business/permission',
  tag: 'user',
  summary: '按业务类型查询项目权限',
  query: z.object({
    businessType: z
      .string({ error: MSG.businessTypeUnknown })
      .refine(isBusinessTypeKey, MSG.businessTypeUnknown)
      .optional()
      .describe('业务类型（1 至 12）；不传时返回全部业务类型'),
  }),
  answer: z.array(ZProjectPermission),
});

/**
 * POST /api/app/switch/{id}: id is one of userinfo.identities[].id -> a new token, the old one revoked; another
 * person's or an unknown id answers 404.
 */
export const switchIdentityCall = defineCall({
  method: 'POST',
  path: '/api/app/switch/:id',
  tag: 'user',
  summary: '切换身份',
  description: 'id 为 userinfo.identities 中的一项；成功后旧令牌失效，使用返回的新令牌。',
  params: ZIdPath,
  answer: ZLoginResult,
});

/** POST /api/operator/cancel/prompt: userinfo.prompt is false from then on. */
export const cancelPromptCall = defineCall({
  method: 'POST',
  path: '/api/operator/cancel/prompt',
  tag: 'user',
  summary: '不再显示欢迎页',
  answer: z.null(),
});

/**
 * POST /api/app/user/sec/role {codes}: the permissions call then answers the role's codes plus the chosen codes
 * the company's role allows.
 */
export const secondaryRoleCall = defineCall({
  method: 'POST',
  path: '/api/app/user/sec/role',
  tag: 'user',
  summary: '设置二级角色',
  description: '保存所选权限码；只有机构角色允许的权限码生效。',
  body: z.object({
    codes: z.array(z.string().max(64, MSG.badRequest), { error: MSG.badRequest }).max(200, MSG.badRequest),
  }),
  answer: z.null(),
});
