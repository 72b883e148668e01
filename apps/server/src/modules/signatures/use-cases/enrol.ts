import { AUTH_STATUS, COMPANY_AUTH_STATUS, MSG, type SignatureInfo } from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { notFound, refused } from '../../../platform/errors.ts';
import type { Actor } from '../../users/service.ts';
import type { SignaturesUseCaseDeps } from '../deps.ts';
import { getInfo } from './info.ts';

/**
 * Enrols the caller: real-name and company authentication first (refused before the code is spent), then the
 * SMS code of purpose sign sent to their own mobile (used up), then the credentials, reusing live ones.
 */
export async function enrol(deps: SignaturesUseCaseDeps, actor: Actor, code: string): Promise<SignatureInfo> {
  const { users, otp, credentials } = deps;
  const operator = await users.findOperator(actor.operatorId);
  if (operator === undefined) throw notFound();
  const [user, company] = await Promise.all([
    users.findUser(operator.userId),
    users.findCompany(operator.companyId),
  ]);
  if (user === undefined || company === undefined) throw notFound();
  if (user.authStatus !== AUTH_STATUS.authenticated) throw refused(MSG.signatureNeedsRealName);
  if (company.companyAuthStatus !== COMPANY_AUTH_STATUS.authenticated) {
    throw refused(MSG.signatureNeedsCompanyAuth);
  }
  if (user.mobile === null) throw refused(MSG.mobileEmptyForCode);
  await otp.assertCode({ mobile: user.mobile, purpose: 'sign', code, isConsuming: true });
  const facts = await credentials.findSignerFacts(actor.operatorId);
  if (facts === undefined) throw notFound();
  await credentials.ensureCredentials(facts, {
    actor: toAuditActor(actor),
    action: 'signature.enrol',
    isRefreshing: true,
  });
  return getInfo(deps, actor);
}
