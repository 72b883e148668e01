// Top-level pages whose screens are not built yet (account opening, authentication, e-signature enrolment, face
// authentication, password and username recovery). Each says what it is and 暂未开放, and always offers a way
// out, so a user an onboarding gate sends here is never stuck.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Empty, Space, Typography } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { useSignOut } from '../../api/auth.ts';
import { notify } from '../../api/notify.ts';
import { useRouteDef } from '../route-handle.ts';

export function TopLevelFrame({ title, children }: { title: string; children: ReactNode }) {
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
      <Card style={{ width: 560, maxWidth: '100%' }}>
        <Typography.Title level={3} style={{ marginTop: 0, textAlign: 'center' }}>
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          产权交易机构服务中台
        </Typography.Paragraph>
        {children}
      </Card>
    </main>
  );
}

/** 退出登录 for a signed-in user held on a top-level page. */
export function SignOutButton({ isPrimary = true }: { isPrimary?: boolean }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <Button
      type={isPrimary ? 'primary' : 'default'}
      loading={signOut.isPending}
      onClick={() =>
        signOut.mutate(undefined, {
          onSettled: () => {
            notify.success(MSG.logoutOk);
            void navigate('/login', { replace: true });
          },
        })
      }
    >
      退出登录
    </Button>
  );
}

export function GatePlaceholder() {
  const route = useRouteDef();
  return (
    <TopLevelFrame title={route?.title ?? ''}>
      <Empty description={MSG.notOpenYet}>
        <SignOutButton />
      </Empty>
    </TopLevelFrame>
  );
}

/** The recovery pages a visitor reaches from the sign-in page lead back to it. */
export function PublicPlaceholder() {
  const route = useRouteDef();
  const navigate = useNavigate();
  return (
    <TopLevelFrame title={route?.title ?? ''}>
      <Empty description={MSG.notOpenYet}>
        <Space>
          <Button type="primary" onClick={() => void navigate('/login')}>
            返回登录
          </Button>
        </Space>
      </Empty>
    </TopLevelFrame>
  );
}
