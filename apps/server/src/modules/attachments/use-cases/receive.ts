import type { Readable } from 'node:stream';
import { checkUpload, fileExtension, formatMessage, MSG, UPLOAD_MAX_MB, type UploadType } from '@cqjy/domain';
import { drain, malformedUpload } from '../../../platform/multipart.ts';
import { SizeLimitError, SourceStreamError, type StagedFile } from '../../../platform/storage.ts';
import { UPLOAD_MAX_BYTES, type AttachmentsDeps, type ReceivedFile } from '../deps.ts';
import { inspectUpload } from '../inspect.ts';

/**
 * Takes the file part of an upload: the name and type rules first (nothing is written for a refused name),
 * then the bytes into a temp file with the size rules, then the content. A refused file leaves no temp file.
 * `isTruncated` tells whether the multipart parser cut the file at its own limit. A body that cannot be read to
 * its end (cut short, without its boundary, a malformed part) is the client's fault: HTTP 400, never 500.
 */
export async function receive(
  { storage }: AttachmentsDeps,
  stream: Readable,
  fileName: string,
  isTruncated: () => boolean,
): Promise<ReceivedFile> {
  const refusal = (message: string): ReceivedFile => ({ fileName, isAccepted: false, message });
  const nameMessage = checkUpload({ name: fileName, size: 1 });
  if (nameMessage !== null) {
    await drain(stream);
    return refusal(nameMessage);
  }
  let staged: StagedFile;
  try {
    staged = await storage.stage(stream, { maxBytes: UPLOAD_MAX_BYTES });
  } catch (error) {
    if (error instanceof SizeLimitError) {
      return refusal(formatMessage(MSG.uploadTooLarge, { max: UPLOAD_MAX_MB }));
    }
    if (error instanceof SourceStreamError) throw malformedUpload();
    throw error;
  }
  try {
    const sizeMessage = isTruncated()
      ? formatMessage(MSG.uploadTooLarge, { max: UPLOAD_MAX_MB })
      : checkUpload({ name: fileName, size: staged.size });
    if (sizeMessage !== null) {
      await staged.discard();
      return refusal(sizeMessage);
    }
    const ext = fileExtension(fileName) as UploadType;
    const inspection = await inspectUpload(staged.path, ext);
    if (!inspection.isAccepted) {
      await staged.discard();
      return refusal(inspection.message);
    }
    return { fileName, isAccepted: true, staged, contentType: inspection.contentType, ext };
  } catch (error) {
    await staged.discard();
    throw error;
  }
}
