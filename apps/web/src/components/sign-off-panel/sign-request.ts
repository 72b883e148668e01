// The calls and the request of the sign-off panel (BF-3.1, BF-5.1, spec 001 section 7): the sign code sent to the
// caller's own mobile and bound to the letter of one instance, the code check that does not use the code up, and
// the sign request every sign-off submit carries (contracts/workflow.ts).
import { TIMEOUTS } from '@cqjy/domain/api';
import type { Envelope } from '@cqjy/domain/api';
import type { CallAnswer } from '@cqjy/domain/contract';
import {
  checkWorkflowSignCodeCall,
  sendWorkflowSignCodeCall,
  signOffCall,
} from '@cqjy/domain/contracts/workflow';
import { formatDateTime } from '@cqjy/domain/format';
import type {
  SignOffFlow,
  SignOffParameter,
  SignOffResult,
  SignRequest,
} from '@cqjy/domain/workflow/sign-off';
import { callApi, fetchData } from '../../lib/call.ts';
import type { UserInfo } from '../../lib/session-store.ts';

/**
 * Where the panel sends a sign-off. The review flows post to /api/task/signoff/{flow}; the vehicle flows only
 * emit the data (BF-4.6); the application flow hands the request to its parent, which knows its action's call.
 */
export type SignOffPanelFlow = SignOffFlow | 'coll' | 'vehicle' | 'disposal' | 'application';

/** BF-4.3: the flows whose 409 opens the warning dialog instead of an error. */
export const CONFLICT_WARNING_FLOWS: ReadonlySet<SignOffPanelFlow> = new Set([
  'right',
  'bulk',
  'coll',
  'small',
]);

/**
 * The parameter of a sign-off by the signed-in user: its own mobile (where the code goes) and name; no ID card;
 * the files shown to the signer when the page gives them.
 */
export function signerParam(
  user: Pick<UserInfo, 'mobile' | 'realName' | 'nickname'> | null | undefined,
  fields: Pick<SignOffParameter, 'category' | 'task' | 'duanxin'> &
    Partial<Pick<SignOffParameter, 'id' | 'projectId' | 'attachmentsIds'>>,
): SignOffParameter {
  return {
    mobile: user?.mobile ?? '',
    contacts: user?.realName ?? user?.nickname ?? '',
    idcard: '',
    attachmentsIds: [],
    ...fields,
  };
}

/** The flow a review posts to (signOffCall's {flow}): the coll family signs off through the bulk flow. */
export function signOffFlowOf(flow: SignOffPanelFlow): string {
  return flow === 'coll' ? 'bulk' : flow;
}

export function signOffDataId(param: SignOffParameter): number {
  return param.id ?? param.projectId ?? 0;
}

/** BF-3.1: the request of one sign-off, dated now on the +08:00 clock. */
export function buildSignRequest(
  param: SignOffParameter,
  otp: string,
  reason = '',
  now = new Date(),
): SignRequest {
  return {
    dataId: signOffDataId(param),
    passDate: formatDateTime(now),
    otp,
    category: param.category,
    task: { type: param.task.type, id: param.task.id, actionId: param.task.actionId },
    transferees: [{ taskId: param.task.id }],
    reason,
  };
}

/** Sends the sign code for the letter of instance `dataId` to the caller's own mobile. */
export async function sendSignOffOtp(dataId: number): Promise<void> {
  await fetchData(sendWorkflowSignCodeCall, { body: { dataId } }, { showSuccess: true });
}

/** BF-5.1: checks the code without using it up; answers the envelope, the caller shows a refusal. */
export function checkSignOffOtp(mobile: string, otp: string, dataId: number): Promise<Envelope<null>> {
  return callApi(checkWorkflowSignCodeCall, { body: { mobile, otp, dataId } });
}

/** A review sign-off: the request and the reviewer's decision. */
export function postSignOff(
  flow: SignOffPanelFlow,
  request: SignRequest,
  result: SignOffResult,
): Promise<Envelope<CallAnswer<typeof signOffCall>>> {
  return callApi(
    signOffCall,
    { params: { flow: signOffFlowOf(flow) }, body: { ...request, result } },
    { timeoutMs: TIMEOUTS.signatureAndSubmitMs },
  );
}
