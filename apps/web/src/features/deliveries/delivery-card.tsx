// 交付 on a dealt batch's page: where the handover stands (待提货, 待签收, 已签收) and the way to its page.
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Card, Descriptions, Tag } from 'antd';
import { formatDate } from '@cqjy/domain/format';
import { deliveryPath } from '@cqjy/domain/projects/delivery';
import { deliveryQuery } from './api.ts';

export type DeliveryCardProps = { family: string; projectId: number };

export function DeliveryCard({ family, projectId }: DeliveryCardProps) {
  const navigate = useNavigate();
  const delivery = useQuery(deliveryQuery(projectId));
  if (delivery.isError) return null;
  const data = delivery.data;
  const canAct = data !== undefined && (data.canRecordPickup || data.canConfirmReceipt);
  return (
    <Card
      title="交付"
      loading={data === undefined}
      extra={
        <Button
          type={canAct ? 'primary' : 'default'}
          onClick={() => void navigate(deliveryPath(family, projectId))}
        >
          {canAct ? '办理交付' : '查看交付信息'}
        </Button>
      }
    >
      {data === undefined ? null : (
        <Descriptions size="small" column={3}>
          <Descriptions.Item label="交付状态">
            <Tag color={data.status === 'received' ? 'success' : 'processing'}>{data.statusLabel}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="受让方">{data.buyerName === '' ? '—' : data.buyerName}</Descriptions.Item>
          <Descriptions.Item label="提货日期">
            {data.pickupDate === null ? '—' : formatDate(data.pickupDate)}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
