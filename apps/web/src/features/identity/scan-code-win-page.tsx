// /scanCodeWin: the outcome of a face authentication (通过 / 未通过) and the way back to /auth. The session user
// is not reloaded here: /auth may still have steps to ask for (company authentication), and reloading now could let
// the guards move the user past them; /auth's 下一步 reloads it once everything is done.
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { FACE_AUTH_STATUS } from '@cqjy/domain/accounts';
import { TopLevelFrame } from '../../components/index.ts';
import { postFaceResult } from './api.ts';

export function ScanCodeWinPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requestId = params.get('requestId') ?? '';
  const result = useQuery({
    queryKey: ['identity', 'face-result', requestId],
    queryFn: () => postFaceResult(requestId),
    enabled: requestId !== '',
  });
  const back = (
    <Button type="primary" onClick={() => void navigate('/auth', { replace: true })}>
      返回开户信息
    </Button>
  );

  if (requestId !== '' && result.isPending) {
    return (
      <TopLevelFrame title="人脸核验结果">
        <Skeleton active />
      </TopLevelFrame>
    );
  }
  const status = result.data?.status;
  return (
    <TopLevelFrame title="人脸核验结果">
      {status === FACE_AUTH_STATUS.passed ? (
        <Result status="success" title="实名认证通过" subTitle="人脸核验已通过。" extra={back} />
      ) : status === FACE_AUTH_STATUS.refused ? (
        <Result
          status="error"
          title="实名认证未通过"
          subTitle="人脸核验未通过，请返回开户信息重新认证。"
          extra={back}
        />
      ) : (
        <Result
          status="warning"
          title={result.data?.statusLabel ?? '核验结果暂不可用'}
          subTitle="请返回开户信息查看认证状态。"
          extra={back}
        />
      )}
    </TopLevelFrame>
  );
}
