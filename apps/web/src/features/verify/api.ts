// The public verification calls (apps/server/src/modules/signed-files/routes.ts): a PDF uploaded, or the
// verification code of a stored signed file; neither needs a session.
import type { Envelope } from '@cqjy/domain/api';
import type { VerifyResult } from '@cqjy/domain/signed-files';
import { saveBlob } from '../../api/attachments.ts';
import { http, unwrap } from '../../lib/http.ts';

export async function verifyUploadedPdf(file: Blob, fileName: string): Promise<VerifyResult> {
  const form = new FormData();
  form.append('file', file, fileName);
  return unwrap(await http.upload<Envelope<VerifyResult>>('/api/public/verify', form));
}

export async function verifyByCode(code: string): Promise<VerifyResult> {
  return unwrap(await http.get<Envelope<VerifyResult>>(`/api/public/verify/${encodeURIComponent(code)}`));
}

/** The platform's root certificate (public): what a reader is told to trust to check the signatures itself. */
export async function downloadRootCertificate(): Promise<void> {
  saveBlob(await http.download('/api/signature/ca'), '电子签章根证书.pem');
}
