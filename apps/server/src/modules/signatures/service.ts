// The signatures module owns e-signature enrolment (onboarding gate 7): with real-name and company
// authentication done and an SMS code (purpose sign) sent to the operator's own mobile, the built-in certificate
// authority issues the company and the operator a certificate, their seals are drawn, and the operator counts as
// enrolled (mainOperatorAuth). It answers the enrolment facts, the seal images and the certificates of the
// caller's own company, and gives the workflow engine the signer of a company (loadSigner, never over HTTP).
//
// Each job is one use case (use-cases/: info, enrol, certificates, signer); the credentials' part they share
// (credentials.ts, also the start-up pass over the seeded operators) is made once here; this file wires them to
// the deps.
import { bindDeps } from '../../platform/use-cases.ts';
import { createSigningCredentials, type SigningTools } from './credentials.ts';
import type { SignaturesDeps, SignaturesUseCaseDeps } from './deps.ts';
import { getCertificate, getRootCertificatePem, getSealSvg } from './use-cases/certificates.ts';
import { enrol } from './use-cases/enrol.ts';
import { getInfo } from './use-cases/info.ts';
import { loadSigner } from './use-cases/signer.ts';

export type { Signer, SignaturesDeps } from './deps.ts';

export type SignaturesService = ReturnType<typeof createSignaturesService>;

export function createSignaturesService(deps: SignaturesDeps, options: { tools?: SigningTools } = {}) {
  const credentials = createSigningCredentials(deps, options);

  /** A use case with the module's deps bound, the credentials' part made once: what the routes and modules call. */
  const bound = bindDeps<SignaturesUseCaseDeps>({ users: deps.users, otp: deps.otp, credentials });

  return {
    getInfo: bound(getInfo),
    enrol: bound(enrol),
    getSealSvg: bound(getSealSvg),
    getCertificate: bound(getCertificate),
    getRootCertificatePem: bound(getRootCertificatePem),
    loadSigner: bound(loadSigner),
    enrolMissing: credentials.enrolMissing,
  };
}
