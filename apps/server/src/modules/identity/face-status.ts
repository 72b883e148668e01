// The status a face-authentication request shows, as the scan page and the public confirmation page read it.
import { FACE_AUTH_STATUS } from '@cqjy/domain';

/** A pending request whose QR code has lapsed reads as expired; a new code (POST /api/operator/face) revives it. */
export function effectiveFaceStatus(status: number, expiresAt: Date, now: Date): number {
  return status === FACE_AUTH_STATUS.pending && expiresAt.getTime() <= now.getTime()
    ? FACE_AUTH_STATUS.expired
    : status;
}
