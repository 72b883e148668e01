// 评估项目 (/index/estimateList, GJS_PROJECT_EVALUATION_LT): the projects the assessment institution is engaged on
// — their forms name it as appraisal firm — with the appraisal's base day and value and the appraisal reports, each
// downloadable; the exchange's 评估项目管理 lists every project past its draft naming a firm. An engagement awaiting
// the firm's appraisal offers 出具评估报告 (its report, base day and values); the task of 我的待办 opens the page on
// it (?id=). Searched by the project's name or code, 10 a page.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button, Card, Form, Input, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { EvaluationQuery, EvaluationRow } from '@cqjy/domain/projects/evaluations';
import { formatDate } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { downloadAttachment } from '../../api/attachments.ts';
import { fitColumns, moneyColumn, pagedTableProps, SearchActions } from '../../components/index.ts';
import { notify } from '../../lib/notify.ts';
import { readQueryId } from '../../lib/query-id.ts';
import { usePageTitle } from '../../lib/route-handle.ts';
import { evaluationsQuery } from './api.ts';
import { EvaluationSubmitDialog } from './evaluation-submit-dialog.tsx';

const PAGE_SIZE = 10;

export function EvaluationListPage() {
  const title = usePageTitle();
  const [form] = Form.useForm<{ keyword?: string }>();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState<EvaluationQuery>({ page: 1, size: PAGE_SIZE });
  const list = useQuery(evaluationsQuery(query));
  // the project a task of 我的待办 opened the page on: its dialog opens once its row is listed
  const [taskProjectId, setTaskProjectId] = useState(() => readQueryId(params.get('id')));
  const [submitting, setSubmitting] = useState<EvaluationRow | null>(null);
  const fromTask = list.data?.list.find((row) => row.id === taskProjectId && row.canSubmit);
  const dialogRow = submitting ?? fromTask ?? null;
  const closeDialog = (): void => {
    setSubmitting(null);
    setTaskProjectId(null);
  };

  // Together the columns fit the card of a 1,366 and a 1,440 px screen; the name and the owner take the rest.
  const columns: TableColumnsType<EvaluationRow> = [
    { title: '项目编号', dataIndex: 'code', key: 'code', width: 150 },
    { title: '项目名称', dataIndex: 'name', key: 'name', ellipsis: true },
    { title: '项目类别', dataIndex: 'familyLabel', key: 'family', width: 100 },
    { title: '项目状态', dataIndex: 'statusLabel', key: 'status', width: 90 },
    {
      title: '评估状态',
      key: 'state',
      width: 90,
      render: (_value, row) =>
        row.state === null ? (
          '—'
        ) : (
          <Tag color={row.state === 'awaiting' ? 'orange' : 'green'}>{row.stateLabel}</Tag>
        ),
    },
    { title: '转让方', dataIndex: 'ownerName', key: 'owner', ellipsis: true },
    { title: '评估基准日', dataIndex: 'appraisalBaseDate', key: 'baseDate', width: 104 },
    moneyColumn({ key: 'value', title: '评估值', fen: (row) => row.appraisalValue }),
    {
      title: '披露截止',
      dataIndex: 'disclosureEnd',
      key: 'end',
      width: 104,
      render: (value: string | null) => (value === null ? '—' : formatDate(value)),
    },
    {
      title: '评估报告',
      key: 'reports',
      width: 180,
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
    {
      title: '操作',
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_value, row) =>
        row.canSubmit ? (
          <Button type="link" size="small" onClick={() => setSubmitting(row)}>
            出具评估报告
          </Button>
        ) : null,
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
        dataSource={list.data?.list ?? []}
        {...pagedTableProps(query, setQuery, list)}
        {...fitColumns(columns, { textMinWidth: 140 })}
      />
      {dialogRow === null ? null : (
        <EvaluationSubmitDialog
          row={dialogRow}
          onClose={closeDialog}
          onSubmitted={() => {
            closeDialog();
            notify.success(MSG.evaluationSubmitted);
            void queryClient.invalidateQueries({ queryKey: ['projects', 'evaluations'] });
            void queryClient.invalidateQueries({ queryKey: ['tasks'] });
          }}
        />
      )}
    </Card>
  );
}
