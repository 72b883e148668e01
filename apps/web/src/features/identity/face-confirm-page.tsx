// /faceConfirm?token= (public, opened on the phone from the QR code): the person named (masked), the consent text,
// and 确认是本人 / 不是本人, which decide the face authentication once; then a done state. No sign-in: the secret in
// the link is the authority, and the server accepts one decision per link.
import { useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { FACE_AUTH_STATUS } from '@cqjy/domain/accounts';
import { MSG } from '@cqjy/domain/messages';
import { ApiError } from '../../lib/http.ts';
import { TopLevelFrame } from '../../components/index.ts';
import { fetchFaceConfirm, postFaceConfirm } from './api.ts';

function DoneState({ status }: { status: number }) {
  if (status === FACE_AUTH_STATUS.passed) {
    return <Result status="success" title="核验完成" subTitle="您已确认本人身份，请返回电脑端继续操作。" />;
  }
  if (status === FACE_AUTH_STATUS.refused) {
    return <Result status="info" title="已拒绝本次核验" subTitle="如非本人操作，请忽略此二维码。" />;
  }
  return <Result status="warning" title={MSG.faceQrExpired} />;
}

export function FaceConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const view = useQuery({
    queryKey: ['face-confirm', token],
    queryFn: () => fetchFaceConfirm(token),
    enabled: token !== '',
    retry: false,
  });
  const decide = useMutation({
    mutationFn: (agree: boolean) => postFaceConfirm(token, agree),
    onError: (error) => {
      // Decided elsewhere or expired meanwhile: show what the link now says.
      if (error instanceof ApiError) void view.refetch();
    },
  });

  const body = (() => {
    if (token === '' || view.isError) {
      return <Result status="warning" title="二维码无效，请在电脑端刷新后重新扫描" />;
    }
    if (view.data === undefined) return <Skeleton active />;
    const status = decide.data?.status ?? view.data.status;
    if (status !== FACE_AUTH_STATUS.pending) return <DoneState status={status} />;
    return (
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'name', label: '姓名', children: view.data.realName },
            { key: 'idCard', label: '证件号码', children: view.data.idCard },
          ]}
        />
        <Typography.Paragraph>{MSG.faceConsent}</Typography.Paragraph>
        <Button
          type="primary"
          size="large"
          block
          loading={decide.isPending && decide.variables}
          disabled={decide.isPending}
          onClick={() => decide.mutate(true)}
        >
          确认是本人
        </Button>
        <Button
          danger
          size="large"
          block
          loading={decide.isPending && !decide.variables}
          disabled={decide.isPending}
          onClick={() => decide.mutate(false)}
        >
          不是本人
        </Button>
      </Space>
    );
  })();

  return (
    <TopLevelFrame title="人脸核验确认" width={480}>
      {body}
    </TopLevelFrame>
  );
}
