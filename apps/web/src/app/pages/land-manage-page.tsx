// 土地资产管理 (gate 8): where a land user lands. Its own screens are not built yet; 进入门户 sets the land session
// flag of this browser tab, so the portal lets the user in until they sign out or close the tab.
import { useNavigate } from 'react-router';
import { Button, Empty, Space } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { useRouteDef } from '../../lib/route-handle.ts';
import { setSession } from '../../lib/session-store.ts';
import { SignOutButton, TopLevelFrame } from '../../components/index.ts';

export function LandManagePage() {
  const route = useRouteDef();
  const navigate = useNavigate();
  const onEnterPortal = (): void => {
    setSession({ isLandSession: true });
    void navigate('/index/home');
  };
  return (
    <TopLevelFrame title={route?.title ?? '土地资产管理'}>
      <Empty description={MSG.notOpenYet}>
        <Space>
          <Button type="primary" onClick={onEnterPortal}>
            进入门户
          </Button>
          <SignOutButton isPrimary={false} />
        </Space>
      </Empty>
    </TopLevelFrame>
  );
}
