// 首页: the landing tab of transferors, members, disassembly and land users. Its dashboard figures come from
// GET /api/homepage/count and the calendar reminder; until those are built it says so plainly.
import { Card, Empty, Typography } from 'antd';
import { IDENTITY_LABELS, identityName } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import { useSession } from '../../app/session-store.ts';

export function HomePage() {
  const userInfo = useSession((session) => session.userInfo);
  const identityType = useSession((session) => session.identityType);
  const identity = identityName(identityType ?? userInfo?.identityType);
  const who = userInfo?.companyName || userInfo?.nickname || userInfo?.username || '';

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        首页
      </Typography.Title>
      <Typography.Paragraph data-testid="home-welcome">
        欢迎您，{who}
        {identity ? `（${IDENTITY_LABELS[identity]}）` : ''}
      </Typography.Paragraph>
      <Card>
        <Empty description={MSG.notOpenYet}>
          <Typography.Text type="secondary">首页数据看板将在此显示</Typography.Text>
        </Empty>
      </Card>
    </div>
  );
}
