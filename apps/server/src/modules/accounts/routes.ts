// Account opening and organisation review calls, served from their contracts
// (packages/domain/src/contracts/accounts.ts). Every answer is the envelope.
//
//   POST /api/register/validate/company/status  {creditCode}                        anonymous or signed in
//     -> {status: 0, data: {registered, examineStatus}}; a malformed code -> {status: 1, msg: 请填写正确的统一社会信用代码}
//   POST /api/register/account  {companyName, creditCode, contactName, mobile, otp, username, password, password2}
//     -> {status: 0, data: LoginResult} (as POST /api/login); send the anonymous session as bearer: it is revoked.
//        Refusals (status 1): 请填写X for a missing field, the field's rule, 该用户名已被使用, 该统一社会信用代码已注册,
//        a wrong or used SMS code (purpose register). Per-IP limit (OTP_RATE_MAX a minute): HTTP 429.
//   GET  /api/register/company                   signed in -> {status: 0, data: CompanyApplication} (own company);
//        a company without an application -> {status: 404}
//   POST /api/register/company/save              {...CompanyApplicationFields, version} -> CompanyApplication
//   POST /api/register/company/submit            the same; examineStatus becomes 1 (待审核)
//        both: only in examineStatus 0 or 2 (else status 1 开户申请当前不可修改); a stale version -> status 409
//   POST /api/company/list   {keyword?, identityType?, examineStatus?, companyAuthStatus?, page, size}
//     -> {status: 0, data: {list: CompanyListItem[], total}}                              GJS_SYSTEM_ADMIN
//   GET  /api/company/show/{id}      -> {status: 0, data: CompanyDetail}; unknown id -> {status: 404}   GJS_SYSTEM_ADMIN
//   POST /api/company/examine/{id}   {pass, reason?, version} -> {status: 0}; not under review -> status 1
//        该申请当前不在待审核状态; a return needs a reason (SH-5.6), an approval may carry an opinion (both at
//        most 500 characters, kept in the history); an approval of an application lacking a required item
//        (listMissingForApproval) -> status 1 开户申请缺少…; stale version -> 409              GJS_SYSTEM_ADMIN
import { MSG } from '@cqjy/domain';
import {
  applicationCall,
  COMPANY_REVIEW_CODE,
  companyStatusCall,
  examineCompanyCall,
  listCompaniesCall,
  registerAccountCall,
  saveApplicationCall,
  showCompanyCall,
  submitApplicationCall,
} from '@cqjy/domain/contracts/accounts';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { readBearerToken, readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requirePermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { AccountsService } from './service.ts';

/** Drops the filters the client sent as null (an emptied select) so they filter nothing. */
function presentOnly<T extends Record<string, unknown>>(values: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== null && value !== undefined),
  ) as {
    [K in keyof T]: Exclude<T[K], null>;
  };
}

function actorOf(request: FastifyRequest) {
  return { ...requireSession(request), ...readOrigin(request) };
}

export const accountsRoutes: FastifyPluginCallback<{ accounts: AccountsService }> = (
  app,
  { accounts },
  done,
) => {
  // Both registration calls draw on one count per IP: the groupId names its bucket.
  const registrationLimit = {
    config: {
      rateLimit: {
        max: accounts.registrationRateMax,
        timeWindow: '1 minute',
        groupId: 'account-registration',
      },
    },
  };
  const signedIn = [app.authenticate];
  const asAdmin = [app.authenticate, requirePermission(COMPANY_REVIEW_CODE)];

  serve(
    app,
    companyStatusCall,
    'public',
    async ({ body }) => ok(await accounts.checkCompanyStatus(body.creditCode)),
    registrationLimit,
  );

  serve(
    app,
    registerAccountCall,
    'public',
    async ({ body }, request) =>
      ok(
        await accounts.register({ ...body, ...readOrigin(request), token: readBearerToken(request) }),
        MSG.registerOk,
      ),
    registrationLimit,
  );

  serve(app, applicationCall, signedIn, async (_, request) =>
    ok(await accounts.getApplication(requireSession(request))),
  );

  serve(app, saveApplicationCall, signedIn, async ({ body }, request) =>
    ok(await accounts.saveApplication(actorOf(request), body), MSG.applicationSaved),
  );

  serve(app, submitApplicationCall, signedIn, async ({ body }, request) =>
    ok(await accounts.submitApplication(actorOf(request), body), MSG.applicationSubmitted),
  );

  serve(app, listCompaniesCall, asAdmin, async ({ body }) =>
    ok(await accounts.listCompanies(presentOnly(body))),
  );

  serve(app, showCompanyCall, asAdmin, async ({ params }, request) =>
    ok(await accounts.showCompany(requireSession(request), params.id)),
  );

  serve(app, examineCompanyCall, asAdmin, async ({ params, body }, request) => {
    const { pass, reason, version } = body;
    await accounts.examine(actorOf(request), params.id, {
      pass,
      version,
      ...(reason === undefined ? {} : { reason }),
    });
    return ok(null, pass ? MSG.examineApprovedOk : MSG.examineReturnedOk);
  });

  done();
};
