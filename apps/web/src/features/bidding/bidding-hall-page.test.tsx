// 竞价大厅 against a fake server: the hall shows its status, the countdown by the server's clock (the fake server's
// clock is days away from the machine's) and the current price; a bid posts the amount in fen and a refusal shows
// the server's words; the event stream (read with fetch, signed with the bearer header) moves the price, and a
// dropped stream is followed again with the hall read afresh. A closed hall shows the result.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BiddingHall } from '@cqjy/domain/bidding';
import { IDENTITY } from '@cqjy/domain/identity';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';
import { formatCountdown } from './hall-clock.ts';
import { createSseParser } from './hall-stream.ts';
import type { SseEvent } from './hall-stream.ts';

/** The fake server's clock: far from the machine's, so a countdown by the machine's clock would show nonsense. */
const SERVER_NOW = Date.parse('2026-03-10T02:00:00.000Z');
const iso = (ms: number): string => new Date(ms).toISOString();

function makeHall(overrides: Partial<BiddingHall> = {}): BiddingHall {
  return {
    id: 5,
    projectId: 7,
    projectName: '北京示范国有资产经营有限公司废旧设备一批',
    projectCode: 'GR2026BJ1000123',
    status: 'timed',
    statusLabel: '限时报价',
    mode: 'dynamic',
    modeLabel: '自由报价+限时竞价',
    serverNow: iso(SERVER_NOW),
    startAt: iso(SERVER_NOW - 10 * 60_000),
    freeEndAt: iso(SERVER_NOW - 5 * 60_000),
    endsAt: iso(SERVER_NOW + 75_000),
    timedSeconds: 120,
    sandboxSpeed: 1,
    restartsMax: null,
    restarts: 0,
    latestEndsAt: null,
    startingPrice: 900_000_00,
    increment: 1000_00,
    currentPrice: 1_000_000_00,
    nextMinimum: 1_001_000_00,
    leaderNo: 'J001',
    bidCount: 3,
    reservePrice: null,
    isReserveMet: null,
    myBidderNos: [
      {
        bidderNo: 'J002',
        registrationId: 31,
        name: '北京示范投资有限公司',
        amounts: [999_000_00],
        proxyCeiling: null,
      },
    ],
    bidders: null,
    bids: [
      {
        seq: 1,
        bidderNo: 'J001',
        isProxy: false,
        amount: 900_000_00,
        at: iso(SERVER_NOW - 4 * 60_000),
        hash: 'a1'.repeat(32),
      },
      {
        seq: 2,
        bidderNo: 'J002',
        isProxy: false,
        amount: 999_000_00,
        at: iso(SERVER_NOW - 3 * 60_000),
        hash: 'b2'.repeat(32),
      },
      {
        seq: 3,
        bidderNo: 'J001',
        isProxy: false,
        amount: 1_000_000_00,
        at: iso(SERVER_NOW - 60_000),
        hash: 'c3'.repeat(32),
      },
    ],
    winnerName: null,
    winnerNo: null,
    defaultedNos: [],
    offer: null,
    canDefault: false,
    resultFileId: null,
    version: 4,
    ...overrides,
  };
}

/** A stream the test writes to, as the server's event stream. */
function makeStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  return {
    response: () => new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    write: (text: string) => controller?.enqueue(encoder.encode(text)),
    close: () => controller?.close(),
  };
}

const notifier = setUpPageTests();

type Serve = {
  halls?: BiddingHall[];
  onBid?: (call: FetchCall) => Response;
  onProxy?: (call: FetchCall) => Response;
  streams?: ReturnType<typeof makeStream>[];
  /** who reads the hall (the demo member's operator unless said) */
  identity?: number;
  /** answers the other calls (the default, the offer's answer) */
  onCall?: (call: FetchCall) => Response | undefined;
};

/** Answers the hall (the next of `halls` on each read, the last one after), the bids and the event streams. */
function serve({
  halls = [makeHall()],
  onBid,
  onProxy,
  streams = [makeStream()],
  identity = IDENTITY.member,
  onCall,
}: Serve) {
  const user = makeUser(identity, { companyId: 20 });
  signInAs(user);
  let reads = 0;
  let connections = 0;
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/bidding/5' && call.method === 'GET') {
      const hall = halls[Math.min(reads, halls.length - 1)]!;
      reads += 1;
      return jsonResponse(envelope(hall));
    }
    if (path === '/api/bidding/5/events') {
      const stream = streams[Math.min(connections, streams.length - 1)]!;
      connections += 1;
      return stream.response();
    }
    if (path === '/api/bidding/bid/5' && onBid !== undefined) return onBid(call);
    if (path === '/api/bidding/proxy/5' && onProxy !== undefined) return onProxy(call);
    return onCall?.(call);
  });
}

const callsTo = (calls: FetchCall[], path: string) => calls.filter((call) => pathOf(call) === path);

describe('竞价大厅 · 一次报价', () => {
  const sealed = {
    mode: 'sealed' as const,
    modeLabel: '一次报价（密封报价）',
    status: 'free' as const,
    statusLabel: '自由报价',
    freeEndAt: iso(SERVER_NOW + 75_000),
    endsAt: iso(SERVER_NOW + 75_000),
    currentPrice: null,
    leaderNo: null,
    nextMinimum: 900_000_00,
    bids: [],
    bidCount: 2,
  };

  it('shows how many bids came and nothing of them; its bidder sees its own one bid and no form', async () => {
    serve({
      halls: [
        makeHall({
          ...sealed,
          myBidderNos: [
            {
              bidderNo: 'J002',
              registrationId: 31,
              name: '北京示范投资有限公司',
              amounts: [950_000_00],
              proxyCeiling: null,
            },
          ],
        }),
      ],
    });
    renderPortal('/index/biddingHall?id=5');
    expect((await screen.findByTestId('bidding-current-price')).textContent).toBe('2份');
    expect(screen.getByTestId('bidding-mode').textContent).toBe('一次报价（密封报价）');
    expect(screen.getByText('报价密封，报价期满后揭晓')).toBeTruthy();
    expect(screen.getByText('报价密封，报价期满后公布')).toBeTruthy();
    expect(screen.getByTestId('bidding-sealed-bid').textContent).toContain('已报价950,000.00元');
    expect(screen.queryByTestId('bidding-submit')).toBeNull();
  });

  it('closed below the reserve: says so with the reserve, and names the bidders to whom may see them', async () => {
    serve({
      halls: [
        makeHall({
          ...sealed,
          status: 'closed',
          statusLabel: '已结束',
          currentPrice: 950_000_00,
          leaderNo: 'J002',
          reservePrice: 1_000_000_00,
          isReserveMet: false,
          bidders: [
            { bidderNo: 'J001', name: '北京示范甲有限公司' },
            { bidderNo: 'J002', name: '北京示范投资有限公司' },
          ],
        }),
      ],
    });
    renderPortal('/index/biddingHall?id=5');
    expect(
      await screen.findByText('最高报价950,000.00元未达保留价1,000,000.00元，本次竞价不成交。'),
    ).toBeTruthy();
    expect(screen.getByTestId('bidding-bidders').textContent).toContain('北京示范甲有限公司');
  });
});

describe('竞价大厅 · 最后1分钟', () => {
  it('warns in the last minute of the timed period that a valid bid restarts the count', async () => {
    serve({ halls: [makeHall({ endsAt: iso(SERVER_NOW + 30_000) })] });
    renderPortal('/index/biddingHall?id=5');
    expect((await screen.findByTestId('bidding-last-minute')).textContent).toBe(
      '最后1分钟，有效报价将重新计时',
    );
  });
});

describe('竞价大厅 · 委托代理出价', () => {
  it('leaves a ceiling in fen, then shows it to its bidder alone, and the hall’s bids marked 代理', async () => {
    const answered = makeHall({
      currentPrice: 1_001_000_00,
      leaderNo: 'J002',
      version: 5,
      myBidderNos: [
        {
          bidderNo: 'J002',
          registrationId: 31,
          name: '北京示范投资有限公司',
          amounts: [999_000_00, 1_001_000_00],
          proxyCeiling: 1_200_000_00,
        },
      ],
      bids: [
        ...makeHall().bids,
        {
          seq: 4,
          bidderNo: 'J002',
          isProxy: true,
          amount: 1_001_000_00,
          at: iso(SERVER_NOW),
          hash: 'd4'.repeat(32),
        },
      ],
    });
    const { calls } = serve({ onProxy: () => jsonResponse(envelope(answered)) });
    renderPortal('/index/biddingHall?id=5');
    const field = await screen.findByLabelText<HTMLInputElement>('委托最高价（元）');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '1200000' } });
    fireEvent.blur(field);
    fireEvent.click(screen.getByTestId('bidding-proxy-submit'));
    await waitFor(() => expect(callsTo(calls, '/api/bidding/proxy/5')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/bidding/proxy/5')[0])).toEqual({
      registrationId: 31,
      ceiling: 1_200_000_00,
    });
    expect(await screen.findByText('已委托最高价1,200,000.00元，可调高')).toBeTruthy();
    expect(screen.getByText('代理')).toBeTruthy();
  });
});

describe('竞价大厅 · 减价式', () => {
  it('shows the ask falling by the server’s clock; the bidder takes it (应价) as it stands', async () => {
    const { calls } = serve({
      halls: [
        makeHall({
          mode: 'dutch',
          modeLabel: '减价式（降价竞价）',
          status: 'free',
          statusLabel: '自由报价',
          // two whole periods of 60 s gone: two steps of 1,000 yuan below the start
          startAt: iso(SERVER_NOW - 125_000),
          freeEndAt: iso(SERVER_NOW + 475_000),
          endsAt: iso(SERVER_NOW + 475_000),
          timedSeconds: 60,
          currentPrice: null,
          leaderNo: null,
          nextMinimum: 898_000_00,
          bids: [],
          bidCount: 0,
        }),
      ],
      onBid: () => jsonResponse(envelope(makeHall({ mode: 'dutch', status: 'closed', version: 5 }))),
    });
    renderPortal('/index/biddingHall?id=5');
    expect((await screen.findByTestId('bidding-current-price')).textContent).toBe('898,000.00');
    expect(screen.queryByRole('button', { name: '加一手' })).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('报价（元）').value).toBe('898,000.00');
    fireEvent.click(screen.getByTestId('bidding-submit'));
    await waitFor(() => expect(callsTo(calls, '/api/bidding/bid/5')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/bidding/bid/5')[0])).toEqual({
      registrationId: 31,
      amount: 898_000_00,
    });
  });
});

describe('竞价大厅', () => {
  it('shows the status, the countdown by the server’s clock, the price, the leader and the log newest first', async () => {
    serve({});
    renderPortal('/index/biddingHall?id=5');
    expect((await screen.findByTestId('bidding-current-price')).textContent).toBe('1,000,000.00');
    expect(screen.getByTestId('bidding-status').textContent).toBe('限时报价');
    // 75 s left by the server's clock, whatever the machine's says
    expect(screen.getByTestId('bidding-countdown').textContent).toMatch(/^01:1[45]$/);
    expect(screen.getByText('领先竞买号：J001')).toBeTruthy();
    expect(screen.getByText('1,001,000.00')).toBeTruthy();
    expect(screen.getByText(/限时报价期：每个限时报价周期为120秒/)).toBeTruthy();
    // more than a minute left: no warning yet
    expect(screen.queryByTestId('bidding-last-minute')).toBeNull();
    expect(screen.getByText('竞买号 J002（北京示范投资有限公司）')).toBeTruthy();
    const seqs = [...document.querySelectorAll('.ant-table-tbody tr td:first-child')].map(
      (cell) => cell.textContent,
    );
    expect(seqs).toEqual(['3', '2', '1']);
  });

  it('a bid posts the amount in fen (加一手: one increment above the current price) and shows the answer', async () => {
    const { calls } = serve({
      onBid: () =>
        jsonResponse(
          envelope(
            makeHall({ currentPrice: 1_002_000_00, nextMinimum: 1_003_000_00, leaderNo: 'J002', version: 5 }),
          ),
        ),
    });
    renderPortal('/index/biddingHall?id=5');
    const amount = await screen.findByLabelText<HTMLInputElement>('报价（元）');
    expect(amount.value).toBe('1,001,000.00');
    // one hand above the current price (1,000,000): the next valid bid, not a step on top of it
    fireEvent.click(screen.getByRole('button', { name: '加一手' }));
    expect(amount.value).toBe('1,001,000.00');
    // a typed amount is replaced by the next valid bid too
    fireEvent.focus(amount);
    fireEvent.change(amount, { target: { value: '1005000' } });
    fireEvent.blur(amount);
    expect(amount.value).toBe('1,005,000');
    fireEvent.click(screen.getByRole('button', { name: '加一手' }));
    expect(amount.value).toBe('1,001,000.00');
    fireEvent.click(screen.getByTestId('bidding-submit'));
    await waitFor(() => expect(callsTo(calls, '/api/bidding/bid/5')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/bidding/bid/5')[0])).toEqual({
      registrationId: 31,
      amount: 1_001_000_00,
    });
    expect(notifier.confirm).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('bidding-current-price').textContent).toBe('1,002,000.00'));
    expect(screen.getByText('领先竞买号：J002')).toBeTruthy();
    expect(notifier.success).toHaveBeenCalledWith('报价成功');
  });

  it('a refusal shows the server’s message by the button', async () => {
    const refusal = '报价不能低于1,001,000.00元（当前价加上加价幅度）';
    const { calls } = serve({ onBid: () => jsonResponse(envelope(null, 1, refusal)) });
    renderPortal('/index/biddingHall?id=5');
    const amount = await screen.findByLabelText('报价（元）');
    fireEvent.focus(amount);
    fireEvent.change(amount, { target: { value: '1000500' } });
    fireEvent.click(screen.getByTestId('bidding-submit'));
    expect((await screen.findByTestId('bidding-refusal')).textContent).toContain(refusal);
    expect(bodyOf(callsTo(calls, '/api/bidding/bid/5')[0])).toEqual({
      registrationId: 31,
      amount: 1_000_500_00,
    });
    // shown where the bidder looks, not as a toast as well
    expect(notifier.error).not.toHaveBeenCalled();
    expect(screen.getByTestId('bidding-current-price').textContent).toBe('1,000,000.00');
  });

  it('follows the event stream with the bearer header: an event moves the price and keeps the bidder’s numbers', async () => {
    const stream = makeStream();
    const { calls } = serve({ streams: [stream] });
    renderPortal('/index/biddingHall?id=5');
    await screen.findByTestId('bidding-current-price');
    await waitFor(() => expect(callsTo(calls, '/api/bidding/5/events')).toHaveLength(1));
    const [events] = callsTo(calls, '/api/bidding/5/events');
    expect(events?.headers.get('Authorization')).toBe('Bearer access-1');

    // as the server sends it: without the watcher's own numbers and the names only a call answers
    const {
      myBidderNos: _mine,
      bidders: _bidders,
      ...moved
    } = makeHall({
      currentPrice: 1_005_000_00,
      nextMinimum: 1_006_000_00,
      leaderNo: 'J003',
      version: 6,
      bids: [
        ...makeHall().bids,
        {
          seq: 4,
          bidderNo: 'J003',
          isProxy: false,
          amount: 1_005_000_00,
          at: iso(SERVER_NOW),
          hash: 'd4'.repeat(32),
        },
      ],
    });
    const text = `: heartbeat\n\nevent: bid\ndata: ${JSON.stringify(moved)}\n\n`;
    // split mid-event, as the network may
    stream.write(text.slice(0, 40));
    stream.write(text.slice(40));
    await waitFor(() => expect(screen.getByTestId('bidding-current-price').textContent).toBe('1,005,000.00'));
    expect(screen.getByText('领先竞买号：J003')).toBeTruthy();
    expect(document.querySelector('.bidding-bid-fresh')?.textContent).toContain('J003');
    // the event carries no bidder numbers: the bidder still bids
    expect(screen.getByText('竞买号 J002（北京示范投资有限公司）')).toBeTruthy();
    expect(screen.getByTestId('bidding-submit')).toBeTruthy();

    // an older event (overtaken) changes nothing
    const { myBidderNos: _old, ...stale } = makeHall({ currentPrice: 1_003_000_00, version: 5 });
    stream.write(`event: hall\ndata: ${JSON.stringify(stale)}\n\n`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('bidding-current-price').textContent).toBe('1,005,000.00');
  });

  it('connects again after a drop and reads the hall afresh', async () => {
    const first = makeStream();
    const second = makeStream();
    const { calls } = serve({
      halls: [makeHall(), makeHall({ currentPrice: 1_004_000_00, nextMinimum: 1_005_000_00, version: 8 })],
      streams: [first, second],
    });
    renderPortal('/index/biddingHall?id=5');
    await screen.findByTestId('bidding-current-price');
    await waitFor(() => expect(callsTo(calls, '/api/bidding/5/events')).toHaveLength(1));
    first.close();
    expect(await screen.findByText('与竞价大厅的连接已断开，正在重新连接')).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, '/api/bidding/5/events')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('bidding-current-price').textContent).toBe('1,004,000.00'));
    expect(screen.queryByText('与竞价大厅的连接已断开，正在重新连接')).toBeNull();
    expect(callsTo(calls, '/api/bidding/5').length).toBe(2);
  });

  it('a closed hall shows the winner, the price, the result and the last link of the chain', async () => {
    const { calls } = serve({
      halls: [
        makeHall({
          status: 'closed',
          statusLabel: '已结束',
          endsAt: iso(SERVER_NOW - 1000),
          winnerName: '北京示范投资有限公司',
          resultFileId: 'result-uuid',
          myBidderNos: [],
        }),
      ],
    });
    renderPortal('/index/biddingHall?id=5');
    expect(await screen.findByText('竞价已结束')).toBeTruthy();
    expect(screen.getByText('竞得人：北京示范投资有限公司，成交价：1,000,000.00元')).toBeTruthy();
    expect(screen.getByTestId('bidding-status').textContent).toBe('已结束');
    expect(screen.getByTestId('bidding-countdown').textContent).toBe('00:00');
    expect(screen.getByTestId('bidding-last-hash').textContent).toContain('c3'.repeat(32));
    expect(screen.queryByTestId('bidding-submit')).toBeNull();
    expect(screen.getByRole('button', { name: '下载竞价结果' })).toBeTruthy();
    // a closed hall is not followed
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(calls, '/api/bidding/5/events')).toHaveLength(0);
  });
});

describe('竞价大厅 · 延时次数上限', () => {
  it('shows the restarts so far against the cap, and the latest possible end', async () => {
    serve({
      halls: [
        makeHall({
          restartsMax: 5,
          restarts: 2,
          latestEndsAt: iso(SERVER_NOW + 75_000 + 3 * 120_000),
        }),
      ],
    });
    renderPortal('/index/biddingHall?id=5');
    expect((await screen.findByTestId('bidding-restarts')).textContent).toBe('已延时2次（上限5次）');
    expect(screen.getByTestId('bidding-latest-end').textContent).toBe('2026-03-10 10:07:15');
    expect(screen.getByText(/最多延时5次（已延时2次），最晚2026-03-10 10:07:15结束/)).toBeTruthy();
    // the real pace: no sandbox mark
    expect(screen.queryByTestId('bidding-sandbox')).toBeNull();
  });

  it('marks a hall on the sandbox clock with its speed', async () => {
    serve({ halls: [makeHall({ sandboxSpeed: 60 })] });
    renderPortal('/index/biddingHall?id=5');
    expect((await screen.findByTestId('bidding-sandbox')).textContent).toBe('演练时钟 ×60');
  });
});

describe('竞价大厅 · 违约与递补', () => {
  const closed = {
    status: 'closed' as const,
    statusLabel: '已结束',
    endsAt: iso(SERVER_NOW - 1000),
    winnerName: '北京示范甲有限公司',
    winnerNo: 'J001',
    myBidderNos: [],
  };
  const offer = {
    bidderNo: 'J002',
    price: 999_000_00,
    offeredAt: iso(SERVER_NOW),
    answerBy: iso(SERVER_NOW + 3 * 86_400_000),
    answer: null,
    answerLabel: '待答复',
  };
  const offered = makeHall({
    ...closed,
    winnerName: null,
    winnerNo: null,
    defaultedNos: ['J001'],
    offer,
    version: 6,
  });

  it('the exchange records the winner’s default with its reason and the bar, then sees the offer', async () => {
    const { calls } = serve({
      identity: IDENTITY.admin,
      halls: [makeHall({ ...closed, canDefault: true })],
      onCall: (call) =>
        pathOf(call) === '/api/bidding/default/5' ? jsonResponse(envelope(offered)) : undefined,
    });
    renderPortal('/index/biddingHall?id=5');
    fireEvent.click(await screen.findByRole('button', { name: '认定竞得人违约' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('认定竞得人“北京示范甲有限公司”（竞买号J001）违约');
    // the reason is required
    fireEvent.click(screen.getByRole('button', { name: /认定违约/ }));
    expect(await screen.findByText('请填写违约情形')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText(/未在规定期限内/), { target: { value: '逾期未签约' } });
    fireEvent.click(screen.getByRole('button', { name: /认定违约/ }));
    await waitFor(() => expect(callsTo(calls, '/api/bidding/default/5')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/bidding/default/5')[0])).toEqual({
      version: 4,
      reason: '逾期未签约',
      isBarred: true,
    });
    expect(await screen.findByText('竞得人违约，成交已递补给竞买号J002，等待其答复。')).toBeTruthy();
    expect(screen.getByTestId('bidding-offer').textContent).toContain('999,000.00元');
    expect(screen.queryByRole('button', { name: '认定竞得人违约' })).toBeNull();
  });

  it('the offered bidder’s member accepts the deal at its price; nobody else is asked', async () => {
    const mine = {
      bidderNo: 'J002',
      registrationId: 31,
      name: '北京示范投资有限公司',
      amounts: [999_000_00],
      proxyCeiling: null,
    };
    const accepted = makeHall({
      ...closed,
      winnerName: '北京示范投资有限公司',
      winnerNo: 'J002',
      defaultedNos: ['J001'],
      offer: { ...offer, answer: 'accepted', answerLabel: '已接受' },
      myBidderNos: [mine],
      version: 7,
    });
    const { calls } = serve({
      halls: [{ ...offered, myBidderNos: [mine] }],
      onCall: (call) =>
        pathOf(call) === '/api/bidding/offer/5' ? jsonResponse(envelope(accepted)) : undefined,
    });
    renderPortal('/index/biddingHall?id=5');
    expect(await screen.findByText(/成交递补给您代理的“北京示范投资有限公司”/)).toBeTruthy();
    // a member is never offered to record a default
    expect(screen.queryByRole('button', { name: '认定竞得人违约' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /接受递补/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^接\s*受$/ }));
    await waitFor(() => expect(callsTo(calls, '/api/bidding/offer/5')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/bidding/offer/5')[0])).toEqual({
      registrationId: 31,
      isAccepted: true,
    });
    expect(await screen.findByText('递补竞得人：北京示范投资有限公司，成交价：999,000.00元')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /接受递补/ })).toBeNull();
  });
});

describe('the hall’s helpers', () => {
  it('formats the countdown as mm:ss, hh:mm:ss from an hour', () => {
    expect(formatCountdown(75_000)).toBe('01:15');
    expect(formatCountdown(200)).toBe('00:01');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(3_723_000)).toBe('01:02:03');
  });

  it('parses the event stream across chunks, skipping comments', () => {
    const events: SseEvent[] = [];
    const parser = createSseParser((event) => events.push(event));
    parser.push(': ping\r\n\r\nevent: hall\r\nda');
    parser.push('ta: {"a":1}\r\ndata: x\r\n');
    expect(events).toEqual([]);
    parser.push('\r\ndata:plain\n\n');
    expect(events).toEqual([
      { event: 'hall', data: '{"a":1}\nx' },
      { event: 'message', data: 'plain' },
    ]);
  });
});
