// 短信模板: the texts the portal sends, as the server builds the messages from them: the text with its
// {placeholders}, what each placeholder stands for, the purposes it is sent for and an example as received.
import { useQuery } from '@tanstack/react-query';
import { Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import type { SmsTemplateItem } from '@cqjy/domain/sms';
import { smsTemplatesQuery } from './api.ts';

const columns: TableColumnsType<SmsTemplateItem> = [
  {
    title: '模板',
    key: 'name',
    width: 170,
    render: (_value, row) => (
      <div>
        <div>{row.name}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.code}
        </Typography.Text>
      </div>
    ),
  },
  { title: '模板内容', dataIndex: 'text', key: 'text' },
  {
    title: '参数',
    key: 'params',
    width: 220,
    render: (_value, row) => (
      <Space orientation="vertical" size={2}>
        {row.params.map((param) => (
          <span key={param.name}>
            <Typography.Text code>{`{${param.name}}`}</Typography.Text>
            {param.label}
          </span>
        ))}
      </Space>
    ),
  },
  {
    title: '用途',
    key: 'purposes',
    width: 220,
    render: (_value, row) => (
      <Space size={[4, 4]} wrap>
        {row.purposes.map((purpose) => (
          <Tag key={purpose.code}>{purpose.label}</Tag>
        ))}
      </Space>
    ),
  },
  {
    title: '示例',
    dataIndex: 'example',
    key: 'example',
    render: (value: string) => <Typography.Text type="secondary">{value}</Typography.Text>,
  },
];

export function SmsTemplatesTab() {
  const templates = useQuery(smsTemplatesQuery());
  return (
    <Table<SmsTemplateItem>
      rowKey="code"
      size="middle"
      columns={columns}
      dataSource={templates.data ?? []}
      loading={templates.isFetching}
      locale={{ emptyText: MSG.noDataYet }}
      pagination={false}
      scroll={{ x: 1000 }}
    />
  );
}
