// The end of a dismantling record: once every step is verified it is submitted (its letter drawn), e-signed with
// the SMS code on the sign-off panel of the disposal flow (BF-4.6: the panel emits, this card calls), or withdrawn
// before its signature; signed, the vehicle is 已拆解 with its recovery certificate's number.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Result, Space, Spin } from 'antd';
import { formatDateTime, orDash } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { stepPath } from '@cqjy/domain/workflow/paths';
import type { SignRequest } from '@cqjy/domain/workflow/sign-off';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session-store.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { FileRow, LetterViewer, SignOffPanel, signerParam } from '../../components/index.ts';
import {
  backRecordStep,
  checkRecordSignCode,
  recordsQuery,
  sendRecordSignCode,
  signRecord,
  submitRecord,
  terminateRecord,
  type DismantlingRecordView,
} from './api.ts';
import { readSignAnswer } from './sign-answer.ts';
import { refreshAll } from './record-parts.ts';

/** Every step verified: the record submitted draws its letter for the signature. */
export function SubmitCard({ record }: { record: DismantlingRecordView }) {
  const queryClient = useQueryClient();
  const { busy, run } = useBusy<'submit' | 'back'>();

  const onSubmit = async (): Promise<void> => {
    const isConfirmed = await notify.confirm({
      title: '提交拆解记录',
      content: `确认提交${record.carNumberPublish}的拆解记录？提交后生成拆解记录函，照片不能再删除；签章前可以撤回修改。`,
      okText: MSG.confirmOk,
      cancelText: MSG.cancel,
    });
    if (!isConfirmed) return;
    await run('submit', async () => {
      await submitRecord({ id: record.id, version: record.version });
      await refreshAll(queryClient);
    });
  };

  return (
    <Card title="提交拆解记录">
      <Alert
        type="success"
        showIcon
        style={{ marginBottom: 16 }}
        title="入场登记、拆解、解体三个步骤均已校验通过。"
        description="提交后生成报废机动车拆解记录函，经电子签章后车辆即为已拆解。"
      />
      <Space>
        <Button
          loading={busy === 'back'}
          disabled={busy !== null}
          onClick={() =>
            void run('back', async () => {
              await backRecordStep({ id: record.id, version: record.version });
              await refreshAll(queryClient);
            })
          }
        >
          上一步
        </Button>
        <Button
          type="primary"
          loading={busy === 'submit'}
          disabled={busy !== null}
          onClick={() => void onSubmit()}
        >
          提交拆解记录
        </Button>
      </Space>
    </Card>
  );
}

/** The letter drawn: shown, withdrawn (撤回) or e-signed with the SMS code. */
export function SignCard({ record }: { record: DismantlingRecordView }) {
  const queryClient = useQueryClient();
  const user = useSession((session) => session.userInfo);
  const [isSigning, setIsSigning] = useState(false);
  const { busy, run } = useBusy<'withdraw'>();
  const letterName = `报废机动车拆解记录（${record.carNumberPublish}）`;
  const maySign = record.canEdit && record.taskId !== null;

  const param = signerParam(user, {
    id: record.id,
    projectId: record.projectId,
    category: 'record',
    task: { type: 'EicSre', id: record.taskId ?? 0, actionId: record.id },
    duanxin: true,
  });

  // BF-4.6: the panel only hands over the request; the call, its answer and its loading state are this page's
  const onSign = (request: SignRequest): void => {
    setIsSigning(true);
    void signRecord(request)
      .then((answer) => (readSignAnswer(answer, MSG.recordSigned) ? refreshAll(queryClient) : undefined))
      .catch(() => undefined)
      .finally(() => setIsSigning(false));
  };

  const onWithdraw = async (): Promise<void> => {
    const isConfirmed = await notify.confirm({
      title: '撤回拆解记录',
      content: '撤回后拆解记录函作废，可修改解体信息后重新提交。确定撤回？',
      okText: MSG.confirmOk,
      cancelText: MSG.cancel,
    });
    if (!isConfirmed) return;
    await run('withdraw', async () => {
      await terminateRecord({ id: record.id, version: record.version });
      await refreshAll(queryClient);
    });
  };

  return (
    <Card
      title="拆解记录函签章"
      extra={
        record.canEdit ? (
          <Button danger loading={busy === 'withdraw'} disabled={isSigning} onClick={() => void onWithdraw()}>
            撤回
          </Button>
        ) : null
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <LetterViewer
          file={record.letter === null ? null : { uuid: record.letter.uuid, name: `${letterName}.pdf` }}
          title={letterName}
        />
        {maySign ? (
          <Spin spinning={isSigning} description="正在签章，请稍候…">
            <SignOffPanel
              param={param}
              flow="disposal"
              mode="sign"
              disabled={isSigning || busy !== null}
              codeCalls={{
                send: () => sendRecordSignCode(record.id),
                check: (otp) => checkRecordSignCode(record.id, otp),
              }}
              onSign={onSign}
            />
          </Spin>
        ) : (
          <Alert type="info" showIcon title="拆解记录函等待拆解企业电子签章。" />
        )}
      </Space>
    </Card>
  );
}

/** Signed: the vehicle is dismantled; the signed letter, and the way on to the next vehicle. */
export function SignedCard({ record }: { record: DismantlingRecordView }) {
  const navigate = useNavigate();
  const records = useQuery(recordsQuery(record.projectId));
  const rows = records.data ?? [];
  const left = rows.filter((row) => row.id !== record.id && row.status !== 'signed');
  // the next one after this record, else the first still left
  const next = left.find((row) => row.id > record.id) ?? left[0];
  const certificateNo = orDash(record.data.entry?.certificateNo);

  return (
    <Card>
      <Result
        status="success"
        title="已拆解"
        subTitle={
          <span>
            报废机动车回收证明编号：<span data-testid="record-certificate-no">{certificateNo}</span>
            {record.signedAt === null ? '' : `　签章时间：${formatDateTime(record.signedAt)}`}
          </span>
        }
        extra={[
          next === undefined ? null : (
            <Button
              key="next"
              type="primary"
              onClick={() => void navigate(stepPath('disposalBreakup', { id: next.id }, 'motorVehicle'))}
            >
              下一辆（{next.carNumberPublish} {next.brandModel}）
            </Button>
          ),
          <Button
            key="back"
            onClick={() =>
              void navigate(stepPath('vehicleDelivery', { projectId: record.projectId }, 'motorVehicle'))
            }
          >
            返回
          </Button>,
        ]}
      >
        {record.signedLetter === null ? null : (
          <div style={{ maxWidth: 560, margin: '0 auto' }}>
            <FileRow item={record.signedLetter} />
          </div>
        )}
      </Result>
    </Card>
  );
}
