// The exchange's part of 首页 (admins and operations admins, loaded only for them): what waits for it — its 待办任务
// count from the home page's figures, and the kinds of decision waiting (the to-do list grouped by what each
// decision is, 开户审核, 信息披露申请 ...) — and what closes this week: the disclosures ending from Monday to Sunday
// across every company. Each kind opens the to-do list, each deadline its project.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Badge, Col, Empty, Row, Statistic, Tag } from 'antd';
import { formatDate } from '@cqjy/domain/format';
import { findRouteByName } from '@cqjy/domain/routes';
import type { RouteDef } from '@cqjy/domain/routes';
import { closingWeekQuery, waitingKindsQuery } from './api.ts';
import { Panel } from '../../components/panel.tsx';
import './home-page.css';

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];
/** 待办任务: the list every waiting decision is taken from. */
const WAITING_LIST_ROUTE = findRouteByName('todo');

/** 3月18日 周三, for a 'YYYY-MM-DD' day (+08:00). */
export function dayLabel(date: string): string {
  const weekday = new Date(`${date}T12:00:00+08:00`).getUTCDay();
  return `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日 周${WEEKDAYS[weekday] ?? ''}`;
}

function WaitingCard({
  waitingListRoute,
  todo,
  isTodoLoading,
}: {
  waitingListRoute: RouteDef;
  todo: number;
  isTodoLoading: boolean;
}) {
  const waiting = useQuery(waitingKindsQuery());
  const kinds = waiting.data?.kinds ?? [];
  const isPartial = waiting.data !== undefined && waiting.data.read < waiting.data.total;
  return (
    <Panel
      title="待我处理"
      data-testid="home-waiting"
      extra={<Link to={waitingListRoute.path}>全部待办</Link>}
      style={{ height: '100%' }}
    >
      <Link to={waitingListRoute.path} className="home-waiting-total">
        <Statistic title={waitingListRoute.title} value={todo} loading={isTodoLoading} groupSeparator="," />
      </Link>
      {waiting.isPending ? null : kinds.length === 0 ? (
        <p className="home-status-empty">暂无待处理的事项</p>
      ) : (
        <ul className="home-waiting-kinds" aria-label="待处理事项按类型">
          {kinds.map((kind) => (
            <li key={kind.title}>
              <Link to={waitingListRoute.path}>{kind.title}</Link>
              <Badge count={kind.count} showZero color="#1677ff" overflowCount={999} />
            </li>
          ))}
        </ul>
      )}
      {isPartial ? (
        <p className="home-waiting-note">{`按最近${waiting.data.read}项统计，共${waiting.data.total}项`}</p>
      ) : null}
    </Panel>
  );
}

function ClosingCard() {
  const closing = useQuery(closingWeekQuery());
  const today = formatDate(new Date());
  const week = closing.data;
  const range = week === undefined ? '' : `（${dayLabel(week.from)} — ${dayLabel(week.to)}）`;
  return (
    <Panel
      title={`本周披露截止${range}`}
      data-testid="home-closing"
      loading={closing.isPending}
      style={{ height: '100%' }}
    >
      {week === undefined || week.events.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本周没有截止的披露" />
      ) : (
        <ul className="home-closing-list" aria-label="本周披露截止">
          {week.events.map((event, index) => (
            <li key={`${event.date}-${index}`}>
              <span className="home-closing-day">{dayLabel(event.date)}</span>
              {event.link === null ? (
                <span className="home-closing-title">{event.title}</span>
              ) : (
                <Link className="home-closing-title" to={event.link}>
                  {event.title}
                </Link>
              )}
              {event.date < today ? (
                <Tag>已截止</Tag>
              ) : event.date === today ? (
                <Tag color="red">今日截止</Tag>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export default function ExchangeHome({
  canSeeTasks,
  todo,
  isTodoLoading,
}: {
  canSeeTasks: boolean;
  todo: number;
  isTodoLoading: boolean;
}) {
  const isWaitingShown = canSeeTasks && WAITING_LIST_ROUTE !== undefined;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {isWaitingShown ? (
        <Col xs={24} xl={8}>
          <WaitingCard waitingListRoute={WAITING_LIST_ROUTE} todo={todo} isTodoLoading={isTodoLoading} />
        </Col>
      ) : null}
      <Col xs={24} xl={isWaitingShown ? 16 : 24}>
        <ClosingCard />
      </Col>
    </Row>
  );
}
