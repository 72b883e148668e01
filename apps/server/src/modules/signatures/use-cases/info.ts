import { maskMobile, type SignatureCredential, type SignatureInfo } from '@cqjy/domain';
import { notFound } from '../../../platform/errors.ts';
import type { Actor } from '../../users/service.ts';
import { readIssuerName } from '../credentials.ts';
import type { SignaturesUseCaseDeps } from '../deps.ts';
import type { CredentialRow } from '../repo.ts';

function summarise(row: CredentialRow): SignatureCredential {
  return {
    id: row.id,
    kind: row.kind === 'company' ? 'company' : 'operator',
    subject: row.subject,
    serialNumber: row.serialNumber,
    issuer: readIssuerName(row.certificatePem),
    notBefore: row.notBefore.toISOString(),
    notAfter: row.notAfter.toISOString(),
  };
}

/** The enrolment facts of the caller: its company, itself, its authentications and its live credentials. */
export async function getInfo(
  deps: SignaturesUseCaseDeps,
  actor: Pick<Actor, 'operatorId'>,
): Promise<SignatureInfo> {
  const { users, credentials } = deps;
  const operator = await users.findOperator(actor.operatorId);
  if (operator === undefined) throw notFound();
  const [user, company] = await Promise.all([
    users.findUser(operator.userId),
    users.findCompany(operator.companyId),
  ]);
  if (user === undefined || company === undefined) throw notFound();
  const [companyCredential, operatorCredential] = await Promise.all([
    credentials.findLive({ companyId: company.id, kind: 'company', operatorId: null }),
    credentials.findLive({ companyId: company.id, kind: 'operator', operatorId: operator.id }),
  ]);
  return {
    company: { name: company.name, creditCode: company.creditCode },
    operator: { realName: user.realName, mobileMasked: maskMobile(user.mobile ?? '') },
    mainOperatorAuth: operator.mainOperatorAuth,
    authStatus: user.authStatus,
    companyAuthStatus: company.companyAuthStatus,
    credentials: [companyCredential, operatorCredential]
      .filter((row): row is CredentialRow => row !== undefined)
      .map(summarise),
  };
}
