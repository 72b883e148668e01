// 评估项目 (/index/estimateList, GJS_PROJECT_EVALUATION_LT): the projects the assessment institution is engaged on
// — their forms name it as appraisal firm — with the appraisal's base day and value and the appraisal reports the
// owners attached, each downloadable; the exchange's 评估项目管理 lists every project naming a firm. Searched by
// the project's name or code, 10 a page.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Envelope, PageResult } from '@cqjy/domain/api';
import type { EvaluationQuery, EvaluationRow } from '@cqjy/domain/projects/evaluations';
import { formatDate, formatFen } from '@cqjy/domain/format';
import { downloadAttachment } from '../../api/attachments.ts';
import { pagedTableProps, SearchActions } from '../../components/index.ts';
import { http, unwrap } from '../../lib/http.ts';
import { usePageTitle } from '../../lib/route-handle.ts';

const PAGE_SIZE = 10;

export function EvaluationListPage() {
  const title = usePageTitle();
  const [form] = Form.useForm<{ keyword?: string }>();
  const [query, setQuery] = useState<EvaluationQuery>({ page: 1, size: PAGE_SIZE });
  const list = useQuery({
    queryKey: ['projects', 'evaluations', query],
    queryFn: async () =>
      unwrap(await http.post<Envelope<PageResult<EvaluationRow>>>('/api/project/evaluation/list', query)),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<EvaluationRow> = [
    { title: '项目编号', dataIndex: 'code', key: 'code', width: 170 },
    { title: '项目名称', dataIndex: 'name', key: 'name', ellipsis: true },
    { title: '项目类别', dataIndex: 'familyLabel', key: 'family', width: 110 },
    { title: '项目状态', dataIndex: 'statusLabel', key: 'status', width: 100 },
    { title: '转让方', dataIndex: 'ownerName', key: 'owner', width: 210, ellipsis: true },
    { title: '评估基准日', dataIndex: 'appraisalBaseDate', key: 'baseDate', width: 120 },
    {
      title: '评估值（元）',
      dataIndex: 'appraisalValue',
      key: 'value',
      width: 150,
      align: 'right',
      render: (value: number | null) => (value === null ? '—' : formatFen(value)),
    },
    {
      title: '披露截止',
      dataIndex: 'disclosureEnd',
      key: 'end',
      width: 120,
      render: (value: string | null) => (value === null ? '—' : formatDate(value)),
    },
    {
      title: '评估报告',
      key: 'reports',
      width: 200,
      render: (_value, row) =>
        row.reports.length === 0 ? (
          '暂未上传'
        ) : (
          <Space orientation="vertical" size={0}>
            {row.reports.map((file) => (
              <Button
                key={file.uuid}
                type="link"
                size="small"
                style={{ padding: 0 }}
                onClick={() => void downloadAttachment(file).catch(() => undefined)}
              >
                {file.fileName}
              </Button>
            ))}
          </Space>
        ),
    },
  ];

  return (
    <Card>
      <h3 style={{ marginTop: 0 }}>{title}</h3>
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(values) =>
          setQuery({ page: 1, size: query.size, keyword: values.keyword?.trim() || undefined })
        }
      >
        <Form.Item name="keyword" label="关键字">
          <Input allowClear placeholder="项目名称或编号" style={{ width: 220 }} />
        </Form.Item>
        <SearchActions
          onReset={() => {
            form.resetFields();
            setQuery({ page: 1, size: query.size });
          }}
        />
      </Form>
      <Table<EvaluationRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        {...pagedTableProps(query, setQuery, list)}
      />
    </Card>
  );
}
