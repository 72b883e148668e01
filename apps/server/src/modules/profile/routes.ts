// Recovery and personal-centre calls (spec 000 section 7, Auth and User), served from their contracts
// (packages/domain/src/contracts/profile.ts) but the avatar upload, which is multipart. Every answer is the envelope.
//
// Before sign-in (the caller's anonymous session, as the SMS code calls; codes are sent with
// POST /api/app/send/otp/retrieve {mobile}); each call is limited per IP (beyond it HTTP 429):
//   POST /api/app/user/validate/mobile     {username, mobile, otp}
//     -> {ticket} (header session-id: the anonymous session the ticket is bound to). A wrong code -> the code's
//        message; an unknown username or another mobile -> {status: 1, msg: 用户名与手机号码不匹配}.
//   POST /api/app/user/reinit/password     {ticket, password, password2}  (bearer: the same anonymous session)
//     -> {status: 0, msg: 密码已重置…}; every session of the account is signed out. A used, expired or foreign
//        ticket -> {status: 1, msg: 身份验证已失效，请重新验证手机号码}; the password policy's messages.
//   POST /api/app/search/username          {mobile, otp} -> {usernames: string[]} (may be empty)
//   GET  /api/operator/retrieve/username/{name} -> {exists: boolean}
//
// Signed in:
//   GET  /api/app/user/phone               -> {mobile, pendingPhone}, both masked (138****0001) or null
//   POST /api/app/user/update/phone        {oldOtp?, mobile, otp}: codes of purpose phone; oldOtp (to the current
//        mobile) unless mobile is the pending one; the user's other sessions are signed out
//   POST /api/operator/update/mobile       {operatorId, mobile}: a manager of the operator's company or an
//        exchange administrator sets the person's pending mobile; not a manager -> 403, another company's -> 404
//   POST /api/app/user/edit/password       {phonecode, newpassword, newpassword2}: phonecode of purpose general to
//        the own mobile; the other sessions are signed out
//   POST /api/app/update/nickname          {nickname} (1 to 20 characters once trimmed) -> the stored nickname
//   POST /api/user/avatar/upload           multipart: file (png, jpg, jpeg; at most 2 MB) -> {uuid}
//   POST /api/app/user/avatar              {uuid}: one of the caller's own uploaded avatars, else {status: 404}
//   GET  /api/app/user/sec/role            -> {available: [{code, title}], chosen: string[]}
//        (saving the choice is POST /api/app/user/sec/role of the users module)
import multipart from '@fastify/multipart';
import { MSG, SESSION_ID_HEADER } from '@cqjy/domain';
import {
  assignOperatorMobileCall,
  editPasswordCall,
  phoneCall,
  proveMobileCall,
  resetPasswordCall,
  searchUsernamesCall,
  secondaryRoleCall,
  setAvatarCall,
  updateNicknameCall,
  updatePhoneCall,
  usernameTakenCall,
} from '@cqjy/domain/contracts/profile';
import { AVATAR_MAX_MB, ZAvatarUploaded } from '@cqjy/domain/profile';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readBearerToken, readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { refused } from '../../platform/errors.ts';
import { readParts } from '../../platform/multipart.ts';
import { serve } from '../../platform/serve.ts';
import type { ReceivedFile } from '../attachments/service.ts';
import type { ProfileService } from './service.ts';

const BYTES_PER_MB = 1024 * 1024;

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  await app.register(multipart, {
    // The size is judged by the avatar rule, with its message, not by a generic 413.
    throwFileSizeLimit: false,
    limits: {
      // One byte past the limit shows the parser cut the file.
      fileSize: AVATAR_MAX_MB * BYTES_PER_MB + 1,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 100,
    },
  });

  const recoveryLimit = { config: { rateLimit: { max: profile.recoveryRateMax, timeWindow: '1 minute' } } };
  const signedIn = [app.authenticate];

  /** The caller's live anonymous session, a new one when it has none; handed back in the session-id header. */
  async function openAnonymous(request: FastifyRequest, reply: FastifyReply): Promise<number> {
    const anonymous = await profile.openAnonymousSession({
      ...readOrigin(request),
      token: readBearerToken(request),
    });
    reply.header(SESSION_ID_HEADER, anonymous.token);
    return anonymous.sessionId;
  }

  const actorOf = (request: FastifyRequest) => ({ ...requireSession(request), ...readOrigin(request) });

  serve(
    app,
    proveMobileCall,
    'public',
    async ({ body }, request, reply) => {
      const sessionId = await openAnonymous(request, reply);
      return ok(await profile.proveMobile({ ...readOrigin(request), sessionId }, body));
    },
    recoveryLimit,
  );

  serve(
    app,
    resetPasswordCall,
    'public',
    async ({ body }, request) => {
      const sessionId = await profile.findAnonymousSessionId(readBearerToken(request));
      await profile.resetPassword({ ...readOrigin(request), sessionId }, body);
      return ok(null, MSG.passwordResetOk);
    },
    recoveryLimit,
  );

  serve(
    app,
    searchUsernamesCall,
    'public',
    async ({ body }, request) => {
      const result = await profile.searchUsernames(readOrigin(request), body);
      return ok(result, result.usernames.length === 0 ? MSG.usernamesNone : MSG.usernamesFound);
    },
    recoveryLimit,
  );

  serve(
    app,
    usernameTakenCall,
    'public',
    async ({ params }) => ok({ exists: await profile.isUsernameTaken(params.name) }),
    recoveryLimit,
  );

  serve(app, phoneCall, signedIn, async (_, request) => ok(await profile.getPhone(actorOf(request))));

  serve(app, updatePhoneCall, signedIn, async ({ body }, request) => {
    await profile.updatePhone(actorOf(request), body);
    return ok(null, MSG.phoneUpdated);
  });

  serve(app, assignOperatorMobileCall, signedIn, async ({ body }, request) => {
    await profile.assignOperatorMobile(actorOf(request), body);
    return ok(null, MSG.pendingPhoneSet);
  });

  serve(app, editPasswordCall, signedIn, async ({ body }, request) => {
    await profile.editPassword(actorOf(request), body);
    return ok(null, MSG.passwordChanged);
  });

  serve(app, updateNicknameCall, signedIn, async ({ body }, request) => {
    const nickname = await profile.updateNickname(actorOf(request), body.nickname);
    return ok({ nickname }, MSG.nicknameUpdated);
  });

  // Multipart: the file is streamed to the attachments module, so no contract describes a body here.
  app.post(
    '/api/user/avatar/upload',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: '上传头像图片',
        description: `multipart/form-data：file（png、jpg、jpeg，不超过 ${AVATAR_MAX_MB}M）。返回 uuid，再以 POST /api/app/user/avatar 设为头像。`,
        response: { 200: zEnvelope(ZAvatarUploaded) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!request.isMultipart()) throw refused(MSG.uploadFileMissing);
      let file: ReceivedFile | undefined;
      let isTruncated = false;
      try {
        for await (const part of readParts(request)) {
          if (part.type !== 'file') continue;
          if (part.fieldname === 'file' && file === undefined) {
            file = await profile.receiveAvatar(part.file, part.filename);
            isTruncated = part.file.truncated;
          } else {
            part.file.resume();
          }
        }
        if (file === undefined) throw refused(MSG.uploadFileMissing);
        return ok({ uuid: await profile.uploadAvatar(actor, file, isTruncated) });
      } finally {
        // A no-op once the file was stored; otherwise the temp file goes.
        if (file?.isAccepted === true) await file.staged.discard();
      }
    },
  );

  serve(app, setAvatarCall, signedIn, async ({ body }, request) => {
    await profile.setAvatar(actorOf(request), body.uuid);
    return ok(null, MSG.avatarUpdated);
  });

  serve(app, secondaryRoleCall, signedIn, async (_, request) =>
    ok(await profile.getSecondaryRole(actorOf(request))),
  );
};
