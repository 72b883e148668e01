// After the close, while the deal waits for its contract: the exchange may record the winner's default (认定竞得人
// 违约: the winner loses the deal and its deposit, the deal goes on to the next highest bidder at its own price, or
// the project is unsold); the bidder the deal is offered to (递补) is asked to accept or decline it before its term
// ends; everyone who sees the hall sees who defaulted and where the offer stands.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Popconfirm, Space, Tag } from 'antd';
import { IDENTITY } from '@cqjy/domain/identity';
import { formatDateTime, formatFen } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { useBusy } from '../../lib/use-busy.ts';
import { useSession } from '../../lib/session-store.ts';
import { ForfeitReasonDialog } from '../deposits/index.ts';
import { answerOffer, defaultWinner, hallKey } from './api.ts';
import { applyAnswer } from './hall-clock.ts';
import type { LiveHall } from './hall-clock.ts';

const ANSWER_COLORS = { open: 'processing', accepted: 'success', declined: 'default', expired: 'warning' };

export function DefaultPanel({ hall }: { hall: LiveHall }) {
  const queryClient = useQueryClient();
  const isExchange = useSession((session) => session.identityType === IDENTITY.admin);
  const [isDefaulting, setIsDefaulting] = useState(false);
  const { busy, run } = useBusy<'accept' | 'decline'>();
  const { offer } = hall;
  const mine =
    offer === null || offer.answer !== null
      ? undefined
      : hall.myBidderNos.find((bidder) => bidder.bidderNo === offer.bidderNo);
  const show = (answer: Awaited<ReturnType<typeof answerOffer>>): void => {
    queryClient.setQueryData<LiveHall>(hallKey(hall.id), (current) => applyAnswer(current, answer));
  };
  const answer = (isAccepted: boolean) =>
    run(isAccepted ? 'accept' : 'decline', async () => {
      if (mine !== undefined) show(await answerOffer(hall.id, mine.registrationId, isAccepted));
    });

  if (hall.defaultedNos.length === 0 && !(isExchange && hall.canDefault)) return null;
  return (
    <Card size="small" title="违约与递补" data-testid="bidding-default">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {hall.defaultedNos.length === 0 ? null : (
          <Alert
            type="warning"
            showIcon
            title={`竞买号${hall.defaultedNos.join('、')}竞得后违约，已取消其竞得资格，保证金不予退还。`}
          />
        )}
        {offer === null ? null : (
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} data-testid="bidding-offer">
            <Descriptions.Item label="递补竞买号">{offer.bidderNo}</Descriptions.Item>
            <Descriptions.Item label="递补价格">{formatFen(offer.price)}元</Descriptions.Item>
            <Descriptions.Item label="答复期限">{formatDateTime(offer.answerBy)}</Descriptions.Item>
            <Descriptions.Item label="答复">
              <Tag color={ANSWER_COLORS[offer.answer ?? 'open']}>{offer.answerLabel}</Tag>
            </Descriptions.Item>
          </Descriptions>
        )}
        {mine === undefined || offer === null ? null : (
          <Alert
            type="info"
            showIcon
            title={`竞得人违约，成交递补给您代理的“${mine.name}”（竞买号${mine.bidderNo}），按其报价${formatFen(offer.price)}元。请于${formatDateTime(offer.answerBy)}前答复，逾期视为放弃。`}
            action={
              <Space>
                <Popconfirm
                  title={`确定以${formatFen(offer.price)}元接受递补吗？接受后须按成交价签订合同。`}
                  okText="接受"
                  cancelText={MSG.cancel}
                  onConfirm={() => answer(true)}
                >
                  <Button type="primary" loading={busy === 'accept'}>
                    接受递补
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title="确定放弃递补吗？放弃后不能恢复，已交纳的保证金将予退还。"
                  okText="放弃"
                  okButtonProps={{ danger: true }}
                  cancelText={MSG.cancel}
                  onConfirm={() => answer(false)}
                >
                  <Button danger loading={busy === 'decline'}>
                    放弃递补
                  </Button>
                </Popconfirm>
              </Space>
            }
          />
        )}
        {isExchange && hall.canDefault ? (
          <Button danger onClick={() => setIsDefaulting(true)}>
            认定竞得人违约
          </Button>
        ) : null}
      </Space>
      {isDefaulting ? (
        <ForfeitReasonDialog
          title="认定竞得人违约"
          okText="认定违约"
          intro={`认定竞得人“${hall.winnerName ?? ''}”（竞买号${hall.winnerNo ?? ''}）违约：取消其竞得资格，已交纳的保证金不予退还；成交按报价从高到低依次递补给其他竞买人，没有可递补的则本次竞价不成交。`}
          reasonLabel="违约情形"
          reasonRequired={MSG.biddingDefaultReasonRequired}
          placeholder="如：竞得人未在规定期限内签订交易合同"
          isBarredFirst
          submit={async (values) => show(await defaultWinner(hall, values))}
          onClose={() => setIsDefaulting(false)}
          onDone={() => setIsDefaulting(false)}
        />
      ) : null}
    </Card>
  );
}
