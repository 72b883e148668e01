// What the signatures module is given (service.ts wires it), what its use cases take, and the signer it hands
// the workflow engine.
import type { OtpService } from '../otp/service.ts';
import type { UsersService } from '../users/service.ts';
import type { CredentialDeps, createSigningCredentials } from './credentials.ts';

export type SignaturesDeps = CredentialDeps & { otp: OtpService };

/** The credentials' part of one service (its authority and vault opened once, on first use). */
export type SigningCredentials = ReturnType<typeof createSigningCredentials>;

/** What the use cases take: the users and otp services, and the service's own credentials' part. */
export type SignaturesUseCaseDeps = {
  users: UsersService;
  otp: OtpService;
  credentials: SigningCredentials;
};

export type Signer = {
  certificatePem: string;
  /** null when an external authority keeps the key */
  privateKeyPem: string | null;
  /** the issuing chain, root last */
  chainPems: string[];
  companySealSvg: string;
  operatorSealSvg: string;
};
