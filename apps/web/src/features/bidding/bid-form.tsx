// The bidder's part of the hall: which of its bidder numbers bids (a member may represent several buyers), the
// amount in yuan (the next minimum unless typed; 加一手 adds one increment) and 出价. The amount typed stays while
// it is still a valid bid; once someone outbids it, the field moves up to the new minimum, so that a bidder who
// presses 出价 again does not send a bid the server must refuse. A refusal shows the server's words by the button.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Select, Space, Typography } from 'antd';
import { fenToYuan, formatFen, parseYuanToFen } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { ApiError } from '../../lib/http.ts';
import { notify } from '../../lib/notify.ts';
import { NumberInput } from '../../components/index.ts';
import { hallKey, placeBid } from './api.ts';
import { applyAnswer } from './hall-clock.ts';
import type { LiveHall } from './hall-clock.ts';

export type BidFormProps = {
  hall: LiveHall;
  /** bids are taken (the free or the timed period) */
  isOpen: boolean;
};

/** 竞买号 J001（name）: how a bidder number is offered to its holder. */
export const bidderLabel = (entry: { bidderNo: string; name: string }): string =>
  `竞买号 ${entry.bidderNo}（${entry.name}）`;

type Typed = { text: string; minimum: number };

export function BidForm({ hall, isOpen }: BidFormProps) {
  const queryClient = useQueryClient();
  const mine = hall.myBidderNos;
  const [chosen, setChosen] = useState<number | null>(null);
  const [typed, setTyped] = useState<Typed | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const registrationId =
    mine.find((entry) => entry.registrationId === chosen)?.registrationId ?? mine[0]?.registrationId ?? null;
  const minimum = hall.nextMinimum;
  const typedFen = typed === null ? null : parseYuanToFen(typed.text);
  const isTypedKept =
    typed !== null && (typed.minimum === minimum || (typedFen !== null && typedFen >= minimum));
  const amountText = isTypedKept ? typed.text : fenToYuan(minimum);

  const addOne = (): void => {
    const base = parseYuanToFen(amountText) ?? minimum;
    setTyped({ text: fenToYuan(Math.max(base, minimum - hall.increment) + hall.increment), minimum });
  };

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
      content: `确认以${formatFen(amount)}元出价？出价后不可撤回。`,
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

  return (
    <Form layout="vertical" style={{ maxWidth: 560 }} onFinish={() => void submit()}>
      <Form.Item label="竞买号">
        {mine.length > 1 ? (
          <Select<number>
            aria-label="竞买号"
            value={registrationId ?? undefined}
            onChange={setChosen}
            options={mine.map((entry) => ({ value: entry.registrationId, label: bidderLabel(entry) }))}
          />
        ) : (
          <Typography.Text strong>{mine[0] === undefined ? '' : bidderLabel(mine[0])}</Typography.Text>
        )}
      </Form.Item>
      <Form.Item label="报价（元）" htmlFor="bidding-amount" extra={`不低于${formatFen(minimum)}元`}>
        <Space.Compact style={{ width: '100%' }}>
          <NumberInput
            id="bidding-amount"
            value={amountText}
            disabled={!isOpen}
            onChange={(text) => {
              setRefusal(null);
              setTyped({ text, minimum });
            }}
          />
          <Button disabled={!isOpen} onClick={addOne}>
            加一手
          </Button>
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
        出价
      </Button>
    </Form>
  );
}
