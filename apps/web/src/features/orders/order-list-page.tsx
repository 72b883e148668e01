// 服务费订单 (the exchange's: every company's): the service fee of each dealt project, searched by keyword and
// payment state, paged. A company whose role holds GJS_ORDER_SERVICE_FEE_JTC also has the tab 代理项目订单: the
// orders of the projects it acts for as the agent member, read only. 查看 opens the order with the fee's bands as the schedule counted them and the invoice
// asked for; the owner asks for its invoice (申请开票, made out to one of its 发票抬头, the default preselected);
// the exchange records the payment (确认收款) and the invoice it issued (登记开票), each after a confirm.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Descriptions, Drawer, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { formatDateTime, formatFen } from '@cqjy/domain/format';
import { identityName } from '@cqjy/domain/identity';
import { isAdminIdentity } from '@cqjy/domain/menus';
import { MSG } from '@cqjy/domain/messages';
import { ORDER_PAY_STATE_LABELS } from '@cqjy/domain/orders';
import type { FeeLine, OrderPayState, ServiceFeeOrder } from '@cqjy/domain/orders';
import { usePageTitle } from '../../lib/route-handle.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session-store.ts';
import { AppDialog, moneyColumn, projectColumn } from '../../components/index.ts';
import { ListPage, RowAction, useListQuery } from '../../components/list-page/index.ts';
import type { ListColumn } from '../../components/list-page/index.ts';
import { invoiceTitlesQuery, issueInvoice, ordersQuery, recordPayment, requestInvoice } from './api.ts';
import type { OrderQuery } from './api.ts';

const PAY_OPTIONS = Object.entries(ORDER_PAY_STATE_LABELS).map(([value, label]) => ({ value, label }));
const PAY_COLORS: Record<OrderPayState, string> = { unpaid: 'orange', paid: 'green', deducted: 'blue' };

type Filters = { keyword?: string; payState?: OrderPayState };

/** A fee line as a person reads it: the part of the amount it counts, or the top-up to the minimum fee. */
function bandText(line: FeeLine): string {
  return line.isMinimum === true
    ? '不足最低收费的补足'
    : `${formatFen(line.from)}元至${formatFen(line.to)}元部分`;
}

export function OrderListPage() {
  const title = usePageTitle();
  const queryClient = useQueryClient();
  const isExchange = useSession((session) => isAdminIdentity(identityName(session.identityType)));
  const hasAgentOrders = useSession(
    (session) => !isExchange && (session.userInfo?.permission ?? []).includes('GJS_ORDER_SERVICE_FEE_JTC'),
  );
  const { query, setQuery, search, list } = useListQuery(
    (orderQuery: OrderQuery) => ordersQuery(orderQuery),
    {
      invalidates: ['orders'],
    },
  );
  const [shown, setShown] = useState<ServiceFeeOrder | null>(null);
  const [invoicing, setInvoicing] = useState<ServiceFeeOrder | null>(null);

  const refresh = (): void => {
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  };

  const onSearch = (values: Filters): void => {
    // the tab chosen stays
    search({
      scope: query.scope,
      keyword: values.keyword?.trim() || undefined,
      payState: values.payState,
    });
  };

  const confirmThen = async (order: ServiceFeeOrder, content: string, act: () => Promise<void>) => {
    const isConfirmed = await notify.confirm({
      title: order.code,
      content,
      okText: '确定',
      cancelText: '取消',
    });
    if (!isConfirmed) return;
    try {
      await act();
      refresh();
      setShown(null);
    } catch {
      // the HTTP client has told the user
    }
  };

  const isAgentTab = query.scope === 'agent';
  // the agent member reads the orders of the projects it acts for; the owner asks for its own invoices
  const isOwn = !isExchange && !isAgentTab;

  // The project (its name, its code under it) and the paying company take what the other columns leave: a
  // company's own orders fit the card of a 1,366 and a 1,440 px screen.
  const columns: ListColumn<ServiceFeeOrder>[] = [
    {
      title: '关键字',
      key: 'keyword',
      hideInTable: true,
      search: { kind: 'input', placeholder: '订单编号、项目名称或项目编号', width: 260 },
    },
    { title: '订单编号', dataIndex: 'code', key: 'code', width: 150, fixed: 'left' },
    projectColumn<ServiceFeeOrder>(),
    { title: '业务类型', dataIndex: 'familyLabel', key: 'family', width: 100 },
    ...(isExchange || isAgentTab
      ? [{ title: '付费单位', dataIndex: 'companyName', key: 'companyName', ellipsis: true }]
      : []),
    moneyColumn({ key: 'dealAmount', title: '成交金额', fen: (row) => row.dealAmount }),
    { title: '成交日期', dataIndex: 'dealDate', key: 'dealDate', width: 104 },
    moneyColumn({ key: 'fee', title: '服务费', fen: (row) => row.fee, width: 120 }),
    {
      title: '支付状态',
      key: 'payState',
      width: 100,
      render: (_, row) => <Tag color={PAY_COLORS[row.payState]}>{row.payStateLabel}</Tag>,
      search: { kind: 'select', options: PAY_OPTIONS, width: 180 },
    },
    { title: '发票状态', dataIndex: 'invoiceStateLabel', key: 'invoiceState', width: 100 },
  ];

  return (
    <ListPage<ServiceFeeOrder, Filters>
      title={title}
      banner={
        hasAgentOrders && (
          <Tabs
            activeKey={query.scope ?? 'own'}
            onChange={(key) =>
              setQuery((current) => ({ ...current, page: 1, scope: key as 'own' | 'agent' }))
            }
            items={[
              { key: 'own', label: '本单位订单' },
              { key: 'agent', label: '代理项目订单' },
            ]}
          />
        )
      }
      columns={columns}
      list={list}
      onSearch={onSearch}
      actions={{
        // 查看 申请开票 of a company's own order; the exchange's 查看 确认收款 登记开票
        width: isExchange ? 200 : 140,
        render: (row) => (
          <>
            <RowAction onClick={() => setShown(row)}>查看</RowAction>
            {isOwn && row.invoiceState !== 'issued' && (
              <RowAction onClick={() => setInvoicing(row)}>申请开票</RowAction>
            )}
            {isExchange && row.payState === 'unpaid' && (
              <RowAction
                onClick={() =>
                  void confirmThen(row, `确认已收到服务费${formatFen(row.fee)}元？`, () => recordPayment(row))
                }
              >
                确认收款
              </RowAction>
            )}
            {isExchange && row.invoiceState === 'requested' && (
              <RowAction
                onClick={() => void confirmThen(row, '确认已开具该订单的发票？', () => issueInvoice(row))}
              >
                登记开票
              </RowAction>
            )}
          </>
        ),
      }}
    >
      <Drawer
        title={shown === null ? '' : `服务费订单 ${shown.code}`}
        width={720}
        open={shown !== null}
        onClose={() => setShown(null)}
      >
        {shown !== null && <OrderDetail order={shown} />}
      </Drawer>
      {invoicing !== null && (
        <InvoiceDialog
          order={invoicing}
          onClose={() => setInvoicing(null)}
          onDone={() => {
            setInvoicing(null);
            refresh();
          }}
        />
      )}
    </ListPage>
  );
}

function OrderDetail({ order }: { order: ServiceFeeOrder }) {
  const navigate = useNavigate();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={2} styles={{ label: { width: 120 } }}>
        <Descriptions.Item label="项目名称" span={2}>
          <Typography.Link onClick={() => void navigate(`/index/showproject?id=${order.projectId}`)}>
            {order.projectName}
          </Typography.Link>
        </Descriptions.Item>
        <Descriptions.Item label="项目编号">{order.projectCode}</Descriptions.Item>
        <Descriptions.Item label="业务类型">{order.familyLabel}</Descriptions.Item>
        <Descriptions.Item label="付费单位" span={2}>
          {order.companyName}
        </Descriptions.Item>
        <Descriptions.Item label="成交金额">{`${formatFen(order.dealAmount)}元`}</Descriptions.Item>
        <Descriptions.Item label="成交日期">{order.dealDate}</Descriptions.Item>
        <Descriptions.Item label="服务费">{`${formatFen(order.fee)}元`}</Descriptions.Item>
        <Descriptions.Item label="收费标准">
          {order.scheduleFrom === '' ? '默认收费标准' : `${order.scheduleFrom}起执行的收费标准`}
        </Descriptions.Item>
        <Descriptions.Item label="支付状态">{order.payStateLabel}</Descriptions.Item>
        <Descriptions.Item label="支付时间">
          {order.paidAt === null ? '—' : formatDateTime(order.paidAt)}
        </Descriptions.Item>
        <Descriptions.Item label="发票状态" span={2}>
          {order.invoiceStateLabel}
        </Descriptions.Item>
        {order.invoice !== null && (
          <Descriptions.Item label="发票抬头" span={2}>
            {`${order.invoice.title}（${order.invoice.taxpayerNo}，${order.invoice.invoiceType}）`}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Table<FeeLine>
        rowKey={(line) => String(line.from)}
        size="small"
        pagination={false}
        dataSource={order.feeLines}
        columns={[
          { key: 'band', title: '成交金额分档', render: (_, line) => bandText(line) },
          {
            key: 'rate',
            title: '费率',
            width: 100,
            render: (_, line) => (line.isMinimum === true ? '—' : `${line.ratePermille}‰`),
          },
          {
            key: 'amount',
            title: '收费（元）',
            width: 140,
            align: 'right',
            render: (_, line) => formatFen(line.amount),
          },
        ]}
      />
    </Space>
  );
}

function InvoiceDialog({
  order,
  onClose,
  onDone,
}: {
  order: ServiceFeeOrder;
  onClose: () => void;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const titles = useQuery(invoiceTitlesQuery());
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const [isBusy, setIsBusy] = useState(false);
  const titleId = chosen ?? titles.data?.[0]?.id;

  const onOk = async (): Promise<void> => {
    if (titleId === undefined) {
      notify.error(MSG.ordersInvoiceTitleMissing);
      return;
    }
    setIsBusy(true);
    try {
      await requestInvoice(order, titleId);
      onDone();
    } catch {
      // the HTTP client has told the user
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <AppDialog
      size="md"
      open
      title={`申请开票 ${order.code}`}
      okText="提交申请"
      cancelText="取消"
      confirmLoading={isBusy}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text>{`服务费${formatFen(order.fee)}元，发票开具给：`}</Typography.Text>
        <Select
          aria-label="发票抬头"
          style={{ width: '100%' }}
          loading={titles.isFetching}
          value={titleId}
          onChange={setChosen}
          placeholder="请选择发票抬头"
          options={(titles.data ?? []).map((row) => ({
            value: row.id,
            label: `${String(row.values.title)}（${String(row.values.invoiceType)}${row.values.isDefault === '是' ? '，默认' : ''}）`,
          }))}
        />
        {titles.data?.length === 0 && (
          <Typography.Link onClick={() => void navigate('/index/invoicingAdd')}>
            还没有发票抬头，去新增
          </Typography.Link>
        )}
      </Space>
    </AppDialog>
  );
}
