// /welcomePage (gate 6): the exchange's welcome picture until the user acknowledges it. 我知道了 clears the prompt
// on the server, reloads the user (so gate 6 lets them through) and opens their first tab; a later gate may
// still take them elsewhere.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Skeleton, Typography } from 'antd';
import { firstTab, identityName } from '@cqjy/domain/identity';
import { loadUserInfo } from '../../api/auth.ts';
import { cancelWelcomePrompt, fetchWelcomeImage } from '../../api/operator.ts';
import { getSession, wipeSession } from '../../lib/session-store.ts';

type ImageState = { src: string | null; isLoading: boolean };

function useWelcomeImage(): ImageState {
  const [image, setImage] = useState<ImageState>({ src: null, isLoading: true });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchWelcomeImage(controller.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setImage({ src: url, isLoading: false });
      })
      .catch(() => {
        // The client has already said what failed; the page still lets the user acknowledge.
        if (!controller.signal.aborted) setImage({ src: null, isLoading: false });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, []);
  return image;
}

async function acknowledge(): Promise<string> {
  await cancelWelcomePrompt();
  try {
    const user = await loadUserInfo();
    return firstTab(identityName(user.identityType)).path;
  } catch (error) {
    // SH-4.3: a failed user fetch signs the user out.
    wipeSession();
    throw error;
  }
}

export function WelcomePage() {
  const navigate = useNavigate();
  const image = useWelcomeImage();
  const acknowledging = useMutation({ mutationFn: acknowledge });

  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        background: 'linear-gradient(135deg, #e6f0ff 0%, #f5f7fa 60%, #ffffff 100%)',
      }}
    >
      <Card style={{ width: 760, maxWidth: '100%' }}>
        <Typography.Title level={3} style={{ marginTop: 0, textAlign: 'center' }}>
          欢迎使用产权交易机构服务中台
        </Typography.Title>
        <div style={{ display: 'flex', justifyContent: 'center', minHeight: 200, marginBottom: 24 }}>
          {image.isLoading ? (
            <Skeleton.Image active style={{ width: 480, height: 270 }} />
          ) : image.src ? (
            <img
              src={image.src}
              alt="欢迎使用"
              data-testid="welcome-image"
              style={{ display: 'block', maxWidth: '100%', maxHeight: '60vh', objectFit: 'contain' }}
            />
          ) : (
            <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
              欢迎图片暂时无法显示
            </Typography.Text>
          )}
        </div>
        <div style={{ textAlign: 'center' }}>
          <Button
            type="primary"
            size="large"
            loading={acknowledging.isPending}
            onClick={() =>
              acknowledging.mutate(undefined, {
                onSuccess: (path) => void navigate(path, { replace: true }),
                onError: () => {
                  if (getSession().token === null) void navigate('/login', { replace: true });
                },
              })
            }
          >
            我知道了
          </Button>
        </div>
      </Card>
    </main>
  );
}
