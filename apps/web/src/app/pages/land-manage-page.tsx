// 土地资产管理 (gate 8): where a land user lands, outside the portal's layout. The land parcels' registry (the
// domain's registries/land.ts: list, form, show and import pages on the registries kit) is drawn inside this frame,
// whose header carries 进入门户 — it sets the land session flag of this browser tab, so the portal lets the user in
// until they sign out or close the tab — and 退出登录.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Layout, Space, Typography } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { setSession } from '../../lib/session-store.ts';
import { SignOutButton } from '../../components/index.ts';

export function LandFrame({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const onEnterPortal = (): void => {
    setSession({ isLandSession: true });
    void navigate('/index/home');
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          paddingInline: 24,
        }}
      >
        <Typography.Title level={4} style={{ margin: 0 }}>
          {`${MSG.portalName} · 土地资产管理`}
        </Typography.Title>
        <Space>
          <Button type="primary" onClick={onEnterPortal}>
            进入门户
          </Button>
          <SignOutButton isPrimary={false} />
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 16 }}>{children}</Layout.Content>
    </Layout>
  );
}
