// 成交确认 (/index/vehicleDealConfirm?projectId=): the exchange deals listed vehicles with a dismantler. Scrapped
// vehicles may only go to a qualified dismantler (报废机动车回收拆解企业, State Council order 715), so the buyer is picked
// from those whose licence is in force today (its number and validity shown); the vehicles listed and not being
// revoked are ticked (all unless the exchange unticks some), each at a price typed in yuan, its listing price unless
// changed and never below it (the domain's dealPriceRefusal, checked here before anything is sent). The deal tells
// the dismantler to apply to receive its vehicles.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Select, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { fenToYuan, formatFen, parseYuanToFen } from '@cqjy/domain/format';
import { MSG, pleaseSelect } from '@cqjy/domain/messages';
import { dealPriceRefusal } from '@cqjy/domain/vehicle-parties';
import { type DisposalParty, type DisposalVehicle } from '@cqjy/domain/vehicle-views';
import { stepPath } from '@cqjy/domain/workflow/paths';
import { notify } from '../../lib/notify.ts';
import { readQueryId } from '../../lib/query-id.ts';
import { useBusy } from '../../lib/use-busy.ts';
import {
  CloseButton,
  fitColumns,
  NumberInput,
  PageLoading,
  PageNotFound,
  SELECTION_WIDTH,
} from '../../components/index.ts';
import { ProjectNeeded } from '../workflow/index.ts';
import {
  confirmDeal,
  dismantlersQuery,
  disposalQuery,
  vehicleKeys,
  type VehicleDisposalView,
} from './api.ts';
import { vehicleColumns } from './vehicle-columns.tsx';

const projectPath = (projectId: number): string =>
  stepPath('vehicleShowProject', { id: projectId }, 'motorVehicle');

/** A vehicle the exchange may deal now: listed, its revocation not under way. */
const isSellable = (vehicle: DisposalVehicle): boolean =>
  vehicle.state === 'listed' && vehicle.letterKind === null && vehicle.listingPrice !== null;

export function DealConfirmPage() {
  const [params] = useSearchParams();
  const projectId = readQueryId(params.get('projectId'));
  const disposal = useQuery({ ...disposalQuery(projectId ?? 0), enabled: projectId !== null });
  if (projectId === null) return <ProjectNeeded />;
  if (disposal.isError) return <PageNotFound />;
  if (disposal.data === undefined) {
    return <PageLoading />;
  }
  return <DealView key={disposal.data.version} view={disposal.data} />;
}

function PartyOption({ party }: { party: DisposalParty }) {
  return (
    <div>
      <div>{party.name}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        资质认定书编号 {party.licenceNo || '—'}，有效期至 {party.validTo || '—'}
      </Typography.Text>
    </div>
  );
}

function DealView({ view }: { view: VehicleDisposalView }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dismantlers = useQuery(dismantlersQuery());
  const { busy, run } = useBusy<'deal'>();
  const sellable = view.vehicles.filter(isSellable);
  const [buyerId, setBuyerId] = useState<number | undefined>(undefined);
  const [buyerError, setBuyerError] = useState<string | null>(null);
  // unticked rather than ticked: every sellable vehicle is in the deal unless the exchange leaves it out
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const [prices, setPrices] = useState<Record<number, string>>(() =>
    Object.fromEntries(sellable.map((vehicle) => [vehicle.id, fenToYuan(vehicle.listingPrice ?? 0)])),
  );
  const [priceErrors, setPriceErrors] = useState<Record<number, string>>({});
  const selected = sellable.filter((vehicle) => !unticked.has(vehicle.id));
  const buyer = dismantlers.data?.find((party) => party.id === buyerId);
  const fenOf = (vehicle: DisposalVehicle): number | null => parseYuanToFen(prices[vehicle.id] ?? '');
  const total = selected.reduce((sum, vehicle) => sum + (fenOf(vehicle) ?? 0), 0);

  const onSubmit = async (): Promise<void> => {
    const refusals = Object.fromEntries(
      selected.flatMap((vehicle) => {
        const refusal = dealPriceRefusal(fenOf(vehicle), vehicle.listingPrice ?? 0, vehicle.carNumber);
        return refusal === null ? [] : [[vehicle.id, refusal]];
      }),
    ) as Record<number, string>;
    setPriceErrors(refusals);
    setBuyerError(buyerId === undefined ? pleaseSelect('拆解企业') : null);
    if (buyerId === undefined || buyer === undefined) {
      notify.warning(pleaseSelect('拆解企业'));
      return;
    }
    if (selected.length === 0) {
      notify.warning(MSG.vehicleDealNone);
      return;
    }
    const first = Object.values(refusals)[0];
    if (first !== undefined) {
      notify.warning(first);
      return;
    }
    const isConfirmed = await notify.confirm({
      title: '确认成交',
      content: `确认将${selected.length}辆车辆成交给${buyer.name}，成交总价${formatFen(total)}元？确认后将通知拆解企业办理车辆接收。`,
      okText: MSG.confirmOk,
      cancelText: MSG.cancel,
    });
    if (!isConfirmed) return;
    await run('deal', async () => {
      await confirmDeal({
        projectId: view.projectId,
        version: view.version,
        buyerCompanyId: buyerId,
        vehicles: selected.map((vehicle) => ({ id: vehicle.id, dealPrice: fenOf(vehicle) ?? 0 })),
      });
      await queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
      void navigate(projectPath(view.projectId));
    });
  };

  const columns: TableColumnsType<DisposalVehicle> = [
    ...vehicleColumns([
      'no',
      'carNumber',
      'vin',
      'brandModel',
      'vehicleType',
      'condition',
      'appraisedValue',
      'listingPrice',
    ]),
    {
      key: 'dealPrice',
      title: '成交价格（元）',
      width: 170,
      render: (_: unknown, vehicle: DisposalVehicle) => {
        const error = priceErrors[vehicle.id];
        return (
          <div>
            <NumberInput
              aria-label={`${vehicle.carNumber}成交价格（元）`}
              integerDigits={11}
              decimalDigits={2}
              status={error === undefined ? undefined : 'error'}
              disabled={unticked.has(vehicle.id) || busy !== null}
              value={prices[vehicle.id] ?? ''}
              onChange={(text) => {
                setPrices((current) => ({ ...current, [vehicle.id]: text }));
                setPriceErrors(({ [vehicle.id]: _gone, ...rest }) => rest);
              }}
            />
            {error === undefined ? null : (
              <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }}>
                {error}
              </Typography.Text>
            )}
          </div>
        );
      },
    },
  ];

  const hasNoDismantler = dismantlers.data !== undefined && dismantlers.data.length === 0;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={`成交确认：${view.projectName}`}
        extra={<CloseButton to={projectPath(view.projectId)}>返回项目</CloseButton>}
      >
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {!view.can.deal ? (
            <Alert
              type="warning"
              showIcon
              title="该项目当前没有可确认成交的挂牌车辆。"
              description={`项目当前状态：${view.statusLabel}`}
            />
          ) : (
            <Alert
              type="info"
              showIcon
              title="报废机动车只能转让给资质认定书在有效期内的报废机动车回收拆解企业；成交价格不得低于挂牌价格。"
            />
          )}
          <Descriptions bordered size="small" column={2} styles={{ label: { width: 150 } }}>
            <Descriptions.Item label="项目编号">{view.projectCode || '—'}</Descriptions.Item>
            <Descriptions.Item label="处置单位">{view.ownerName || '—'}</Descriptions.Item>
          </Descriptions>
          {view.can.deal ? (
            hasNoDismantler ? (
              <Alert
                type="error"
                showIcon
                title="暂无资质认定书在有效期内的报废机动车回收拆解企业，不能确认成交。"
                description="请联系拆解企业在本平台登记有效的报废机动车回收拆解企业资质认定书后再确认成交。"
              />
            ) : (
              <div>
                <Space align="start" wrap>
                  <Typography.Text style={{ lineHeight: '32px' }}>
                    <Typography.Text type="danger">* </Typography.Text>拆解企业
                  </Typography.Text>
                  <div>
                    <Select<number>
                      aria-label="拆解企业"
                      style={{ width: 420 }}
                      placeholder="请选择具备资质的报废机动车回收拆解企业"
                      loading={dismantlers.isFetching}
                      status={buyerError === null ? undefined : 'error'}
                      value={buyerId}
                      onChange={(value) => {
                        setBuyerId(value);
                        setBuyerError(null);
                      }}
                      showSearch={{ optionFilterProp: 'label' }}
                      options={(dismantlers.data ?? []).map((party) => ({
                        value: party.id,
                        label: party.name,
                      }))}
                      optionRender={(option) => {
                        const party = dismantlers.data?.find((each) => each.id === option.value);
                        return party === undefined ? option.label : <PartyOption party={party} />;
                      }}
                    />
                    {buyerError === null ? null : (
                      <Typography.Text type="danger" style={{ display: 'block' }}>
                        {buyerError}
                      </Typography.Text>
                    )}
                  </div>
                  {buyer === undefined ? null : (
                    <Typography.Text type="secondary" style={{ lineHeight: '32px' }}>
                      资质认定书编号 {buyer.licenceNo}，有效期至 {buyer.validTo}
                    </Typography.Text>
                  )}
                </Space>
              </div>
            )
          ) : null}
        </Space>
      </Card>
      {view.can.deal ? (
        <Card title={`挂牌中车辆（${sellable.length}辆）`}>
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Table<DisposalVehicle>
              size="small"
              rowKey="id"
              dataSource={sellable}
              pagination={false}
              rowSelection={{
                selectedRowKeys: selected.map((vehicle) => vehicle.id),
                onChange: (keys) => {
                  const kept = new Set(keys.map(Number));
                  setUnticked(new Set(sellable.filter((v) => !kept.has(v.id)).map((v) => v.id)));
                },
              }}
              {...fitColumns(columns, { extra: SELECTION_WIDTH })}
            />
            <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
              <Typography.Text>
                已选 {selected.length} 辆，成交总价 {formatFen(total)} 元
              </Typography.Text>
              <Button
                type="primary"
                loading={busy === 'deal'}
                disabled={hasNoDismantler || selected.length === 0}
                onClick={() => void onSubmit()}
              >
                确认成交
              </Button>
            </Space>
          </Space>
        </Card>
      ) : null}
    </Space>
  );
}
