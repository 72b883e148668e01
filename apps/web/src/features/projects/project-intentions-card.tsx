// 意向登记 of a project that takes intention registrations (bulk, coll, stock, privateStock, unified), on its page
// for its owner, its agent member and the exchange: the project's one buyer section. Each buyer once: the
// registrations past signing with their buyer, member, offer, deposit (the state the server derives, and the
// record of its arrival) and status, the owner's opinion and a return's reason; for the equity families also the
// transferees the engine's 意向登记 applications recorded (their qualification and the owner's documents, 上传资料).
// Each viewer's steps on them:
//   - the exchange: 登记保证金 (the money arrived: its amount, day and bank reference, in a dialog), 退还保证金
//     (paid back to a loser), 资格确认 of a registration the owner approved (refused by the server while its
//     deposit is unpaid, so the button waits for it) and 退回;
//   - the owner: 资格审核通过 (an optional opinion) or 退回 of a submitted registration; 上传资料 for a recorded
//     transferee;
//   - every viewer: 查看, the registration's own page.
// Above the table stands the deal's course the qualified buyers lead to, and the way to it: with one qualified
// buyer the exchange confirms the agreement at the listing price; with two or more it opens the bidding hall, which
// all three then enter. Either button is disabled with the server's reason while the deal may not be decided yet
// (the registrations still open, a deposit awaited ...): the course's answer carries it, from the rules the calls
// apply. Once decided, the deal (buyer, price, how) is shown there.
// The buyers' table is project-intentions-buyers.tsx.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Card, Space, Tooltip, Typography } from 'antd';
import { biddingHallPath } from '@cqjy/domain/bidding';
import { formatFen } from '@cqjy/domain/format';
import { IDENTITY } from '@cqjy/domain/identity';
import { DEAL_COURSE_LABELS, dealResultOf, INTENTION_REASON_MAX } from '@cqjy/domain/intentions';
import type { IntentionFamily, IntentionView } from '@cqjy/domain/intentions';
import { MSG } from '@cqjy/domain/messages';
import { findProjectKind, isProjectFamily, readProjectForm } from '@cqjy/domain/projects/kinds/index';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import type { ProjectView } from '@cqjy/domain/workflow/views';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session-store.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { ReturnReasonDialog } from '../../components/index.ts';
import {
  confirmAgreement,
  dealCourseQuery,
  DepositDialog,
  OpenBiddingDialog,
  projectHallQuery,
  projectIntentionsQuery,
  recordDepositRefund,
  reviewIntention,
} from '../bidding/index.ts';
import { ForfeitDialog } from '../deposits/index.ts';
import { transfereesQuery } from './api.ts';
import { BuyersTable, listBuyers, type Reviewing } from './project-intentions-buyers.tsx';
import { TransfereeUploadDialog } from './sections/intended-transferees.tsx';

export type ProjectIntentionsCardProps = {
  project: ProjectView;
  family: IntentionFamily;
};

/** The family whose own section lists the transferees its engine applications recorded (the equity ones), or null. */
function recordingFamily(family: IntentionFamily): ProjectFamily | null {
  return isProjectFamily(family) && findProjectKind(family)?.sections.includes('custom') === true
    ? family
    : null;
}

/** The project's listing price in fen, when its kind knows where its form keeps one. */
function listingPriceOf(project: ProjectView): number | undefined {
  const kind = findProjectKind(project.family);
  if (kind === undefined) return undefined;
  const price = kind.listingPrice(readProjectForm(project));
  return typeof price === 'number' && Number.isSafeInteger(price) && price > 0 ? price : undefined;
}

export function ProjectIntentionsCard({ project, family }: ProjectIntentionsCardProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const companyId = useSession((session) => session.userInfo?.companyId);
  const isExchange = useSession((session) => session.identityType === IDENTITY.admin);
  const isOwner = !isExchange && companyId !== undefined && project.companyId === companyId;
  const isAgent = !isExchange && companyId !== undefined && project.agentCompanyId === companyId;
  const canSee = isExchange || isOwner || isAgent;
  // the equity families' own section: the transferees their engine applications recorded
  const recording = recordingFamily(family);
  const hasRecorded = recording !== null;
  const list = useQuery({ ...projectIntentionsQuery(project.id), enabled: canSee });
  const recorded = useQuery({
    ...transfereesQuery(recording ?? 'stock', project.id),
    enabled: canSee && hasRecorded,
  });
  const course = useQuery({ ...dealCourseQuery(project.id), enabled: canSee });
  const hall = useQuery({ ...projectHallQuery(project.id), enabled: canSee });
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);
  const [depositFor, setDepositFor] = useState<IntentionView | null>(null);
  const [forfeiting, setForfeiting] = useState<IntentionView | null>(null);
  const [uploadingFor, setUploadingFor] = useState<string | null>(null);
  const [isOpening, setIsOpening] = useState(false);
  const { busy, run } = useBusy<string>();

  if (!canSee) return null;
  const registrations = list.data ?? [];
  const rows = listBuyers(registrations, hasRecorded ? (recorded.data ?? []) : []);
  const dealCourse = course.data ?? null;
  const hallId = hall.data?.id ?? null;
  const deal = dealResultOf(project.details);
  // a hall closed without a bid leaves the project free for another once disclosed again: the server decides
  const isOpenOffered =
    isExchange &&
    deal === null &&
    dealCourse?.course === 'bidding' &&
    hall.isSuccess &&
    (hallId === null || dealCourse.canOpenBidding);
  const isAgreeOffered = isExchange && deal === null && dealCourse?.course === 'agreement';
  // why the course's step may not be taken now (the same words the call would answer)
  const blocked = deal === null ? (dealCourse?.reason ?? null) : null;

  const refresh = (): void => {
    void queryClient.invalidateQueries({ queryKey: ['bidding'] });
  };

  const onAgree = async (): Promise<void> => {
    const only = registrations.find((row) => row.status === 'qualified');
    const isConfirmed = await notify.confirm({
      title: '确认协议转让',
      content: `确认由${only === undefined ? '唯一合格意向受让方' : `“${only.name}”`}以挂牌价成交？成交后将进入合同签订。`,
      okText: '确定',
      cancelText: MSG.cancel,
    });
    if (!isConfirmed) return;
    await run('agreement', async () => {
      await confirmAgreement(project.id);
      refresh();
      // the project's page shows the deal and its new stage, and its contract starts from it
      void queryClient.invalidateQueries({ queryKey: ['project', project.id] });
    });
  };

  const onRefund = async (row: IntentionView): Promise<void> => {
    const amount = row.depositAmount === null ? '' : `${formatFen(row.depositAmount)}元`;
    const isConfirmed = await notify.confirm({
      title: '退还保证金',
      content: `确认已向“${row.name}”退还保证金${amount}？`,
      okText: '确定',
      cancelText: MSG.cancel,
    });
    if (!isConfirmed) return;
    await run(`deposit-${row.id}`, async () => {
      await recordDepositRefund(row);
      refresh();
    });
  };

  const onConfirmQualified = async (row: IntentionView): Promise<void> => {
    const isConfirmed = await notify.confirm({
      title: '资格确认',
      content: `确认“${row.name}”的意向受让资格？`,
      okText: '确定',
      cancelText: MSG.cancel,
    });
    if (!isConfirmed) return;
    await run(`review-${row.id}`, async () => {
      await reviewIntention(row, 'pass', '');
      refresh();
    });
  };

  const openButton = (
    <Button type="primary" disabled={dealCourse?.canOpenBidding !== true} onClick={() => setIsOpening(true)}>
      开启网络竞价
    </Button>
  );
  const agreeButton = (
    <Button
      type="primary"
      disabled={dealCourse?.canAgree !== true}
      loading={busy === 'agreement'}
      onClick={() => void onAgree()}
    >
      确认协议转让
    </Button>
  );

  return (
    <Card
      title="意向登记"
      extra={
        <Space wrap>
          {isAgreeOffered ? (
            <Tooltip title={blocked ?? undefined}>
              <span>{agreeButton}</span>
            </Tooltip>
          ) : null}
          {isOpenOffered ? (
            <Tooltip title={blocked ?? undefined}>
              <span>{openButton}</span>
            </Tooltip>
          ) : null}
          {hallId === null ? null : (
            <Button type="primary" onClick={() => void navigate(biddingHallPath(hallId))}>
              进入竞价大厅
            </Button>
          )}
        </Space>
      }
    >
      {deal === null ? null : (
        <Typography.Paragraph data-testid="deal-result">
          成交结果：<Typography.Text strong>{deal.transfereeName}</Typography.Text>以
          <Typography.Text strong>{formatFen(deal.dealPrice)}</Typography.Text>元成交（
          {deal.source === 'bidding' ? '网络竞价' : '协议转让'}）
        </Typography.Paragraph>
      )}
      {dealCourse === null ? null : (
        <Typography.Paragraph data-testid="deal-course">
          成交方式：<Typography.Text strong>{DEAL_COURSE_LABELS[dealCourse.course]}</Typography.Text>
          <Typography.Text type="secondary" style={{ marginInlineStart: 16 }}>
            资格已确认的意向受让方：{dealCourse.qualified}名
          </Typography.Text>
          {blocked === null ? null : (
            <Typography.Text type="warning" style={{ marginInlineStart: 16 }} data-testid="deal-blocked">
              {blocked}
            </Typography.Text>
          )}
        </Typography.Paragraph>
      )}
      <BuyersTable
        rows={rows}
        family={family}
        agentCompanyName={project.agentCompanyName}
        isExchange={isExchange}
        isOwner={isOwner}
        isLoading={list.isFetching || recorded.isFetching}
        busy={busy}
        onDeposit={setDepositFor}
        onRefund={(row) => void onRefund(row)}
        onForfeit={setForfeiting}
        onConfirmQualified={(row) => void onConfirmQualified(row)}
        onReview={setReviewing}
        onUpload={setUploadingFor}
      />
      <ReturnReasonDialog
        open={reviewing !== null}
        title={reviewing?.result === 'pass' ? '资格审核通过' : '退回意向登记'}
        label={reviewing?.result === 'pass' ? '审核意见' : '退回原因'}
        isRequired={reviewing?.result !== 'pass'}
        maxLength={INTENTION_REASON_MAX}
        prompt={
          reviewing === null
            ? undefined
            : reviewing.result === 'pass'
              ? `同意“${reviewing.row.name}”的意向受让资格，提交交易所确认。`
              : `将“${reviewing.row.name}”的意向登记退回代理会员“${reviewing.row.memberName}”修改。`
        }
        onCancel={() => setReviewing(null)}
        onOk={async (reason) => {
          if (reviewing === null) return;
          await reviewIntention(reviewing.row, reviewing.result, reason);
          setReviewing(null);
          refresh();
        }}
      />
      {depositFor === null ? null : (
        <DepositDialog
          row={depositFor}
          onClose={() => setDepositFor(null)}
          onRecorded={() => {
            setDepositFor(null);
            refresh();
          }}
        />
      )}
      {forfeiting === null ? null : (
        <ForfeitDialog
          row={forfeiting}
          onClose={() => setForfeiting(null)}
          onDone={() => {
            setForfeiting(null);
            refresh();
          }}
        />
      )}
      {recording !== null ? (
        <TransfereeUploadDialog
          family={recording}
          projectId={project.id}
          name={uploadingFor}
          onClose={() => setUploadingFor(null)}
        />
      ) : null}
      {isOpening ? (
        <OpenBiddingDialog
          projectId={project.id}
          listingPrice={listingPriceOf(project)}
          onClose={() => setIsOpening(false)}
          onOpened={(id) => {
            setIsOpening(false);
            refresh();
            void navigate(biddingHallPath(id));
          }}
        />
      ) : null}
    </Card>
  );
}
