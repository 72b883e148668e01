// The bidder's part of the hall: its bidder number (a member represents one buyer of a project, so one number),
// the amount in yuan (the next valid bid unless typed; 加一手 offers the next valid bid, one step above the current
// price: the domain's nextValidBid, the least the server takes) and 出价. The amount typed stays while it is still a
// valid bid; once someone outbids it, the field moves up to the new minimum, so that a bidder who presses 出价
// again does not send a bid the server must refuse. A refusal shows the server's words by the button. In a sealed
// session the bidder bids once (then sees its bid); in a Dutch one it takes the falling ask of the moment (应价), by
// the server's clock, and the first to take it wins.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Space, Typography } from 'antd';
import { dutchAskAt, nextValidBid } from '@cqjy/domain/bidding';
import { fenToYuan, formatFen, parseYuanToFen } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { ApiError } from '../../lib/http.ts';
import { notify } from '../../lib/notify.ts';
import { NumberInput } from '../../components/index.ts';
import { hallKey, placeBid, setProxy } from './api.ts';
import { applyAnswer, serverNow } from './hall-clock.ts';
import type { LiveHall } from './hall-clock.ts';

export type BidFormProps = {
  hall: LiveHall;
  /** bids are taken (the free or the timed period) */
  isOpen: boolean;
  /** the browser's clock now (a Dutch session's ask is read from it, corrected to the server's) */
  nowMs?: number;
};

/** 竞买号 J001（name）: how a bidder number is offered to its holder. */
export const bidderLabel = (entry: { bidderNo: string; name: string }): string =>
  `竞买号 ${entry.bidderNo}（${entry.name}）`;

type Typed = { text: string; minimum: number };

export function BidForm({ hall, isOpen, nowMs = Date.now() }: BidFormProps) {
  const queryClient = useQueryClient();
  // the server answers the caller's one bidder number (a member holding two bids for neither)
  const own = hall.myBidderNos[0];
  const [typed, setTyped] = useState<Typed | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const registrationId = own?.registrationId ?? null;
  const isDutch = hall.mode === 'dutch';
  const minimum = isDutch ? dutchAskAt(hall, serverNow(hall, nowMs)) : hall.nextMinimum;
  const typedFen = typed === null ? null : parseYuanToFen(typed.text);
  const isTypedKept =
    typed !== null && (typed.minimum === minimum || (typedFen !== null && typedFen >= minimum));
  // a Dutch ask is taken as it stands, never typed
  const amountText = isTypedKept && !isDutch ? typed.text : fenToYuan(minimum);

  // one hand (一手) above the current price: what the server takes as the next valid bid, never a step more
  const addOne = (): void => {
    setRefusal(null);
    setTyped({ text: fenToYuan(nextValidBid(hall)), minimum });
  };

  const isSealed = hall.mode === 'sealed';
  const sealedBid = isSealed ? own?.amounts[0] : undefined;

  const submit = async (): Promise<void> => {
    setRefusal(null);
    const amount = parseYuanToFen(amountText);
    if (amount === null || amount <= 0) {
      setRefusal(MSG.biddingAmountRequired);
      return;
    }
    if (registrationId === null) return;
    const isConfirmed = await notify.confirm({
      title: '确认出价',
      content: isSealed
        ? `确认以${formatFen(amount)}元报价？一次报价只能报价一次，提交后不可更改。`
        : isDutch
          ? `确认以${formatFen(amount)}元应价？应价即竞得，竞价随即结束。`
          : `确认以${formatFen(amount)}元出价？出价后不可撤回。`,
      okText: '确认出价',
      cancelText: MSG.cancel,
    });
    if (!isConfirmed) return;
    setIsSending(true);
    try {
      const answer = await placeBid(hall.id, registrationId, amount);
      queryClient.setQueryData<LiveHall>(hallKey(hall.id), (current) => applyAnswer(current, answer));
      setTyped(null);
      notify.success(MSG.biddingAccepted);
    } catch (error) {
      // a refusal is the server's to word; a failed call was told by the HTTP client
      if (error instanceof ApiError) setRefusal(error.msg);
    } finally {
      setIsSending(false);
    }
  };

  // a sealed session takes one bid: once made, the bidder sees it (nobody else does until the close)
  if (sealedBid !== undefined) {
    return (
      <Alert
        type="success"
        showIcon
        data-testid="bidding-sealed-bid"
        title={`${own === undefined ? '' : bidderLabel(own)}已报价${formatFen(sealedBid)}元`}
        description="报价已密封，报价期满后与其他竞买人的报价统一揭晓。"
      />
    );
  }

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Form layout="vertical" style={{ maxWidth: 560 }} onFinish={() => void submit()}>
        <Form.Item label="竞买号">
          <Typography.Text strong data-testid="bidding-bidder">
            {own === undefined ? '' : bidderLabel(own)}
          </Typography.Text>
        </Form.Item>
        <Form.Item label="报价（元）" htmlFor="bidding-amount" extra={`不低于${formatFen(minimum)}元`}>
          <Space.Compact style={{ width: '100%' }}>
            <NumberInput
              id="bidding-amount"
              value={amountText}
              disabled={!isOpen || isDutch}
              onChange={(text) => {
                setRefusal(null);
                setTyped({ text, minimum });
              }}
            />
            {isSealed || isDutch ? null : (
              <Button disabled={!isOpen} onClick={addOne}>
                加一手
              </Button>
            )}
          </Space.Compact>
        </Form.Item>
        {refusal === null ? null : (
          <Alert
            type="error"
            showIcon
            title={refusal}
            style={{ marginBottom: 16 }}
            data-testid="bidding-refusal"
          />
        )}
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          disabled={!isOpen}
          loading={isSending}
          data-testid="bidding-submit"
        >
          {isDutch ? '应价' : '出价'}
        </Button>
      </Form>
      {hall.mode === 'dynamic' && own !== undefined ? (
        <ProxyForm hall={hall} registrationId={own.registrationId} isOpen={isOpen} minimum={minimum} />
      ) : null}
    </Space>
  );
}

/**
 * 委托代理出价: the bidder leaves a ceiling; the hall bids for it by the increment, up to it, whenever it is topped.
 * The ceiling is raised, never lowered, and seen by its bidder alone.
 */
function ProxyForm({
  hall,
  registrationId,
  isOpen,
  minimum,
}: {
  hall: LiveHall;
  registrationId: number;
  isOpen: boolean;
  minimum: number;
}) {
  const queryClient = useQueryClient();
  const ceiling = hall.myBidderNos[0]?.proxyCeiling ?? null;
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const submit = async (): Promise<void> => {
    setRefusal(null);
    const amount = parseYuanToFen(text);
    if (amount === null || amount <= 0) {
      setRefusal(MSG.biddingAmountRequired);
      return;
    }
    const isConfirmed = await notify.confirm({
      title: '委托代理出价',
      content: `委托系统以不超过${formatFen(amount)}元代为出价？有人报价高于您时，系统按加价幅度自动加价，直至该价格。委托后只能调高，不能调低。`,
      okText: '确认委托',
      cancelText: MSG.cancel,
    });
    if (!isConfirmed) return;
    setIsSending(true);
    try {
      const answer = await setProxy(hall.id, registrationId, amount);
      queryClient.setQueryData<LiveHall>(hallKey(hall.id), (current) => applyAnswer(current, answer));
      setText('');
      notify.success(MSG.biddingProxySet);
    } catch (error) {
      if (error instanceof ApiError) setRefusal(error.msg);
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Form layout="vertical" style={{ maxWidth: 560 }} onFinish={() => void submit()}>
      <Form.Item
        label="委托最高价（元）"
        htmlFor="bidding-proxy"
        extra={
          ceiling === null
            ? `不低于${formatFen(minimum)}元；有人报价高于您时，系统按加价幅度代为加价，直至该价格`
            : `已委托最高价${formatFen(ceiling)}元，可调高`
        }
      >
        <Space.Compact style={{ width: '100%' }}>
          <NumberInput id="bidding-proxy" value={text} disabled={!isOpen} onChange={setText} />
          <Button disabled={!isOpen} loading={isSending} htmlType="submit" data-testid="bidding-proxy-submit">
            委托代理出价
          </Button>
        </Space.Compact>
      </Form.Item>
      {refusal === null ? null : (
        <Alert type="error" showIcon title={refusal} data-testid="bidding-proxy-refusal" />
      )}
    </Form>
  );
}
