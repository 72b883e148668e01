// What the /auth page reads: the facts its gates test and what it must still ask for, and the user's real-name
// and company authentication as they stand.
import {
  AUTH_STATUS,
  companyAuthLevel,
  computeAuthNeeds,
  maskIdCard,
  maskMobile,
  type AuthStatusResult,
  type UserAuthentication,
} from '@cqjy/domain';
import { loadAccount, type Actor, type IdentityDeps } from '../deps.ts';
import * as repo from '../repo.ts';

export async function getAuthStatus(deps: IdentityDeps, actor: Actor): Promise<AuthStatusResult> {
  const { user, company } = await loadAccount(deps, actor);
  const pending =
    user.authStatus === AUTH_STATUS.inProgress
      ? await repo.findPendingFaceRequest(deps.db, user.id)
      : undefined;
  return {
    identityType: actor.identityType,
    authStatus: user.authStatus,
    companyAuthStatus: company.companyAuthStatus,
    idType: user.idType,
    setupPassword: user.setupPassword,
    pendingPhone: user.pendingPhone === null ? null : maskMobile(user.pendingPhone),
    examineStatus: company.examineStatus,
    companyAuthReason: company.companyAuthReason,
    companyAuthLevel: companyAuthLevel(actor.identityType, company.advancedAuthFlag),
    pendingRequestId: pending?.id ?? null,
    needs: computeAuthNeeds({
      identityType: actor.identityType,
      idType: user.idType,
      authStatus: user.authStatus,
      companyAuthStatus: company.companyAuthStatus,
      advancedAuthFlag: company.advancedAuthFlag,
      setupPassword: user.setupPassword,
      pendingPhone: user.pendingPhone,
    }),
  };
}

export async function getAuthentication(deps: IdentityDeps, actor: Actor): Promise<UserAuthentication> {
  const { user, company } = await loadAccount(deps, actor);
  return {
    realName: user.realName,
    idType: user.idType,
    idCardMasked: user.idCard === null ? null : maskIdCard(user.idCard),
    authStatus: user.authStatus,
    companyName: company.name,
    creditCode: company.creditCode,
    legalPerson: company.legalPerson,
    companyAuthStatus: company.companyAuthStatus,
    companyAuthReason: company.companyAuthReason,
  };
}
