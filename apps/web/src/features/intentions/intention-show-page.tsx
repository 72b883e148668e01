// The member's view of one registration (bulkShow, rightShow, paperlessShow ?id=: the family's own address, one
// page): the project, the buyer, the offer, the deposit owed with its deadline and state (one fact the server derives
// from the letter's deposit and its records: owed as soon as the letter carries one) and the record of its arrival
// (amount, day, the bank's reference), the status with the
// owner's opinion and the exchange's reason, the qualification files and the letter. By status: a drawn letter
// is e-signed here (letterGenerated); a draft or a returned one is edited in its form (编辑); before the
// exchange's confirmation it is withdrawn after a confirm (撤回); a signed one's letter is downloaded sealed; a won
// batch's goods are signed for on its delivery page (提货签收).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Descriptions, Empty, Space, Typography } from 'antd';
import { downloadAttachment } from '../../api/attachments.ts';
import { formatDate, formatDateTime, formatMessage, orDash } from '@cqjy/domain/format';
import { canIntention } from '@cqjy/domain/intentions';
import type { IntentionDetail } from '@cqjy/domain/intentions';
import { MSG } from '@cqjy/domain/messages';
import { deliveryPath, isDeliveryFamily } from '@cqjy/domain/projects/delivery';
import { familyLabel } from '@cqjy/domain/workflow/families';
import { notify } from '../../lib/notify.ts';
import { readQueryId } from '../../lib/query-id.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { CloseButton, FileRow, LetterViewer, PageLoading, PageNotFound } from '../../components/index.ts';
import { intentionQuery, withdrawIntention } from './api.ts';
import { IntentionSignCard, letterName } from './intention-sign-card.tsx';
import {
  DepositStateTag,
  INTENTION_LIST_PATH,
  intentionEditPath,
  IntentionStatusTag,
  isEditable,
  showFen,
} from './shared.tsx';

/** A bank account in groups of four digits, as people read and type it. */
function groupDigits(account: string): string {
  return account.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function IntentionShowPage() {
  const [params] = useSearchParams();
  const id = readQueryId(params.get('id'));
  const intention = useQuery({ ...intentionQuery(id ?? 0), enabled: id !== null });

  if (id === null || intention.isError) {
    return <PageNotFound />;
  }
  if (intention.data === undefined) {
    return <PageLoading />;
  }
  return <IntentionShow key={intention.data.id} intention={intention.data} />;
}

const timeOf = (iso: string | null): string => (iso === null ? '—' : formatDateTime(iso));

function IntentionShow({ intention }: { intention: IntentionDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { busy, run } = useBusy<'withdraw' | 'download'>();
  const refresh = (): Promise<void> => queryClient.invalidateQueries({ queryKey: ['intentions'] });
  const { status } = intention;

  const onWithdraw = async (): Promise<void> => {
    const isConfirmed = await notify.confirm({
      title: '撤回意向登记',
      content: formatMessage(MSG.intentionWithdrawConfirm, {
        name: intention.name,
        project: intention.projectName,
      }),
      // 确定, not 撤回: the page's own button is named 撤回, so the dialog's reads apart from it
      okText: MSG.confirmOk,
      cancelText: MSG.cancel,
    });
    if (!isConfirmed) return;
    await run('withdraw', async () => {
      await withdrawIntention(intention);
      await refresh();
    });
  };

  const onDownloadSigned = (uuid: string): Promise<void> =>
    run('download', () => downloadAttachment({ uuid, fileName: `${letterName(intention)}（已签章）.pdf` }));

  const actions = (
    <Space wrap>
      {isEditable(status) && (
        <Button onClick={() => void navigate(intentionEditPath(intention.id))}>编辑</Button>
      )}
      {canIntention('withdraw', status) && (
        <Button
          danger
          autoInsertSpace={false}
          loading={busy === 'withdraw'}
          disabled={busy !== null}
          onClick={() => void onWithdraw()}
        >
          撤回
        </Button>
      )}
      {intention.status === 'won' && isDeliveryFamily(intention.family) && (
        <Button
          type="primary"
          onClick={() => void navigate(deliveryPath(intention.family, intention.projectId))}
        >
          提货签收
        </Button>
      )}
      {intention.signedFileId !== null && (
        <Button
          loading={busy === 'download'}
          onClick={() => void onDownloadSigned(intention.signedFileId ?? '')}
        >
          下载已签章登记函
        </Button>
      )}
      <CloseButton to={INTENTION_LIST_PATH} />
    </Space>
  );

  const depositOwed =
    intention.depositAmount === null
      ? '无需交纳'
      : `${showFen(intention.depositAmount)}${
          intention.depositDeadline === null ? '' : `，${formatDate(intention.depositDeadline)}前交纳`
        }`;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={`代理意向登记：${intention.name}`} extra={actions}>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={2} styles={{ label: { width: 150 } }}>
            <Descriptions.Item label="意向项目" span={2}>
              {intention.projectName}（{intention.projectCode}）
            </Descriptions.Item>
            <Descriptions.Item label="项目类型">{familyLabel(intention.family)}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <IntentionStatusTag intention={intention} testId="intention-status" />
            </Descriptions.Item>
            <Descriptions.Item label="意向受让方名称">{intention.name}</Descriptions.Item>
            <Descriptions.Item label="意向受让方类型">{intention.kindLabel}</Descriptions.Item>
            <Descriptions.Item label="证件类型">{intention.certTypeLabel}</Descriptions.Item>
            <Descriptions.Item label="证件号码">{intention.certNo}</Descriptions.Item>
            <Descriptions.Item label="联系人">{intention.contactName}</Descriptions.Item>
            <Descriptions.Item label="联系电话">{intention.contactMobile}</Descriptions.Item>
            <Descriptions.Item label="拟受让价格">{showFen(intention.amount)}</Descriptions.Item>
            <Descriptions.Item label="代理会员">{intention.memberName}</Descriptions.Item>
            <Descriptions.Item label="交易保证金">{depositOwed}</Descriptions.Item>
            <Descriptions.Item label="保证金状态">
              <Space size={8}>
                <DepositStateTag intention={intention} testId="intention-deposit-state" />
                {intention.depositRefundedAt === null ? null : (
                  <Typography.Text type="secondary">
                    退还于{formatDateTime(intention.depositRefundedAt)}
                  </Typography.Text>
                )}
              </Space>
            </Descriptions.Item>
            {intention.depositAccount === null ? null : (
              <Descriptions.Item label="保证金收款账号" span={2}>
                <Typography.Text
                  copyable={{ text: intention.depositAccount }}
                  data-testid="intention-deposit-account"
                >
                  {groupDigits(intention.depositAccount)}
                </Typography.Text>
                <Typography.Text type="secondary">
                  （本登记专属账户，按此账号汇款到账后自动确认）
                </Typography.Text>
              </Descriptions.Item>
            )}
            {intention.depositPaidAt === null ? null : (
              <Descriptions.Item label="保证金到账" span={2}>
                <span data-testid="intention-deposit-record">
                  {showFen(intention.depositReceivedAmount)}，{intention.depositArrivedOn ?? '—'}
                  到账，银行流水号
                  {orDash(intention.depositReference)}
                </span>
                <Typography.Text type="secondary">
                  （登记于{formatDateTime(intention.depositPaidAt)}）
                </Typography.Text>
              </Descriptions.Item>
            )}
            <Descriptions.Item label="转让方意见">
              {orDash(intention.ownerOpinion)}
              {intention.ownerReviewedAt === null ? null : (
                <Typography.Text type="secondary">
                  （{formatDateTime(intention.ownerReviewedAt)}）
                </Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={status === 'returned' ? '退回原因' : '交易所意见'}>
              {orDash(intention.reviewReason)}
              {intention.reviewedAt === null ? null : (
                <Typography.Text type="secondary">（{formatDateTime(intention.reviewedAt)}）</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="登记时间">{timeOf(intention.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="签章时间">{timeOf(intention.signedAt)}</Descriptions.Item>
            <Descriptions.Item label="备注" span={2}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{orDash(intention.note)}</span>
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>资格证明文件</Typography.Title>
            {intention.files.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无附件" />
            ) : (
              intention.files.map((file) => <FileRow key={file.uuid} item={file} />)
            )}
          </div>
        </Space>
      </Card>
      {intention.signedFileId !== null ? (
        <Card title="已签章登记函">
          <LetterViewer
            file={{ uuid: intention.signedFileId, name: `${letterName(intention)}（已签章）.pdf` }}
            title={letterName(intention)}
          />
        </Card>
      ) : status === 'letterGenerated' ? (
        <IntentionSignCard intention={intention} />
      ) : null}
    </Space>
  );
}
