// The process log of a project (spec 001 section 7, GET /api/project/{id}/processLog): every step of every
// action on it, who took it for which company and when, and the reason of a return. Project pages embed it.
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatDateTime } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import type { ProcessLogRow } from '@cqjy/domain/workflow/views';
import { processLogQuery } from './api.ts';

const COLUMNS: TableColumnsType<ProcessLogRow> = [
  { title: '阶段', dataIndex: 'stage', key: 'stage' },
  { title: '环节', dataIndex: 'stepLabel', key: 'step' },
  { title: '结果', dataIndex: 'result', key: 'result' },
  { title: '办理人', dataIndex: 'actorName', key: 'actor' },
  { title: '办理单位', dataIndex: 'companyName', key: 'company' },
  { title: '办理时间', key: 'at', width: 180, render: (_value, row) => formatDateTime(row.at) },
  { title: '意见/原因', key: 'reason', render: (_value, row) => row.reason ?? '' },
];

export type ProcessLogProps = { projectId: number };

export function ProcessLog({ projectId }: ProcessLogProps) {
  const log = useQuery(processLogQuery(projectId));
  return (
    <Table<ProcessLogRow>
      size="small"
      rowKey="id"
      columns={COLUMNS}
      dataSource={log.data ?? []}
      loading={log.isPending}
      pagination={false}
      locale={{ emptyText: MSG.noDataYet }}
    />
  );
}
