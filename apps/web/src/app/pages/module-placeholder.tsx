// The page of a route whose screen is not built yet: its title and 暂未开放, inside the portal layout.
import { Card, Empty, Typography } from 'antd';
import { identityName } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import { titleFor, useRouteDef } from '../../lib/route-handle.ts';
import { useSession } from '../../lib/session-store.ts';

export function ModulePlaceholder() {
  const route = useRouteDef();
  const identityType = useSession((session) => session.identityType);
  const title = route ? titleFor(route, identityName(identityType)) : '';
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Card>
        <Empty description={MSG.notOpenYet} />
      </Card>
    </div>
  );
}
