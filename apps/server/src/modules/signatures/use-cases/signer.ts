import { MSG } from '@cqjy/domain';
import { refused } from '../../../platform/errors.ts';
import type { Signer, SignaturesUseCaseDeps } from '../deps.ts';

/** The workflow engine's signer of a company and operator; refused until both are enrolled. */
export async function loadSigner(
  deps: SignaturesUseCaseDeps,
  companyId: number,
  operatorId: number,
): Promise<Signer> {
  const signer = await deps.credentials.findSigner(companyId, operatorId);
  if (signer === undefined) throw refused(MSG.signatureNotEnrolled);
  return signer;
}
