// The seal images and the certificates of the caller's own company, and the authority's root.
import { notFound } from '../../../platform/errors.ts';
import type { SubjectKind } from '../../../platform/signing/certificate-authority.ts';
import type { Actor } from '../../users/service.ts';
import type { SignaturesUseCaseDeps } from '../deps.ts';
import type { CredentialRow } from '../repo.ts';

/** A credential of the caller's own company; another company's answers as not found. */
async function findOwnCredential(
  deps: SignaturesUseCaseDeps,
  actor: Pick<Actor, 'companyId'>,
  id: number,
): Promise<CredentialRow> {
  const row = await deps.credentials.findById(id);
  if (row === undefined || row.companyId !== actor.companyId) throw notFound();
  return row;
}

export async function getSealSvg(
  deps: SignaturesUseCaseDeps,
  actor: Pick<Actor, 'companyId'>,
  id: number,
): Promise<string> {
  return (await findOwnCredential(deps, actor, id)).sealSvg;
}

export async function getCertificate(
  deps: SignaturesUseCaseDeps,
  actor: Pick<Actor, 'companyId'>,
  id: number,
): Promise<{ pem: string; serialNumber: string; kind: SubjectKind }> {
  const row = await findOwnCredential(deps, actor, id);
  return {
    pem: row.certificatePem,
    serialNumber: row.serialNumber,
    kind: row.kind === 'company' ? 'company' : 'operator',
  };
}

export async function getRootCertificatePem(deps: SignaturesUseCaseDeps): Promise<string> {
  return (await deps.credentials.openTools()).authority.rootCertificatePem;
}
