// 查看重新出金申请 (refundTicketApplyShow?id=): the ticket's latest application with its letter. While the letter
// waits for the signature, the company signs it here on the sign-off panel (the SMS code bound to this letter,
// 电子签章并提交); while it is under review, the exchange approves it (审核通过) or returns it with a reason
// (退回); otherwise it is shown read only, with what the exchange said.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Descriptions, Result, Space } from 'antd';
import type { Envelope } from '@cqjy/domain/api';
import { formatDateTime } from '@cqjy/domain/format';
import { identityName } from '@cqjy/domain/identity';
import { isAdminIdentity } from '@cqjy/domain/menus';
import { MSG } from '@cqjy/domain/messages';
import { REPAYOUT_LETTER_TITLE } from '@cqjy/domain/refund-tickets';
import type { RefundTicketDetail, RepayoutApplication } from '@cqjy/domain/refund-tickets';
import { usePageTitle } from '../../lib/route-handle.ts';
import { useSession } from '../../lib/session-store.ts';
import { CloseButton, LetterViewer, SignOffPanel, signerParam } from '../../components/index.ts';
import { checkSignCode, reviewApplication, sendSignCode, signApplication } from './api.ts';
import { accountText, TicketFacts, useTicketOfPage } from './ticket-facts.tsx';

export function RefundTicketApplyShowPage() {
  const { ticket, fallback } = useTicketOfPage();
  if (ticket === null) return fallback;
  if (ticket.application === null) {
    return <Result status="info" title="尚未申请重新出金" extra={<CloseButton />} />;
  }
  return <ApplicationView key={ticket.application.id} ticket={ticket} application={ticket.application} />;
}

function ApplicationView({
  ticket,
  application,
}: {
  ticket: RefundTicketDetail;
  application: RepayoutApplication;
}) {
  const title = usePageTitle();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSession((session) => session.userInfo);
  const isExchange = useSession((session) => isAdminIdentity(identityName(session.identityType)));
  const [outcome, setOutcome] = useState<string | null>(null);
  const isSigning = !isExchange && application.state === 'signing';
  const isReview = isExchange && application.state === 'reviewing';

  const onAnswer = (answer: Envelope<unknown>): Envelope<unknown> => {
    if (answer.status === 0) {
      setOutcome(answer.msg || MSG.ok);
      void queryClient.invalidateQueries({ queryKey: ['refundTickets'] });
    }
    return answer;
  };

  if (outcome !== null) {
    return (
      <Card>
        <Result
          status="success"
          title={outcome}
          extra={[
            <Button
              key="show"
              type="primary"
              onClick={() => void navigate(`/index/refundTicketShow?id=${ticket.id}`)}
            >
              查看退票信息
            </Button>,
            <Button key="list" onClick={() => void navigate('/index/refundTicket')}>
              返回退票信息
            </Button>,
          ]}
        />
      </Card>
    );
  }

  const param = signerParam(user, {
    id: application.id,
    category: 'refundTicket',
    task: { type: isReview ? 'Review' : 'EicSre', id: application.id, actionId: application.id },
    // the exchange's review asks no code: the code is bound to the letter awaiting the company's signature
    duanxin: isSigning,
  });
  const letter =
    application.signedLetterId === null
      ? { uuid: application.letterId, name: `${REPAYOUT_LETTER_TITLE}（第${application.revisionNo}版）.pdf` }
      : { uuid: application.signedLetterId, name: `${REPAYOUT_LETTER_TITLE}（已签章）.pdf` };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={title} extra={<CloseButton />}>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <TicketFacts ticket={ticket} />
          <Descriptions bordered size="small" column={2} styles={{ label: { width: 130 } }}>
            <Descriptions.Item label="申请状态">{application.stateLabel}</Descriptions.Item>
            <Descriptions.Item label="版本">{`第${application.revisionNo}版`}</Descriptions.Item>
            <Descriptions.Item label="收款账户" span={2}>
              {accountText(application.account)}
            </Descriptions.Item>
            <Descriptions.Item label="说明" span={2}>
              {application.remark === '' ? '—' : application.remark}
            </Descriptions.Item>
            <Descriptions.Item label="签章时间" span={2}>
              {application.signedAt === null ? '—' : formatDateTime(application.signedAt)}
            </Descriptions.Item>
          </Descriptions>
          {application.reviewReason !== null && (
            <Alert
              type={application.state === 'returned' ? 'warning' : 'info'}
              showIcon
              title={`交易所审核意见：${application.reviewReason}`}
            />
          )}
          {!isExchange && application.state === 'returned' && (
            <Button type="primary" onClick={() => void navigate(`/index/refundTicketModify?id=${ticket.id}`)}>
              修改
            </Button>
          )}
          <LetterViewer file={letter} title={REPAYOUT_LETTER_TITLE} />
        </Space>
      </Card>
      {(isSigning || isReview) && (
        <Card>
          <SignOffPanel
            param={param}
            flow="application"
            mode={isReview ? 'review' : 'sign'}
            hasSendBack={isReview}
            codeCalls={{
              send: () => sendSignCode(application.id),
              check: (otp) => checkSignCode(application.id, otp),
            }}
            onApply={async (request, isBack) =>
              onAnswer(
                isReview
                  ? await reviewApplication(application, isBack ? 'back' : 'pass', request.reason)
                  : await signApplication(application, request.otp),
              )
            }
            onBack={() => undefined}
          />
        </Card>
      )}
    </Space>
  );
}
