// Calls of e-signature enrolment (the /signature page, gate 7): the enrolment facts, the sign code to the user's
// own mobile, the enrolment itself (contracts/signatures.ts, contracts/otp.ts), the seal images and the certificate
// files (bytes, not the envelope: fetched as blobs).
import { queryOptions } from '@tanstack/react-query';
import { sendOtpCall } from '@cqjy/domain/contracts/otp';
import { enrolSignatureCall, signatureInfoCall } from '@cqjy/domain/contracts/signatures';
import type { SignatureCredential, SignatureInfo } from '@cqjy/domain/signatures';
import { loadUserInfo } from '../../api/auth.ts';
import { saveBlob } from '../../api/attachments.ts';
import { fetchData } from '../../lib/call.ts';
import { http } from '../../lib/http.ts';
import { wipeSession } from '../../lib/session-store.ts';

export const SIGNATURE_INFO_KEY = ['signature', 'info'] as const;

export function fetchSignatureInfo(): Promise<SignatureInfo> {
  return fetchData(signatureInfoCall, {});
}

export const signatureInfoQuery = () =>
  queryOptions({ queryKey: SIGNATURE_INFO_KEY, queryFn: fetchSignatureInfo, staleTime: 0 });

/** The code goes to the signed-in user's own mobile: the server picks it, so no body is sent. */
export async function sendSignOtp(): Promise<void> {
  await fetchData(sendOtpCall, { params: { purpose: 'sign' }, body: undefined }, { showSuccess: true });
}

export function postEnrol(otp: string): Promise<SignatureInfo> {
  return fetchData(enrolSignatureCall, { body: { otp } }, { showSuccess: true });
}

/** The seal image; it needs the bearer token, so it is fetched here and shown through an object URL. */
export function fetchSealImage(id: number, signal?: AbortSignal): Promise<Blob> {
  return http.get<Blob>(`/api/signature/seal/${id}`, undefined, { responseType: 'blob', signal });
}

export async function downloadCertificate(credential: SignatureCredential): Promise<void> {
  const label = credential.kind === 'company' ? '机构证书' : '个人证书';
  saveBlob(
    await http.download(`/api/signature/certificate/${credential.id}`),
    `${label}-${credential.serialNumber}.pem`,
  );
}

export async function downloadRootCertificate(): Promise<void> {
  saveBlob(await http.download('/api/signature/ca'), '电子签章根证书.pem');
}

/** Reloads the session user after enrolment (mainOperatorAuth); a failure signs the user out (SH-4.3). */
export async function refreshSessionUser(): Promise<void> {
  try {
    await loadUserInfo();
  } catch (error) {
    wipeSession();
    throw error;
  }
}
