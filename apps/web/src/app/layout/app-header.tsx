import { useNavigate } from 'react-router';
import { Button, Layout, Space, Typography } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { useSignOut } from '../../api/auth.ts';
import { notify } from '../../api/notify.ts';
import { useSession } from '../session-store.ts';

export function AppHeader() {
  const navigate = useNavigate();
  const userInfo = useSession((session) => session.userInfo);
  const signOut = useSignOut();
  const displayName = userInfo?.nickname || userInfo?.username || '';

  const onSignOut = (): void => {
    signOut.mutate(undefined, {
      onSettled: () => {
        notify.success(MSG.logoutOk);
        void navigate('/login', { replace: true });
      },
    });
  };

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 16,
        paddingInline: 24,
        background: '#001529',
      }}
    >
      <Typography.Text strong style={{ color: '#fff', fontSize: 18, whiteSpace: 'nowrap' }}>
        产权交易机构服务中台
      </Typography.Text>
      <Space size="middle" style={{ color: 'rgba(255,255,255,0.85)', minWidth: 0 }}>
        {userInfo?.companyName ? (
          <span data-testid="header-company" style={{ whiteSpace: 'nowrap' }}>
            {userInfo.companyName}
          </span>
        ) : null}
        <span data-testid="header-user" style={{ whiteSpace: 'nowrap' }}>
          {displayName}
        </span>
        <Button size="small" ghost loading={signOut.isPending} onClick={onSignOut}>
          退出登录
        </Button>
      </Space>
    </Layout.Header>
  );
}
