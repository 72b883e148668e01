// 收入统计 (/index/income, GJS_INCOME_LT): the year's deals, deal amounts, service fees and price payouts of the
// company (the exchange: its totals over every company), by month as a chart and a table, by family as a chart and
// a table; 导出 writes both tables to one workbook. The charts load with the page (components/chart).
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Select, Space, Statistic, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatFen } from '@cqjy/domain/format';
import { INCOME_COLUMNS, type IncomeFigures } from '@cqjy/domain/statistics';
import { Chart, type ChartOption } from '../../components/index.ts';
import { usePageTitle } from '../../lib/route-handle.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { exportIncome, incomeQuery } from './api.ts';

/** The years offered: this one and the five before it. */
function yearOptions(now: Date): { value: number; label: string }[] {
  const year = now.getFullYear();
  return Array.from({ length: 6 }, (_, index) => ({ value: year - index, label: `${year - index}年` }));
}

/** Fen as yuan, a number a chart's axis can scale. */
const yuan = (fen: number): number => fen / 100;

function figureColumns<T extends IncomeFigures>(): TableColumnsType<T> {
  return INCOME_COLUMNS.map((column) => ({
    title: column.title,
    dataIndex: column.key,
    key: column.key,
    align: 'right' as const,
    render: (value: number) => (column.isMoney ? formatFen(value) : value),
  }));
}

export function IncomePage() {
  const title = usePageTitle();
  const years = useMemo(() => yearOptions(new Date()), []);
  const [year, setYear] = useState(years[0]?.value ?? new Date().getFullYear());
  const income = useQuery(incomeQuery(year));
  const { busy, run } = useBusy<'export'>();
  const data = income.data;

  const monthOption = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 16, right: 16, bottom: 8, top: 40, containLabel: true },
      xAxis: { type: 'category', data: data?.months.map((row) => `${Number(row.month.slice(5))}月`) ?? [] },
      yAxis: { type: 'value', name: '元' },
      series: INCOME_COLUMNS.filter((column) => column.isMoney).map((column) => ({
        name: column.title.replace('（元）', ''),
        type: 'bar',
        data: data?.months.map((row) => yuan(row[column.key])) ?? [],
      })),
    }),
    [data],
  );

  const familyOption = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'item', valueFormatter: (value: number) => `${value.toLocaleString('zh-CN')} 元` },
      legend: { bottom: 0 },
      series: [
        {
          name: '成交金额',
          type: 'pie',
          radius: ['40%', '68%'],
          data: data?.families.map((row) => ({ name: row.familyLabel, value: yuan(row.dealAmount) })) ?? [],
        },
      ],
    }),
    [data],
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <h3 style={{ margin: 0 }}>
            {title}
            {data?.isExchange ? '（全部机构）' : ''}
          </h3>
          <Space>
            <Select
              aria-label="统计年份"
              value={year}
              options={years}
              onChange={setYear}
              style={{ width: 120 }}
            />
            <Button loading={busy === 'export'} onClick={() => void run('export', () => exportIncome(year))}>
              导出
            </Button>
          </Space>
        </Space>
        {income.isError ? (
          <Alert type="error" showIcon title="统计数据加载失败" style={{ marginTop: 16 }} />
        ) : null}
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          {INCOME_COLUMNS.map((column) => (
            <Col key={column.key} xs={24} sm={12} xl={6}>
              <Card size="small">
                <Statistic
                  title={column.title}
                  value={
                    data === undefined
                      ? 0
                      : column.isMoney
                        ? formatFen(data.totals[column.key])
                        : data.totals[column.key]
                  }
                  loading={income.isPending}
                />
              </Card>
            </Col>
          ))}
        </Row>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title="按月份">
            <Chart label={`${year}年各月成交金额、服务费与价款划转`} option={monthOption} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title="按项目类别">
            <Chart label={`${year}年各项目类别成交金额`} option={familyOption} />
          </Card>
        </Col>
      </Row>
      <Card title="月度明细">
        <Table
          rowKey="month"
          size="small"
          pagination={false}
          loading={income.isFetching}
          dataSource={data?.months ?? []}
          columns={[{ title: '月份', dataIndex: 'month', key: 'month' }, ...figureColumns()]}
          summary={() =>
            data === undefined ? null : (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                {INCOME_COLUMNS.map((column, index) => (
                  <Table.Summary.Cell key={column.key} index={index + 1} align="right">
                    {column.isMoney ? formatFen(data.totals[column.key]) : data.totals[column.key]}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )
          }
        />
      </Card>
      <Card title="项目类别明细">
        <Table
          rowKey="family"
          size="small"
          pagination={false}
          loading={income.isFetching}
          dataSource={data?.families ?? []}
          columns={[{ title: '项目类别', dataIndex: 'familyLabel', key: 'family' }, ...figureColumns()]}
        />
      </Card>
    </Space>
  );
}
