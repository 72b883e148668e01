// Routes of real-name, company and face authentication, password setup and login-information completion (spec 000
// section 7: Auth, User, Operator identity), served from their contracts (packages/domain/src/contracts/identity.ts).
// Every answer is the envelope; refusals are {status: 1, msg}.
//
//   GET  /api/app/validate/authstatus          -> AuthStatusResult: what /auth must still ask for (needs)
//   GET  /api/app/user/authentication          -> UserAuthentication (ID number masked)
//   POST /api/operator/idcard                  {realName, idType, idCard} -> {requestId}; the user is 认证中
//   POST /api/operator/face                    {requestId} -> {confirmUrl, qrSvg, expiresAt, realNameMasked};
//                                              each call replaces the link's secret; another user's id -> 404
//   POST /api/operator/result                  {requestId} -> {status, statusLabel} (FACE_AUTH_STATUS)
//   GET  /api/operator/result/cfcaUrlData      ?idcard= -> {confirmUrl, expiresAt, realNameMasked} of the caller's
//                                              pending request for that number, else {status: 1}
//   GET  /api/face/confirm/{token}             public -> {realName 张*, idCard 110****1234, status, expiresAt}
//   POST /api/face/confirm/{token}             public {agree} -> {status, statusLabel}; decided -> {status: 409};
//                                              expired -> {status: 1, msg: 二维码已过期，请在电脑端刷新}
//   POST /api/app/validate/company             {companyName, creditCode, legalPerson?, licenceUuid?, createId?}
//                                              -> {companyAuthStatus}: 1 at once (basic), 2 under review (advanced;
//                                              the licence uploaded with dataClass companyAuth, dataId createId)
//   POST /api/company/auth/list                GJS_SYSTEM_ADMIN {status?, page, size} -> {list, total}
//   POST /api/company/auth/examine/{id}        GJS_SYSTEM_ADMIN {pass, reason?} -> {status: 0}
//   POST /api/app/user/setup/password          {password, password2} -> {status: 0} (gate 3)
//   POST /api/app/setup/account                {username, password, password2} -> {status: 0} (once)
import { MSG } from '@cqjy/domain';
import {
  authenticationCall,
  authStatusCall,
  COMPANY_AUTH_REVIEW_CODE,
  decideFaceConfirmCall,
  examineCompanyAuthCall,
  faceLinkByIdCardCall,
  faceLinkCall,
  faceResultCall,
  listCompanyAuthCall,
  setupAccountCall,
  setupPasswordCall,
  startRealNameCall,
  validateCompanyCall,
  viewFaceConfirmCall,
} from '@cqjy/domain/contracts/identity';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requirePermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { IdentityService } from './service.ts';

/** Public confirmation calls per IP per minute: enough for a person, too few to guess secrets. */
const FACE_CONFIRM_RATE_MAX = 30;

/** The scheme and host the caller reached the portal at: the face link must lead back to it. */
function readRequestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function actorOf(request: FastifyRequest) {
  return { ...requireSession(request), ...readOrigin(request) };
}

export const identityRoutes: FastifyPluginCallback<{ identity: IdentityService }> = (
  app,
  { identity },
  done,
) => {
  const signedIn = [app.authenticate];
  const asReviewer = [app.authenticate, requirePermission(COMPANY_AUTH_REVIEW_CODE)];
  const confirmLimit = { config: { rateLimit: { max: FACE_CONFIRM_RATE_MAX, timeWindow: '1 minute' } } };

  serve(app, authStatusCall, signedIn, async (_, request) =>
    ok(await identity.getAuthStatus(actorOf(request))),
  );

  serve(app, authenticationCall, signedIn, async (_, request) =>
    ok(await identity.getAuthentication(actorOf(request))),
  );

  serve(app, startRealNameCall, signedIn, async ({ body }, request) =>
    ok(await identity.startRealName(actorOf(request), body), MSG.realNameStarted),
  );

  serve(app, faceLinkCall, signedIn, async ({ body }, request) =>
    ok(await identity.issueFaceLink(actorOf(request), body.requestId, readRequestOrigin(request))),
  );

  serve(app, faceResultCall, signedIn, async ({ body }, request) =>
    ok(await identity.readFaceResult(actorOf(request), body.requestId)),
  );

  serve(app, faceLinkByIdCardCall, signedIn, async ({ query }, request) =>
    ok(await identity.reissueByIdCard(actorOf(request), query.idcard, readRequestOrigin(request))),
  );

  serve(
    app,
    viewFaceConfirmCall,
    'public',
    async ({ params }) => ok(await identity.viewFaceConfirm(params.token)),
    confirmLimit,
  );

  serve(
    app,
    decideFaceConfirmCall,
    'public',
    async ({ params, body }, request) => {
      const result = await identity.decideFaceConfirm(params.token, body.agree, readOrigin(request));
      return ok(result, body.agree ? MSG.faceConfirmedOk : MSG.faceDeclinedOk);
    },
    confirmLimit,
  );

  serve(app, validateCompanyCall, signedIn, async ({ body }, request) => {
    const result = await identity.validateCompany(actorOf(request), body);
    return ok({ companyAuthStatus: result.companyAuthStatus }, result.message);
  });

  serve(app, listCompanyAuthCall, asReviewer, async ({ body }, request) =>
    ok(await identity.listCompanyAuth(requireSession(request), body)),
  );

  serve(app, examineCompanyAuthCall, asReviewer, async ({ params, body }, request) => {
    await identity.examineCompanyAuth(actorOf(request), params.id, body);
    return ok(null, body.pass ? MSG.companyAuthPassedOk : MSG.companyAuthRefusedOk);
  });

  serve(app, setupPasswordCall, signedIn, async ({ body }, request) => {
    await identity.setupPassword(actorOf(request), body);
    return ok(null, MSG.passwordSetOk);
  });

  serve(app, setupAccountCall, signedIn, async ({ body }, request) => {
    await identity.setupAccount(actorOf(request), body);
    return ok(null, MSG.accountSetUpOk);
  });

  done();
};
