// The task sign-off panel (spec 001 sections 2 and 4; BF-2.5 to BF-2.8, BF-3.1, BF-4.1 to BF-4.8, BF-5.1): who
// signs (contact, masked ID number, masked mobile), the SMS code with its send control, and the buttons that sign
// off. One panel serves every flow; `flow` says where a sign-off goes and `mode` which buttons it has:
//   review  审核通过 (and 退回 when send-back is enabled: the reason dialog opens first, BF-4.5); each asks for
//           confirmation with an 审核意见 first, required to return and optional to approve
//   sign    电子签章并提交, blocked while the company's authentication is under review or refused (BF-4.7)
// The answer is read the same way whoever made the call (BF-4.2 to BF-4.4): status 0 tells the parent, -1 (and a
// 409 of the right, bulk, coll and small flows, closable) opens 温馨提示, whose 确定 tells the parent to call back
// (BF-4.8); any other status is the server's message as an error. Every ending stops the loading state.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Descriptions, Space, Typography } from 'antd';
import { API_STATUS } from '@cqjy/domain/api';
import type { Envelope } from '@cqjy/domain/api';
import { maskIdCard, maskMobile } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { isOtpFormat } from '@cqjy/domain/otp';
import type { SignOffParameter, SignRequest } from '@cqjy/domain/workflow/sign-off';
import { downloadAttachmentsZip } from '../../api/attachments.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session-store.ts';
import { CodeInput } from '../code-input.tsx';
import { ReturnReasonDialog } from '../return-reason-dialog.tsx';
import { CompanyAuthDialog, isCompanyAuthBlocking } from './company-auth-dialog.tsx';
import {
  CONFLICT_WARNING_FLOWS,
  buildSignRequest,
  checkSignOffOtp,
  postSignOff,
  sendSignOffOtp,
  signOffDataId,
} from './sign-request.ts';
import type { SignOffPanelFlow } from './sign-request.ts';
import { WarmReminderDialog } from './warm-reminder-dialog.tsx';

/** What the parent is told on success: the reviewer passed, or the applicant e-signed. */
export type SignOffSuccess = 'pass' | 'sign';

export type SignOffPanelProps = {
  param: SignOffParameter;
  flow: SignOffPanelFlow;
  mode?: 'review' | 'sign';
  /** electronicSignature: the signing call checks the code itself, so the separate check is skipped (BF-5.1) */
  signType?: 'otp' | 'electronicSignature';
  /** offers 退回 with the reason dialog */
  hasSendBack?: boolean;
  /** the header; 基本信息 unless given */
  title?: string;
  /** enables the one-click download of param.attachmentsIds as 附件信息 + this name */
  downloadName?: string;
  /** content above and below the signer's facts */
  top?: ReactNode;
  bottom?: ReactNode;
  /** the company's authentication state; the signed-in user's unless given */
  companyAuthStatus?: number;
  passText?: string;
  signText?: string;
  /** status 0 of a pass or an e-signature, with the answer */
  onSuccess?: (result: SignOffSuccess, answer: Envelope<unknown>) => void;
  /** status 0 of a send-back, after its message was shown: control goes back to the parent */
  onBack?: (answer: Envelope<unknown>) => void;
  /** 确定 of the warning dialog: the parent calls back (reloads, closes) */
  onCallback?: () => void;
  /** the vehicle flows: the panel only emits the data (BF-4.6) */
  onSign?: (request: SignRequest) => void;
  /** the application flow: the parent makes the call (a send-back when isBack) and answers its envelope (BF-4.6) */
  onApply?: (
    request: SignRequest,
    isBack: boolean,
  ) => Promise<Envelope<unknown> | undefined> | Envelope<unknown> | undefined;
  /** the sign code's calls: the workflow's (bound to an instance's letter) unless another module's letter is signed */
  codeCalls?: { send: () => Promise<void>; check: (otp: string) => Promise<Envelope<unknown>> };
  disabled?: boolean;
};

type Warning = { message: string; isClosable: boolean };

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'status' in value && 'msg' in value;
}

/**
 * The signer's rows: the contact, the ID number and the mobile, masked, each only when there is one. A signer who
 * is the signed-in user carries no ID number (signerParam), and an empty row would only look like missing data.
 */
function signerRows(param: SignOffParameter): { label: string; value: string }[] {
  return [
    { label: '联系人', value: param.contacts },
    { label: '身份证号', value: maskIdCard(param.idcard) },
    { label: '手机号码', value: maskMobile(param.mobile) },
  ].filter((row) => row.value.trim() !== '');
}

export function SignOffPanel({
  param,
  flow,
  mode = 'sign',
  signType = 'otp',
  hasSendBack = false,
  title = MSG.signOffTitle,
  downloadName,
  top,
  bottom,
  companyAuthStatus,
  passText = '审核通过',
  signText = '电子签章并提交',
  onSuccess,
  onBack,
  onCallback,
  onSign,
  onApply,
  codeCalls,
  disabled = false,
}: SignOffPanelProps) {
  const sessionCompanyAuth = useSession((session) => session.userInfo?.companyAuthStatus ?? 0);
  const authStatus = companyAuthStatus ?? sessionCompanyAuth;
  const [code, setCode] = useState('');
  // duanxin false: this sign-off asks no SMS code (the caller's flow has none).
  const isCodeAsked = param.duanxin;
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isDownloading, setIsDownloading] = useState(false);
  /** the open 审核意见 dialog: returning (required) or approving (optional) */
  const [opinion, setOpinion] = useState<'back' | 'pass' | null>(null);
  const [isAuthOpen, setIsAuthOpen] = useState(false);
  const [warning, setWarning] = useState<Warning | null>(null);
  const dataId = signOffDataId(param);
  const attachmentIds = param.attachmentsIds;

  /** BF-4.2 to BF-4.4: reads a sign-off answer; true when it succeeded. */
  const handleAnswer = (answer: Envelope<unknown>, isBack: boolean): boolean => {
    if (answer.status === API_STATUS.ok) {
      if (isBack) {
        notify.success(answer.msg || MSG.ok);
        onBack?.(answer);
      } else {
        onSuccess?.(mode === 'review' ? 'pass' : 'sign', answer);
      }
      return true;
    }
    // a warning replaces the opinion dialog: what it says (the task was handled meanwhile ...) ends the decision
    if (answer.status === API_STATUS.warning) {
      setOpinion(null);
      setWarning({ message: answer.msg, isClosable: false });
    } else if (answer.status === API_STATUS.conflict && CONFLICT_WARNING_FLOWS.has(flow)) {
      setOpinion(null);
      setWarning({ message: answer.msg, isClosable: true });
    } else {
      notify.error(answer.msg || MSG.commError);
    }
    return false;
  };

  /** Sends one sign-off; true when the parent was told it succeeded. */
  const send = async (request: SignRequest, isBack: boolean): Promise<boolean> => {
    if (flow === 'vehicle' || flow === 'disposal') {
      onSign?.(request);
      return true;
    }
    if (flow === 'application') {
      const answer = await onApply?.(request, isBack);
      return isEnvelope(answer) ? handleAnswer(answer, isBack) : true;
    }
    return handleAnswer(await postSignOff(flow, request, isBack ? 'back' : 'pass'), isBack);
  };

  /** BF-5.1: the code is still valid, unless the signing call checks it itself. */
  const checkCode = async (): Promise<boolean> => {
    if (!isCodeAsked || signType === 'electronicSignature') return true;
    const answer = await (codeCalls?.check(code) ?? checkSignOffOtp(param.mobile, code, dataId));
    if (answer.status !== API_STATUS.ok) {
      notify.error(answer.msg || MSG.otpWrong);
      return false;
    }
    return true;
  };

  /** Signs, or approves with the reviewer's opinion; true when the parent was told it succeeded. */
  const signOff = async (reason = ''): Promise<boolean> => {
    setIsSubmitting(true);
    try {
      if (!(await checkCode())) return false;
      return await send(buildSignRequest(param, code, reason), false);
    } catch {
      // A failed request was reported by the HTTP client; the button comes back for another try.
      return false;
    } finally {
      setIsSubmitting(false);
    }
  };

  const onSubmit = async (): Promise<void> => {
    if (mode === 'sign' && isCompanyAuthBlocking(authStatus)) {
      setIsAuthOpen(true);
      return;
    }
    // BF-5.1: exactly six digits before any call.
    if (isCodeAsked && !isOtpFormat(code)) {
      notify.warning(MSG.otpFormat);
      return;
    }
    // an approval is final: it is confirmed, with an optional opinion, before it is sent
    if (mode === 'review') setOpinion('pass');
    else await signOff();
  };

  /** The opinion dialog's 确定: the approval or (BF-4.5) the send-back; the dialog closes once it went through. */
  const onOpinion = async (reason: string): Promise<void> => {
    if (opinion === 'pass') {
      if (await signOff(reason)) setOpinion(null);
      return;
    }
    setIsSubmitting(true);
    try {
      const isDone = await send(buildSignRequest(param, code.trim(), reason), true);
      if (isDone) setOpinion(null);
    } catch {
      // reported by the HTTP client; the reason stays in the dialog for another try
    } finally {
      setIsSubmitting(false);
    }
  };

  const onDownloadAll = async (): Promise<void> => {
    setIsDownloading(true);
    try {
      await downloadAttachmentsZip(attachmentIds, `${MSG.attachmentZipName}${downloadName ?? ''}`);
    } catch {
      // the HTTP client has told the user
    } finally {
      setIsDownloading(false);
    }
  };

  const isLocked = disabled || isSubmitting;

  return (
    <section className="sign-off-panel" aria-label={title}>
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 12 }}
      >
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {downloadName !== undefined ? (
          <Button
            size="small"
            loading={isDownloading}
            disabled={attachmentIds.length === 0}
            onClick={() => void onDownloadAll()}
          >
            {MSG.downloadAllAttachments}
          </Button>
        ) : null}
      </div>
      {top}
      <Descriptions bordered size="small" column={1} styles={{ label: { width: 140 } }}>
        {signerRows(param).map((row) => (
          <Descriptions.Item key={row.label} label={row.label}>
            {row.value}
          </Descriptions.Item>
        ))}
        {isCodeAsked ? (
          <Descriptions.Item label="短信验证码">
            <CodeInput
              value={code}
              onChange={setCode}
              mobile={param.mobile}
              onSend={() => codeCalls?.send() ?? sendSignOffOtp(dataId)}
              isDisabled={isLocked}
            />
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {bottom}
      <Space style={{ marginTop: 16 }}>
        {hasSendBack ? (
          <Button danger disabled={isLocked} onClick={() => setOpinion('back')}>
            退回
          </Button>
        ) : null}
        <Button type="primary" loading={isSubmitting} disabled={disabled} onClick={() => void onSubmit()}>
          {mode === 'review' ? passText : signText}
        </Button>
      </Space>
      <ReturnReasonDialog
        open={opinion !== null}
        title={opinion === 'pass' ? passText : '退回'}
        label={mode === 'review' ? MSG.reviewOpinionLabel : undefined}
        prompt={
          opinion === 'pass' ? MSG.reviewPassPrompt : mode === 'review' ? MSG.reviewBackPrompt : undefined
        }
        isRequired={opinion !== 'pass'}
        onOk={(reason) => onOpinion(reason)}
        onCancel={() => setOpinion(null)}
      />
      <CompanyAuthDialog
        open={isAuthOpen}
        companyAuthStatus={authStatus}
        onClose={() => setIsAuthOpen(false)}
      />
      <WarmReminderDialog
        open={warning !== null}
        message={warning?.message ?? ''}
        isClosable={warning?.isClosable ?? false}
        onOk={() => {
          setWarning(null);
          onCallback?.();
        }}
        onCancel={() => setWarning(null)}
      />
    </section>
  );
}
