// The header: the collapse toggle, the portal name, the bell of unread notifications (消息提醒), the user and
// company, the user menu (个人中心), the identity switch, for a land user the way back to 土地资产管理 (where the land
// frame's 进入门户 led from, in the same place of its header), and 退出登录.
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Layout } from 'antd';
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import RollbackOutlined from '@ant-design/icons/RollbackOutlined';
import { identityName } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import { findRouteByName } from '@cqjy/domain/routes';
import { useSignOut } from '../../api/auth.ts';
import { notify } from '../../lib/notify.ts';
import { setSession, useSession } from '../../lib/session-store.ts';
import { NotificationBell } from '../../features/reminder/notification-bell.tsx';
import { IdentitySwitch } from './identity-switch.tsx';
import './app-header.css';

/** 土地资产管理 (gate 8's page), outside the portal's layout. */
const LAND_ROUTE = findRouteByName('landManage');

export function AppHeader() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userInfo = useSession((session) => session.userInfo);
  const isCollapsed = useSession((session) => session.isMenuCollapsed);
  const identityType = useSession((session) => session.identityType);
  const isLand = identityName(identityType ?? userInfo?.identityType) === 'land';
  const signOut = useSignOut();
  const displayName = userInfo?.nickname || userInfo?.username || '';

  const onSignOut = (): void => {
    signOut.mutate(undefined, {
      onSettled: () => {
        queryClient.clear();
        notify.success(MSG.logoutOk);
        void navigate('/login', { replace: true });
      },
    });
  };

  return (
    <Layout.Header className="app-header">
      <Button
        type="text"
        aria-label={isCollapsed ? '展开菜单' : '收起菜单'}
        aria-expanded={!isCollapsed}
        icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={() => setSession({ isMenuCollapsed: !isCollapsed })}
        style={{ color: '#fff', fontSize: 18, width: 40, height: 40 }}
      />
      {/* A plain span: Typography's editing and copying code is not worth loading for one static label. */}
      <span className="app-header-title">产权交易机构服务中台</span>
      <div className="app-header-tools">
        <NotificationBell />
        {userInfo?.companyName ? (
          <span data-testid="header-company" className="app-header-company" title={userInfo.companyName}>
            {userInfo.companyName}
          </span>
        ) : null}
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'userCenter', label: '个人中心' },
              { key: 'watchList', label: '我的关注' },
            ],
            onClick: ({ key }) => void navigate(`/index/${key}`),
          }}
        >
          <Button type="text" aria-label="用户菜单" style={{ color: 'inherit', paddingInline: 4 }}>
            <span data-testid="header-user" style={{ whiteSpace: 'nowrap' }}>
              {displayName}
            </span>
          </Button>
        </Dropdown>
        <IdentitySwitch />
        {isLand && LAND_ROUTE !== undefined ? (
          // the land session flag stays set: 进入门户 brings the user back as before
          <Button
            size="small"
            ghost
            icon={<RollbackOutlined />}
            onClick={() => void navigate(LAND_ROUTE.path)}
          >
            {`返回${LAND_ROUTE.title}`}
          </Button>
        ) : null}
        <Button size="small" ghost loading={signOut.isPending} onClick={onSignOut}>
          退出登录
        </Button>
      </div>
    </Layout.Header>
  );
}
