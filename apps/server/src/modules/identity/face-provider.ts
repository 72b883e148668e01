// Face authentication behind one interface (BLUEPRINT section 5: built-in provider, external adapter later). A
// provider hands out the link the person opens on their phone and tells the module what became of a request.
// The built-in provider's link leads to the portal's own /faceConfirm page, where the person confirms that they
// are the one named; an external provider would send them to its liveness check and answer from its own API.
import { createHash, randomBytes } from 'node:crypto';
import type { FaceAuthRow } from './repo.ts';

export type FaceAuthLinkRequest = {
  requestId: string;
  /** where the portal is reached: PUBLIC_URL, else the origin of the calling request */
  baseUrl: string;
};

export type FaceAuthIssued = {
  confirmUrl: string;
  /** sha256 of the secret in the link; the secret itself is never stored */
  tokenHash: string;
};

export type FaceAuthProvider = {
  name: string;
  /** a fresh link (with a new secret) for a pending request */
  start(request: FaceAuthLinkRequest): FaceAuthIssued;
  /** the provider's verdict on a request as FACE_AUTH_STATUS; pending while nobody has decided */
  readResult(request: FaceAuthRow): Promise<number>;
};

export function hashFaceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A secret nobody is given: the placeholder of a request whose QR code has not been asked for yet. */
export function unusedFaceTokenHash(): string {
  return hashFaceToken(randomBytes(32).toString('base64url'));
}

/**
 * The built-in provider: the secret travels in the link's query string (32 random bytes, base64url); the
 * decision is written by the public confirmation call, so the verdict is what the row says.
 */
export const builtinFaceProvider: FaceAuthProvider = {
  name: 'builtin',
  start: ({ baseUrl }) => {
    const token = randomBytes(32).toString('base64url');
    return {
      confirmUrl: `${baseUrl}/#/faceConfirm?token=${token}`,
      tokenHash: hashFaceToken(token),
    };
  },
  readResult: (request) => Promise.resolve(request.status),
};
