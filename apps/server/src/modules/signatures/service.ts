// The signatures module owns e-signature enrolment (onboarding gate 7): with real-name and company
// authentication done and an SMS code (purpose sign) sent to the operator's own mobile, the built-in certificate
// authority issues the company and the operator a certificate, their seals are drawn, and the operator counts as
// enrolled (mainOperatorAuth). It answers the enrolment facts, the seal images and the certificates of the
// caller's own company, and gives the workflow engine the signer of a company (loadSigner, never over HTTP).
import {
  AUTH_STATUS,
  COMPANY_AUTH_STATUS,
  maskMobile,
  MSG,
  type SignatureCredential,
  type SignatureInfo,
} from '@cqjy/domain';
import { toAuditActor } from '../../platform/audit.ts';
import { notFound, refused } from '../../platform/errors.ts';
import type { SubjectKind } from '../../platform/signing/certificate-authority.ts';
import type { OtpService } from '../otp/service.ts';
import type { Actor } from '../users/service.ts';
import {
  createSigningCredentials,
  readIssuerName,
  type CredentialDeps,
  type SigningTools,
} from './credentials.ts';
import type { CredentialRow } from './repo.ts';

export type Signer = {
  certificatePem: string;
  /** null when an external authority keeps the key */
  privateKeyPem: string | null;
  /** the issuing chain, root last */
  chainPems: string[];
  companySealSvg: string;
  operatorSealSvg: string;
};

export type SignaturesService = ReturnType<typeof createSignaturesService>;

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

export function createSignaturesService(
  deps: CredentialDeps & { otp: OtpService },
  options: { tools?: SigningTools } = {},
) {
  const { users, otp } = deps;
  const credentials = createSigningCredentials(deps, options);

  async function getInfo(actor: Pick<Actor, 'operatorId'>): Promise<SignatureInfo> {
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

  /**
   * Enrols the caller: real-name and company authentication first (refused before the code is spent), then the
   * SMS code of purpose sign sent to their own mobile (used up), then the credentials, reusing live ones.
   */
  async function enrol(actor: Actor, code: string): Promise<SignatureInfo> {
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
    return getInfo(actor);
  }

  /** A credential of the caller's own company; another company's answers as not found. */
  async function findOwnCredential(actor: Pick<Actor, 'companyId'>, id: number): Promise<CredentialRow> {
    const row = await credentials.findById(id);
    if (row === undefined || row.companyId !== actor.companyId) throw notFound();
    return row;
  }

  async function getSealSvg(actor: Pick<Actor, 'companyId'>, id: number): Promise<string> {
    return (await findOwnCredential(actor, id)).sealSvg;
  }

  async function getCertificate(
    actor: Pick<Actor, 'companyId'>,
    id: number,
  ): Promise<{ pem: string; serialNumber: string; kind: SubjectKind }> {
    const row = await findOwnCredential(actor, id);
    return {
      pem: row.certificatePem,
      serialNumber: row.serialNumber,
      kind: row.kind === 'company' ? 'company' : 'operator',
    };
  }

  async function getRootCertificatePem(): Promise<string> {
    return (await credentials.openTools()).authority.rootCertificatePem;
  }

  /** The workflow engine's signer of a company and operator; refused until both are enrolled. */
  async function loadSigner(companyId: number, operatorId: number): Promise<Signer> {
    const signer = await credentials.findSigner(companyId, operatorId);
    if (signer === undefined) throw refused(MSG.signatureNotEnrolled);
    return signer;
  }

  return {
    getInfo,
    enrol,
    getSealSvg,
    getCertificate,
    getRootCertificatePem,
    loadSigner,
    enrolMissing: credentials.enrolMissing,
  };
}
