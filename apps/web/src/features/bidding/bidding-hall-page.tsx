// 竞价大厅 (biddingHall?id=): the live hall of a project's online bidding. The hall is read once, then followed on
// its event stream, each event carrying the whole hall; after a drop the stream connects again and the hall is
// read afresh. Everyone allowed in sees the status, the countdown (by the server's clock), the current price and
// its leader's bidder number, the next minimum, the increment, what the phase means and the bid log; a bidder also
// bids. A sealed session (一次报价) shows how many bids came and nothing of them until its window closed; each bidder
// sees its own one bid. Once closed: the winner and the price (or the reserve price the highest bid did not meet),
// to the exchange and the owner who is behind each bidder number, the signed result and the last link of the bids'
// hash chain; when the winner defaults, the exchange records it and the deal is offered on (default-panel.tsx).
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Result,
  Row,
  Space,
  Spin,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { biddingStatusLabel, dutchAskAt } from '@cqjy/domain/bidding';
import type { BiddingStatus } from '@cqjy/domain/bidding';
import { formatDateTime, formatFen } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { readQueryId } from '../../lib/query-id.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { CloseButton, PageNotFound } from '../../components/index.ts';
import { downloadResult, hallKey, hallQuery } from './api.ts';
import { BidForm } from './bid-form.tsx';
import { BidLog } from './bid-log.tsx';
import { DefaultPanel } from './default-panel.tsx';
import {
  applyEvent,
  countdownTarget,
  formatCountdown,
  phaseOf,
  remainingMs,
  serverNow,
} from './hall-clock.ts';
import type { LiveHall } from './hall-clock.ts';
import { followHall } from './hall-stream.ts';

/** How close to the end the countdown warns. */
const LAST_MINUTE_MS = 60_000;

/** The countdown's pace: a few times a second, so a second never shows late by more than a quarter. */
const TICK_MS = 250;

function useNow(isRunning: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isRunning) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [isRunning]);
  return now;
}

const STATUS_COLORS: Record<BiddingStatus, string> = {
  scheduled: 'default',
  free: 'green',
  timed: 'orange',
  closed: 'red',
};

function phaseText(hall: LiveHall, phase: BiddingStatus): string {
  if (hall.mode === 'dutch') {
    return phase === 'scheduled'
      ? `减价式竞价将于${formatDateTime(hall.startAt)}开始。`
      : `减价式：自起始价起每${hall.timedSeconds}秒降低${formatFen(hall.increment)}元，至${formatDateTime(hall.freeEndAt)}止；第一位应价的竞买人以应价时的价格竞得，竞价随即结束。`;
  }
  if (hall.mode === 'sealed') {
    return phase === 'scheduled'
      ? `一次报价将于${formatDateTime(hall.startAt)}开始。`
      : `一次报价：${formatDateTime(hall.freeEndAt)}前每位竞买人可报价一次，报价不公开；报价期满后统一揭晓，价高者得（报价相同的，先报者得）。`;
  }
  if (phase === 'scheduled') {
    return `竞价将于${formatDateTime(hall.startAt)}开始，开始后先进入自由报价期。`;
  }
  if (phase === 'free') {
    return `自由报价期：${formatDateTime(hall.freeEndAt)}前可自由报价；自由报价期结束后进入限时报价期。`;
  }
  const cap =
    hall.restartsMax === null
      ? ''
      : hall.restarts >= hall.restartsMax
        ? `延时次数已达上限${hall.restartsMax}次，倒计时不再重新开始；`
        : `最多延时${hall.restartsMax}次（已延时${hall.restarts}次），最晚${formatDateTime(hall.latestEndsAt ?? hall.endsAt)}结束；`;
  return `限时报价期：每个限时报价周期为${hall.timedSeconds}秒，周期内出现有效报价则倒计时重新开始；${cap}一个周期内无人报价，竞价结束，最高报价者竞得。`;
}

const countdownLabel = (hall: LiveHall, phase: BiddingStatus): string =>
  phase === 'scheduled'
    ? '距竞价开始'
    : hall.mode !== 'dynamic'
      ? '距报价截止'
      : phase === 'free'
        ? '距竞价结束（如无新报价）'
        : '本周期剩余时间';

/** What the closed hall came to: the winner and the price (after a default, the offer taken), or why nobody won. */
function resultText(hall: LiveHall): string {
  const { offer } = hall;
  if (hall.winnerName !== null) {
    const isOffered = offer !== null && offer.answer === 'accepted' && offer.bidderNo === hall.winnerNo;
    return isOffered
      ? `递补竞得人：${hall.winnerName}，成交价：${formatFen(offer.price)}元`
      : `竞得人：${hall.winnerName}，成交价：${formatFen(hall.currentPrice)}元`;
  }
  if (hall.defaultedNos.length > 0) {
    return offer !== null && offer.answer === null
      ? `竞得人违约，成交已递补给竞买号${offer.bidderNo}，等待其答复。`
      : '竞得人违约，没有可递补的竞买人，本次竞价不成交。';
  }
  if (hall.currentPrice !== null && hall.isReserveMet === false) {
    return `最高报价${formatFen(hall.currentPrice)}元未达保留价${formatFen(hall.reservePrice)}元，本次竞价不成交。`;
  }
  return '本次竞价无人报价，未产生竞得人。';
}

function ClosedResult({ hall }: { hall: LiveHall }) {
  const { busy, run } = useBusy<'result'>();
  const last = hall.bids.reduce<LiveHall['bids'][number] | undefined>(
    (found, bid) => (found === undefined || bid.seq > found.seq ? bid : found),
    undefined,
  );
  return (
    <Result
      status={hall.winnerName === null ? 'info' : 'success'}
      title="竞价已结束"
      subTitle={resultText(hall)}
      extra={
        <Space orientation="vertical" align="center">
          <Button
            type="primary"
            loading={busy === 'result'}
            onClick={() => void run('result', () => downloadResult(hall))}
          >
            下载竞价结果
          </Button>
          {last === undefined ? null : (
            <Typography.Text type="secondary">
              最后一笔报价的链式哈希：
              <Typography.Text code copyable data-testid="bidding-last-hash">
                {last.hash}
              </Typography.Text>
            </Typography.Text>
          )}
        </Space>
      }
    />
  );
}

/** Once closed, to the exchange and the owner: who is behind each bidder number. */
function RevealedBidders({ bidders }: { bidders: NonNullable<LiveHall['bidders']> }) {
  return (
    <Descriptions size="small" title="竞买人" column={{ xs: 1, sm: 2, lg: 4 }} data-testid="bidding-bidders">
      {bidders.map((bidder) => (
        <Descriptions.Item key={bidder.bidderNo} label={bidder.bidderNo}>
          {bidder.name}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

function HallView({ hall, now }: { hall: LiveHall; now: number }) {
  const livePhase = phaseOf(hall, now);
  const isLive = livePhase === 'free' || livePhase === 'timed';
  const left = remainingMs(hall, countdownTarget(hall, livePhase), now);
  // the last minute of a live session stands out: a bidder who waits sees it is now or never
  const isLastMinute = isLive && left <= LAST_MINUTE_MS && (hall.mode !== 'dynamic' || livePhase === 'timed');
  const isUnseen = hall.mode === 'sealed' && livePhase !== 'closed';
  // a Dutch session's ask falls by the server's clock, read here each tick
  const ask = hall.mode === 'dutch' ? dutchAskAt(hall, serverNow(hall, now)) : null;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={6}>
          <Card size="small">
            <Statistic
              title={livePhase === 'closed' ? '剩余时间' : countdownLabel(hall, livePhase)}
              valueRender={() => (
                <span
                  data-testid="bidding-countdown"
                  style={{ fontVariantNumeric: 'tabular-nums', color: isLastMinute ? '#cf1322' : undefined }}
                >
                  {formatCountdown(livePhase === 'closed' ? 0 : left)}
                </span>
              )}
            />
            {isLastMinute ? (
              <Typography.Text type="danger" strong data-testid="bidding-last-minute">
                {hall.mode === 'dynamic' && livePhase === 'timed'
                  ? '最后1分钟，有效报价将重新计时'
                  : '最后1分钟'}
              </Typography.Text>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card size="small">
            <Statistic
              title={
                isUnseen
                  ? '已收到报价'
                  : ask !== null && hall.currentPrice === null
                    ? '当前报价（元）'
                    : '当前价（元）'
              }
              valueRender={() => (
                <span data-testid="bidding-current-price">
                  {isUnseen
                    ? `${hall.bidCount}份`
                    : hall.currentPrice !== null
                      ? formatFen(hall.currentPrice)
                      : ask !== null && livePhase !== 'closed'
                        ? formatFen(ask)
                        : '尚无报价'}
                </span>
              )}
            />
            <Typography.Text type="secondary">
              {isUnseen
                ? '报价密封，报价期满后揭晓'
                : ask !== null && hall.leaderNo === null
                  ? '第一位应价的竞买人竞得'
                  : `领先竞买号：${hall.leaderNo ?? '—'}`}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card size="small">
            {hall.mode === 'dutch' ? (
              <Statistic
                title="最低价（元，报价期末）"
                value={formatFen(dutchAskAt(hall, Date.parse(hall.freeEndAt)))}
              />
            ) : (
              <Statistic
                title={hall.mode === 'sealed' ? '最低报价（元）' : '下一次最低报价（元）'}
                value={formatFen(hall.nextMinimum)}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card size="small">
            {hall.mode === 'sealed' ? (
              <Statistic title="起始价（元）" value={formatFen(hall.startingPrice)} />
            ) : hall.mode === 'dutch' ? (
              <>
                <Statistic title="降价幅度（元）" value={formatFen(hall.increment)} />
                <Typography.Text type="secondary">
                  每{hall.timedSeconds}秒降价一次，起始价：{formatFen(hall.startingPrice)}元
                </Typography.Text>
              </>
            ) : (
              <>
                <Statistic title="加价幅度（元）" value={formatFen(hall.increment)} />
                <Typography.Text type="secondary">起始价：{formatFen(hall.startingPrice)}元</Typography.Text>
              </>
            )}
          </Card>
        </Col>
      </Row>
      {livePhase === 'closed' ? (
        <ClosedResult hall={hall} />
      ) : (
        <Alert
          type={livePhase === 'timed' ? 'warning' : 'info'}
          showIcon
          title={phaseText(hall, livePhase)}
        />
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label="项目编号">{hall.projectCode}</Descriptions.Item>
        <Descriptions.Item label="竞价方式">{hall.modeLabel}</Descriptions.Item>
        <Descriptions.Item label="开始时间">{formatDateTime(hall.startAt)}</Descriptions.Item>
        {hall.mode !== 'dynamic' ? (
          <Descriptions.Item label="报价截止">{formatDateTime(hall.freeEndAt)}</Descriptions.Item>
        ) : (
          <>
            <Descriptions.Item label="自由报价期截止">{formatDateTime(hall.freeEndAt)}</Descriptions.Item>
            <Descriptions.Item label="限时报价周期">{hall.timedSeconds}秒</Descriptions.Item>
            {hall.restartsMax === null ? null : (
              <>
                <Descriptions.Item label="延时次数">
                  <span data-testid="bidding-restarts">
                    已延时{hall.restarts}次（上限{hall.restartsMax}次）
                  </span>
                </Descriptions.Item>
                <Descriptions.Item label="最晚结束时间">
                  <span data-testid="bidding-latest-end">
                    {hall.latestEndsAt === null ? '—' : formatDateTime(hall.latestEndsAt)}
                  </span>
                </Descriptions.Item>
              </>
            )}
          </>
        )}
        {hall.reservePrice === null ? null : (
          <Descriptions.Item label="保留价">{formatFen(hall.reservePrice)}元</Descriptions.Item>
        )}
      </Descriptions>
      {livePhase === 'closed' ? <DefaultPanel hall={hall} /> : null}
      {hall.bidders === null ? null : <RevealedBidders bidders={hall.bidders} />}
      {hall.myBidderNos.length > 0 && livePhase !== 'closed' ? (
        <Card size="small" title="我要出价">
          <BidForm hall={hall} isOpen={isLive} nowMs={now} />
        </Card>
      ) : null}
      <Card size="small" title="报价记录">
        <BidLog hall={hall} nowMs={now} />
      </Card>
    </Space>
  );
}

export function BiddingHallPage() {
  const [params] = useSearchParams();
  const id = readQueryId(params.get('id'));
  const queryClient = useQueryClient();
  const hall = useQuery({ ...hallQuery(id ?? 0), enabled: id !== null });
  const [isLost, setIsLost] = useState(false);
  const isClosed = hall.data?.status === 'closed';
  const isLoaded = hall.data !== undefined;
  const now = useNow(isLoaded && !isClosed);

  // A closed hall changes no more: the stream is followed only while it may.
  useEffect(() => {
    if (id === null || !isLoaded || isClosed) return undefined;
    return followHall(id, {
      onHall: (data) => {
        queryClient.setQueryData<LiveHall>(hallKey(id), (current) => applyEvent(current, data));
        // closed: read once more, for what the call alone tells (who is behind each number, to whom may see it)
        if ((data as { status?: unknown } | null)?.status === 'closed') {
          void queryClient.invalidateQueries({ queryKey: hallKey(id) });
        }
      },
      onOpen: () => setIsLost(false),
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: hallKey(id) }),
      onDrop: () => setIsLost(true),
    });
  }, [id, isLoaded, isClosed, queryClient]);

  if (id === null) return <PageNotFound />;
  const data = hall.data;
  if (data === undefined) {
    return hall.isError ? (
      <Result status="error" title={MSG.biddingHallMissing} extra={<CloseButton />} />
    ) : (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  }
  const status = phaseOf(data, now);

  return (
    <Card
      title={
        <Space wrap>
          {`${data.projectName} · 网络竞价`}
          <Tag color={STATUS_COLORS[status]} data-testid="bidding-status">
            {biddingStatusLabel(data.mode, status)}
          </Tag>
          <Tag data-testid="bidding-mode">{data.modeLabel}</Tag>
          {data.sandboxSpeed > 1 ? (
            <Tag color="magenta" data-testid="bidding-sandbox" title="测试与培训：各期间按此倍数加快">
              演练时钟 ×{data.sandboxSpeed}
            </Tag>
          ) : null}
          {isLost && !isClosed ? <Tag color="warning">{MSG.biddingStreamLost}</Tag> : null}
        </Space>
      }
      extra={<CloseButton />}
    >
      <HallView hall={data} now={now} />
    </Card>
  );
}
