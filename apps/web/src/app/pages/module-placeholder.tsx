// The page of a route whose screen is not built yet: its title and 暂未开放, inside the portal layout.
import { Card, Empty, Typography } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { usePageTitle } from '../../lib/route-handle.ts';

export function ModulePlaceholder() {
  const title = usePageTitle();
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
