// A top-level page whose screen is not built yet: it says what it is and 暂未开放, and always offers a way out, so
// a user an onboarding gate sends here is never stuck.
import { Empty } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { SignOutButton, TopLevelFrame } from '../../components/index.ts';
import { useRouteDef } from '../../lib/route-handle.ts';

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
