// The one error type services throw. The error handler turns it into the envelope; `status` is the envelope
// status the web client reads, `httpStatus` the HTTP code (200 for business outcomes, BLUEPRINT section 3).
import { API_STATUS, MSG } from '@cqjy/domain';

export class AppError extends Error {
  readonly status: number;
  readonly httpStatus: number;

  constructor(status: number, msg: string, httpStatus = 200) {
    super(msg);
    this.name = 'AppError';
    this.status = status;
    this.httpStatus = httpStatus;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** A missing row or one of another tenant: the caller cannot tell which. */
export function notFound(msg: string = MSG.notFound): AppError {
  return new AppError(404, msg);
}

export function forbidden(msg: string = MSG.forbidden): AppError {
  return new AppError(403, msg, 403);
}

export function unauthorized(msg: string = MSG.unauthorized): AppError {
  return new AppError(401, msg, 401);
}

export function conflict(msg: string = MSG.conflict): AppError {
  return new AppError(API_STATUS.conflict, msg);
}

/** A business rule refused the operation; the message is shown to the user as an error. */
export function refused(msg: string): AppError {
  return new AppError(API_STATUS.refused, msg);
}
