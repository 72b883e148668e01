// /scanCode (face authentication): the QR code of the confirmation link for the person to scan with their phone,
// a countdown to the code's expiry with 刷新二维码, the same link to open in this browser, and a poll of the result
// every 2 s that moves on to /scanCodeWin once the request is decided. The server's SVG is shown through an <img>
// with a data: URL, so no markup of an answer is ever inserted into the page.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton, Space, Typography } from 'antd';
import { FACE_AUTH_STATUS } from '@cqjy/domain/accounts';
import type { FaceAuthLink } from '@cqjy/domain/identity-auth';
import { SignOutButton, TopLevelFrame } from '../../components/index.ts';
import { postFaceLink, postFaceResult } from './api.ts';

export const POLL_INTERVAL_MS = 2000;

/** A data: URL of the SVG markup, for an <img>: the browser renders it as an image, scripts and all inert. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Seconds until `expiresAt`, counted against the clock (a background tab's timers run late). */
function useSecondsLeft(expiresAt: string | undefined): number {
  const compute = useCallback(
    () => (expiresAt === undefined ? 0 : Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000))),
    [expiresAt],
  );
  const [left, setLeft] = useState(compute);
  useEffect(() => {
    setLeft(compute());
    const timer = setInterval(() => setLeft(compute()), 1000);
    return () => clearInterval(timer);
  }, [compute]);
  return left;
}

function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export function ScanCodePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requestId = params.get('requestId') ?? '';
  const [link, setLink] = useState<FaceAuthLink | null>(null);
  const issue = useMutation({ mutationFn: postFaceLink, onSuccess: setLink });
  const issueRef = useRef(issue.mutate);
  issueRef.current = issue.mutate;
  const secondsLeft = useSecondsLeft(link?.expiresAt);

  useEffect(() => {
    if (requestId !== '') issueRef.current(requestId);
  }, [requestId]);

  // The decision is made on the phone: ask every 2 s; a failed poll is simply asked again.
  useEffect(() => {
    if (requestId === '') return;
    let isActive = true;
    const timer = setInterval(() => {
      postFaceResult(requestId).then(
        (result) => {
          if (!isActive) return;
          if (result.status === FACE_AUTH_STATUS.passed || result.status === FACE_AUTH_STATUS.refused) {
            isActive = false;
            clearInterval(timer);
            void navigate(`/scanCodeWin?requestId=${encodeURIComponent(requestId)}`, { replace: true });
          }
        },
        () => undefined,
      );
    }, POLL_INTERVAL_MS);
    return () => {
      isActive = false;
      clearInterval(timer);
    };
  }, [requestId, navigate]);

  const backToAuth = <Button onClick={() => void navigate('/auth')}>返回开户信息</Button>;

  if (requestId === '') {
    return (
      <TopLevelFrame title="人脸核验">
        <Result status="warning" title="缺少核验编号，请从开户信息页重新发起实名认证" extra={backToAuth} />
      </TopLevelFrame>
    );
  }

  const isExpired = link !== null && secondsLeft === 0;
  return (
    <TopLevelFrame title="人脸核验">
      {issue.isError && link === null ? (
        <Result
          status="error"
          title="二维码获取失败"
          extra={
            <Space>
              {backToAuth}
              <SignOutButton isPrimary={false} />
            </Space>
          }
        />
      ) : link === null ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" align="center" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            请 <Typography.Text strong>{link.realNameMasked}</Typography.Text>{' '}
            本人使用手机扫描下方二维码，完成人脸核验。
          </Typography.Paragraph>
          <div style={{ position: 'relative', width: 220, height: 220 }}>
            <img
              src={svgDataUrl(link.qrSvg ?? '')}
              alt="人脸核验二维码"
              width={220}
              height={220}
              style={{ opacity: isExpired ? 0.15 : 1 }}
            />
            {isExpired ? (
              <div
                style={{
                  position: 'absolute',
                  inset: 0,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                }}
              >
                <Typography.Text strong>二维码已过期</Typography.Text>
              </div>
            ) : null}
          </div>
          {isExpired ? (
            <Alert type="warning" showIcon title="二维码已过期，请刷新二维码后重新扫描" />
          ) : (
            <Typography.Text type="secondary" data-testid="face-countdown">
              二维码将在 {formatCountdown(secondsLeft)} 后过期
            </Typography.Text>
          )}
          <Space>
            <Button type="primary" loading={issue.isPending} onClick={() => issue.mutate(requestId)}>
              刷新二维码
            </Button>
            <Button href={link.confirmUrl} target="_blank" rel="noopener noreferrer">
              在本浏览器中打开
            </Button>
          </Space>
          <Space style={{ marginTop: 16 }}>
            {backToAuth}
            <SignOutButton isPrimary={false} />
          </Space>
        </Space>
      )}
    </TopLevelFrame>
  );
}
