// 账号管理 calls (spec 000 sections 2 and 6: account, accountAdd, accountChange, accountShow, accountEdit), served
// from their contracts (packages/domain/src/contracts/operators.ts). Every answer is the envelope; all are scoped to
// the caller's company, and another company's operator answers {status: 404} as if it did not exist. All need
// GKS_OPERATOR_LT (the exchange's own accounts: GKS_OPERATOR_LT_ADMIN).
//
//   POST /api/operator/list            {page, size, keyword?, status?: normal|disabled}
//                                      -> {list: OperatorListRow[], total}; the main operator first
//   GET  /api/operator/codes           -> {identityType, isAgent, codes, grantable}: the company's codes (the form's
//                                      tree is the domain's operatorPermissionTree of them) and those the caller
//                                      may hand on
//   POST /api/operator/save            {username, nickname, mobile, codes} -> {id, version}; an SMS to the mobile
//   GET  /api/operator/{id}            -> OperatorView
//   POST /api/operator/update/{id}     {nickname, codes, version} -> {id, version}; stale version: 409
//   POST /api/operator/disable/{id}    {version?} -> {id, version}; not the main operator, not oneself
//   POST /api/operator/enable/{id}     {version?} -> {id, version}
//   POST /api/operator/reset/{id}      {version?} -> {id, version}; the password stops working, an SMS is sent
//   POST /api/operator/main/code       -> {mobileMasked}: a code (purpose mainChange) to the caller, who must be the
//                                      main operator; the otp rules apply (one send a minute per mobile)
//   POST /api/operator/main/change     {operatorId, phonecode} -> null: the operator becomes the main operator
//
// Refusals (status 1) carry the Chinese message of the rule: the registration's username rule, 请填写姓名, the
// mobile rules of spec 000 section 5, a taken username or mobile, a code the company lacks, no code chosen.
import { formatMessage, MSG } from '@cqjy/domain';
import {
  changeMainOperatorCall,
  disableOperatorCall,
  enableOperatorCall,
  listOperatorsCall,
  OPERATOR_CODES,
  operatorCodesCall,
  resetOperatorCall,
  saveOperatorCall,
  sendMainCodeCall,
  showOperatorCall,
  updateOperatorCall,
} from '@cqjy/domain/contracts/operators';
import type { FastifyPluginCallback } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { OperatorsService } from './service.ts';

export const operatorsRoutes: FastifyPluginCallback<{ operators: OperatorsService }> = (
  app,
  { operators },
  done,
) => {
  const guard = [app.authenticate, requireAnyPermission([...OPERATOR_CODES])];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  serve(app, listOperatorsCall, guard, async ({ body }, request) =>
    ok(await operators.list(actorOf(request), body)),
  );

  serve(app, operatorCodesCall, guard, async (_, request) => ok(await operators.listCodes(actorOf(request))));

  serve(app, saveOperatorCall, guard, async ({ body }, request) => {
    const { saved, msg } = await operators.create(actorOf(request), body);
    return ok(saved, msg);
  });

  serve(app, showOperatorCall, guard, async ({ params }, request) =>
    ok(await operators.show(actorOf(request), params.id)),
  );

  serve(app, updateOperatorCall, guard, async ({ params, body }, request) =>
    ok(await operators.update(actorOf(request), params.id, body), MSG.operatorUpdated),
  );

  serve(app, disableOperatorCall, guard, async ({ params, body }, request) =>
    ok(await operators.disable(actorOf(request), params.id, body.version), MSG.operatorDisabledOk),
  );

  serve(app, enableOperatorCall, guard, async ({ params, body }, request) =>
    ok(await operators.enable(actorOf(request), params.id, body.version), MSG.operatorEnabledOk),
  );

  serve(app, resetOperatorCall, guard, async ({ params, body }, request) => {
    const { saved, msg } = await operators.resetPassword(actorOf(request), params.id, body.version);
    return ok(saved, msg);
  });

  serve(app, sendMainCodeCall, guard, async (_, request) => {
    const sent = await operators.sendMainCode(actorOf(request));
    return ok(sent, formatMessage(MSG.operatorMainCodeSent, { mobile: sent.mobileMasked }));
  });

  serve(app, changeMainOperatorCall, guard, async ({ body }, request) => {
    await operators.changeMain(actorOf(request), body);
    return ok(null, MSG.operatorMainChanged);
  });

  done();
};
