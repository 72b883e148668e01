// SH-5.6: the reason a task is sent back with, and the optional opinion an approval is given with (the same limit).
import { MSG } from '../messages.ts';
import { formatMessage } from '../format.ts';

export const RETURN_REASON_MAX = 500;
/** The textarea control's own limit when a form gives none. */
export const TEXTAREA_DEFAULT_MAX = 1000;

/**
 * Characters are counted as code points, so an emoji or a rare character outside the basic plane counts once,
 * the way a reader counts it; the web's textarea counter must use the same count (countChars).
 */
export function countChars(value: string): number {
  return [...value].length;
}

/** The message of a return reason, or null when it is given and within RETURN_REASON_MAX. */
export function validateReturnReason(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.trim() === '') return MSG.returnReasonRequired;
  if (countChars(value) > RETURN_REASON_MAX) {
    return formatMessage(MSG.returnReasonTooLong, { max: RETURN_REASON_MAX });
  }
  return null;
}

/** The message of an approval's opinion: it may be empty; given, it is within RETURN_REASON_MAX. */
export function validateApprovalOpinion(value: string | null | undefined): string | null {
  if (value !== null && value !== undefined && countChars(value.trim()) > RETURN_REASON_MAX) {
    return formatMessage(MSG.approvalOpinionTooLong, { max: RETURN_REASON_MAX });
  }
  return null;
}
