// 首页: the landing tab of transferors, members, disassembly and land users, and the exchange's own home page (its
// menu's 首页; admins still land on 项目管理): who is signed in, and the figures of GET /api/homepage/count, each card
// opening its list when the user may open it; for the exchange then what waits for it and what closes this week
// (exchange-home.tsx, loaded for the exchange only); below them the calendar and the projects by status
// (home-insights.tsx), loaded after the figures so that the first paint stays light.
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Row, Skeleton, Statistic } from 'antd';
import { IDENTITY_LABELS, identityName } from '@cqjy/domain/identity';
import { isAdminIdentity, isPathAllowed } from '@cqjy/domain/menus';
import { findRouteByName } from '@cqjy/domain/routes';
import { homeCountsQuery } from '../../api/home.ts';
import type { HomeCounts } from '../../api/home.ts';
import { titleFor } from '../../lib/route-handle.ts';
import { useSession } from '../../lib/session-store.ts';
import { Panel } from '../../components/panel.tsx';
import './home-page.css';

const HomeInsights = lazy(() => import('./home-insights.tsx'));
const ExchangeHome = lazy(() => import('./exchange-home.tsx'));

type CountCard = { key: keyof HomeCounts; routeName: string };

// The figures and the list each belongs to; the card titles are those lists' titles.
const COUNT_CARDS: readonly CountCard[] = [
  { key: 'todo', routeName: 'todo' },
  { key: 'done', routeName: 'done' },
  { key: 'launch', routeName: 'launch' },
  { key: 'projects', routeName: 'project' },
  { key: 'messages', routeName: 'reminder' },
];

export function HomePage() {
  const navigate = useNavigate();
  const userInfo = useSession((session) => session.userInfo);
  const identityType = useSession((session) => session.identityType);
  const identity = identityName(identityType ?? userInfo?.identityType);
  const who = userInfo?.companyName || userInfo?.nickname || userInfo?.username || '';
  const counts = useQuery(homeCountsQuery());
  const canOpen = (routeName: string): boolean => {
    const route = findRouteByName(routeName);
    return (
      route !== undefined &&
      userInfo !== null &&
      isPathAllowed(route.path, userInfo.permission, identity, {
        permissionProject: userInfo.permissionProject,
      })
    );
  };

  return (
    <div>
      {/* Plain elements styled as antd's level-3 title and paragraph: Typography would bring its editing and
          copying code (TextArea, Tooltip) into the first signed-in paint for two lines of static text. */}
      <h3 className="home-title">首页</h3>
      <p className="home-welcome" data-testid="home-welcome">
        欢迎您，{who}
        {identity ? `（${IDENTITY_LABELS[identity]}）` : ''}
      </p>
      {counts.isError ? (
        <Alert type="error" showIcon title="首页数据加载失败" style={{ marginBottom: 16 }} />
      ) : null}
      <Row gutter={[16, 16]}>
        {COUNT_CARDS.map(({ key, routeName }) => {
          const route = findRouteByName(routeName);
          // each reads its lists by the titles its menu gives them (the exchange's 项目管理, an agent's 代理项目方)
          const title = route === undefined ? '' : titleFor(route, identity, userInfo?.permission);
          const isOpenable = route !== undefined && canOpen(routeName);
          return (
            <Col key={key} xs={12} lg={8} xl={{ flex: '1 1 0' }}>
              <Panel
                hoverable={isOpenable}
                onClick={isOpenable ? () => void navigate(route.path) : undefined}
                data-testid={`home-count-${key}`}
              >
                <Statistic
                  title={title}
                  value={counts.data?.[key] ?? 0}
                  loading={counts.isPending}
                  groupSeparator=","
                />
              </Panel>
            </Col>
          );
        })}
      </Row>
      {isAdminIdentity(identity) ? (
        <Suspense fallback={<Skeleton active style={{ marginTop: 16 }} />}>
          <ExchangeHome
            canSeeTasks={canOpen('todo')}
            todo={counts.data?.todo ?? 0}
            isTodoLoading={counts.isPending}
          />
        </Suspense>
      ) : null}
      <Suspense fallback={<Skeleton active style={{ marginTop: 16 }} />}>
        <HomeInsights canSeeProjects={canOpen('project')} />
      </Suspense>
    </div>
  );
}
