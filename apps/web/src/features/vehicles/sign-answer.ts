// The vehicle flows' sign-off panel only emits the sign event with its data (BF-4.6): the page makes the call
// (a vehicle's letter, a batch, a dismantling record) and reads its answer here the way the panel reads the
// others' (BF-4.2 to BF-4.4): status 0 is told with its message and the page goes on; any other status is the
// server's message, shown as a warning (a task handled meanwhile, 409) or an error.
import { API_STATUS, type Envelope } from '@cqjy/domain/api';
import { MSG } from '@cqjy/domain/messages';
import { notify } from '../../lib/notify.ts';

/** Reads a signature's answer; true when it succeeded (and was told). */
export function readSignAnswer(
  answer: Envelope<unknown>,
  successMessage: string = MSG.vehicleSigned,
): boolean {
  if (answer.status === API_STATUS.ok) {
    notify.success(answer.msg || successMessage);
    return true;
  }
  if (answer.status === API_STATUS.conflict || answer.status === API_STATUS.warning)
    notify.warning(answer.msg);
  else notify.error(answer.msg || MSG.commError);
  return false;
}
