// A stored attachment as the upload and file calls answer it (spec 001 section 3), as a zod schema for the server's
// route schemas and the type the web reads. It is kept apart from api.ts: the web's HTTP client imports api.ts's
// constants on the sign-in page, which must not carry zod.
import { z } from 'zod';

/**
 * `name` and `fileName` are the file name as uploaded, `labelName` the same without its extension; dateCreated is
 * ISO 8601.
 */
export const ZAttachmentItem = z.object({
  uuid: z.string(),
  /** the attachment slot of the form the file was uploaded to */
  tag: z.string(),
  name: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  dateCreated: z.string(),
  labelName: z.string(),
});

export type AttachmentItem = z.infer<typeof ZAttachmentItem>;
