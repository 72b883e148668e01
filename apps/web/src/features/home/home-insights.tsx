// The lower half of 首页, loaded after the figures (home-page.tsx): the month's calendar (POST
// /api/homepage/calendar/reminder) with the disclosure starts and deadlines of the projects the user sees, days
// off greyed, an event opening its project (a link, so the keyboard reaches it too) and showing its whole title on
// hover or focus, as a cell cuts it to one line; and the user's projects by status as bars. The bars are a few styled
// elements, not the chart library nor antd's Progress (5.7 KB gzip): the first page after sign-in stays within its
// JavaScript budget (docs/decisions.md), and the library is loaded by the pages with real charts (收入统计).
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Row, Tooltip } from 'antd';
import { CALENDAR_EVENT_LABELS } from '@cqjy/domain/calendar';
import type { CalendarEvent, CalendarMonth } from '@cqjy/domain/statistics';
import { homeCalendarQuery, projectStatusCountsQuery } from '../../api/home.ts';
import { Panel } from '../../components/panel.tsx';
import './home-page.css';

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM' of the month `by` months after the one of `date` (the browser's day, as the user lives it). */
function monthAfter(date: Date, by = 0): string {
  const first = new Date(date.getFullYear(), date.getMonth() + by, 1);
  return `${first.getFullYear()}-${pad(first.getMonth() + 1)}`;
}

/** The first day of a 'YYYY-MM' month, at local noon. */
function firstOf(month: string): Date {
  return new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1, 12);
}

/**
 * The month as weeks from Monday: the server's days (each marked working or not), with blanks before the first
 * and after the last. A grid of its own rather than antd's Calendar, whose date-picker machinery would more than
 * double what this card costs the first page (docs/decisions.md).
 */
function weeksOf(days: CalendarMonth['days']): (CalendarMonth['days'][number] | null)[][] {
  const first = days[0];
  if (first === undefined) return [];
  const lead = (new Date(`${first.date}T12:00:00+08:00`).getUTCDay() + 6) % 7;
  const cells = [...Array.from({ length: lead }, () => null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/**
 * An event of a day: its kind and title, cut to the cell's width, whole in a tooltip on hover or keyboard focus
 * (antd's Tooltip is already loaded with the menu). It opens its project when it has one.
 */
function CalendarEventItem({ event }: { event: CalendarEvent }) {
  const text = `${CALENDAR_EVENT_LABELS[event.kind]}：${event.title}`;
  const className = `home-calendar-event home-calendar-${event.kind}`;
  return (
    <Tooltip title={text} trigger={['hover', 'focus']} placement="topLeft">
      {event.link === null ? (
        <span className={className} tabIndex={0}>
          {text}
        </span>
      ) : (
        <Link className={className} to={event.link}>
          {text}
        </Link>
      )}
    </Tooltip>
  );
}

function CalendarCard() {
  const [month, setMonth] = useState(() => monthAfter(new Date()));
  const now = new Date();
  const today = `${monthAfter(now)}-${pad(now.getDate())}`;
  const calendar = useQuery(homeCalendarQuery(month));
  const weeks = useMemo(() => weeksOf(calendar.data?.days ?? []), [calendar.data]);

  const renderEvent = (event: CalendarEvent, index: number) => (
    <li key={`${event.kind}-${index}`}>
      <CalendarEventItem event={event} />
    </li>
  );

  return (
    <Panel
      title="日历提醒"
      data-testid="home-calendar"
      extra={
        <div className="home-calendar-nav">
          <Button size="small" onClick={() => setMonth(monthAfter(firstOf(month), -1))}>
            上一月
          </Button>
          <Button size="small" onClick={() => setMonth(monthAfter(new Date()))}>
            本月
          </Button>
          <Button size="small" onClick={() => setMonth(monthAfter(firstOf(month), 1))}>
            下一月
          </Button>
        </div>
      }
    >
      <div className="home-calendar-title" aria-live="polite">
        {`${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`}
      </div>
      <table className="home-calendar" aria-busy={calendar.isFetching}>
        <thead>
          <tr>
            {WEEKDAYS.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, index) => (
            <tr key={index}>
              {week.map((day, at) =>
                day === null ? (
                  <td key={at} className="home-calendar-blank" />
                ) : (
                  <td
                    key={day.date}
                    data-date={day.date}
                    className={[
                      day.isWorkday ? '' : 'home-calendar-off',
                      day.date === today ? 'home-calendar-today' : '',
                    ].join(' ')}
                  >
                    <div className="home-calendar-day">
                      {day.isWorkday ? null : <span className="home-calendar-off-label">休</span>}
                      {Number(day.date.slice(8))}
                    </div>
                    <ul className="home-calendar-events">{day.events.map(renderEvent)}</ul>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

function ProjectStatusCard() {
  const counts = useQuery(projectStatusCountsQuery());
  const rows = useMemo(() => (counts.data ?? []).filter((row) => row.count > 0), [counts.data]);
  const most = Math.max(1, ...rows.map((row) => row.count));
  return (
    <Panel title="我的项目状态" data-testid="home-project-status" loading={counts.isPending}>
      {rows.length === 0 ? (
        <p className="home-status-empty">暂无项目</p>
      ) : (
        <ul className="home-status-bars" aria-label="我的项目按状态分布">
          {rows.map((row) => (
            <li key={row.value}>
              <span className="home-status-label">{row.label}</span>
              <span
                className="home-status-track"
                role="meter"
                aria-label={`${row.label}${row.count}个`}
                aria-valuemin={0}
                aria-valuemax={most}
                aria-valuenow={row.count}
              >
                <span className="home-status-fill" style={{ width: `${(row.count / most) * 100}%` }} />
              </span>
              <span className="home-status-count">{row.count}</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export default function HomeInsights({ canSeeProjects }: { canSeeProjects: boolean }) {
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24} xl={canSeeProjects ? 16 : 24}>
        <CalendarCard />
      </Col>
      {canSeeProjects ? (
        <Col xs={24} xl={8}>
          <ProjectStatusCard />
        </Col>
      ) : null}
    </Row>
  );
}
