// The public verification calls: a PDF uploaded (multipart, apps/server/src/modules/signed-files/routes.ts), or the
// verification code of a stored signed file (contracts/signed-files.ts); neither needs a session.
import type { Envelope } from '@cqjy/domain/api';
import { verifyCodeCall } from '@cqjy/domain/contracts/signed-files';
import type { VerifyResult } from '@cqjy/domain/signed-files';
import { saveBlob } from '../../api/attachments.ts';
import { fetchData } from '../../lib/call.ts';
import { http, unwrap } from '../../lib/http.ts';

export async function verifyUploadedPdf(file: Blob, fileName: string): Promise<VerifyResult> {
  const form = new FormData();
  form.append('file', file, fileName);
  return unwrap(await http.upload<Envelope<VerifyResult>>('/api/public/verify', form));
}

export function verifyByCode(code: string): Promise<VerifyResult> {
  return fetchData(verifyCodeCall, { params: { code } });
}

/** The platform's root certificate (public): what a reader is told to trust to check the signatures itself. */
export async function downloadRootCertificate(): Promise<void> {
  saveBlob(await http.download('/api/signature/ca'), '电子签章根证书.pem');
}
