// The frame of the pages outside the /index layout (sign-in helpers, account opening, authentication, e-signature
// enrolment): a centred card on the portal's background, with the page title and the portal's name.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Typography } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { useSignOut } from '../api/auth.ts';
import { notify } from '../lib/notify.ts';

export function TopLevelFrame({
  title,
  children,
  width = 560,
}: {
  title: string;
  children: ReactNode;
  /** the card's width in px; wide forms ask for more */
  width?: number;
}) {
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
      <Card style={{ width, maxWidth: '100%' }}>
        <Typography.Title level={3} style={{ marginTop: 0, textAlign: 'center' }}>
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {MSG.portalName}
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
