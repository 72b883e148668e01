// What the signed-files module is given (service.ts wires it) and what its use cases take.
import type { SessionContext } from '../../platform/auth.ts';
import type { PlatformDeps } from '../../platform/deps.ts';

export type Viewer = Pick<SessionContext, 'companyId' | 'identityType'>;

export type SignedFilesDeps = Pick<PlatformDeps, 'db' | 'storage' | 'clock'> & {
  /** the trusted root(s) of the portal's signatures, PEM */
  loadTrustedRoots: () => Promise<string[]>;
};

/** What the use cases take: the deps, with the trusted roots read once and kept (verdicts.ts's rootsOnce). */
export type SignedFilesUseCaseDeps = Pick<SignedFilesDeps, 'db' | 'storage' | 'clock'> & {
  trustedRoots: () => Promise<string[]>;
};
