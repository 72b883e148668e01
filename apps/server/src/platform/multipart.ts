// Reading multipart bodies (uploads). Whatever the parser fails on is the client's fault and answers 400 with
// the upload error message; a body is never a reason for a 500.
import type { Multipart } from '@fastify/multipart';
import { MSG } from '@cqjy/domain';
import type { Readable } from 'node:stream';
import type { FastifyError, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** A multipart body that cannot be read to its end: cut short, no boundary, a malformed part header. */
export function malformedUpload(): AppError {
  return new AppError(400, MSG.uploadError, 400);
}

/**
 * The parts of a multipart body. Whatever the parser fails on (a body cut short, no boundary, a malformed part
 * header) is the client's fault and answers 400; the plugin's own errors (a limit reached, a forbidden field
 * name) already carry their 4xx status and pass as they are.
 */
export async function* readParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  const parts = request.parts();
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        const statusCode = (error as Partial<FastifyError>).statusCode;
        if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) throw error;
        throw malformedUpload();
      }
      if (next.done === true) return;
      yield next.value;
    }
  } finally {
    // Closing the parser of a broken body may fail again; the answer is already decided, so it is not replaced.
    await parts.return?.(undefined).catch(() => undefined);
  }
}

/** Reads a refused file's part to its end, keeping nothing; a body that breaks off meanwhile answers 400. */
export async function drain(stream: Readable): Promise<void> {
  try {
    for await (const _chunk of stream) {
      // discarded: nothing of a refused file is kept
    }
  } catch {
    // only the body can fail here: nothing is written
    throw malformedUpload();
  }
}
