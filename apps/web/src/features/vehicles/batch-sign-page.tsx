// 批量签章 (/index/vehicleBatchEicSre): the owner's listing letters (机动车挂牌申请函) waiting for its signature, of
// every disposal, signed many at once with one SMS code (signatureAndSubmit, all or none, up to two minutes). The
// letters are its open listing tasks, grouped by project, every one ticked unless the owner unticks it; with two or
// more ticked the server says whether they can go together (whether/batch). The code is bound to the letters ticked
// when it was sent: changing the ticks afterwards asks for a new code. A letter signed leaves the list (BF-2.8: it
// can no longer be ticked while the list refreshes); once none is left, the way back is the project.
import { useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Result, Space, Spin, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatDateTime, formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import type { DisposalVehicle } from '@cqjy/domain/vehicle-views';
import type { TaskRow } from '@cqjy/domain/workflow/views';
import type { SignRequest } from '@cqjy/domain/workflow/sign-off';
import { stepPath } from '@cqjy/domain/workflow/paths';
import { readQueryId } from '../../lib/query-id.ts';
import { useSession } from '../../lib/session-store.ts';
import {
  CloseButton,
  fitColumns,
  moneyColumn,
  PageLoading,
  PageNotFound,
  SELECTION_WIDTH,
  signerParam,
  SignOffPanel,
} from '../../components/index.ts';
import {
  checkVehicleSignCode,
  disposalQuery,
  listingTasksQuery,
  sendVehicleSignCode,
  signatureAndSubmit,
  vehicleKeys,
  whetherBatch,
} from './api.ts';
import { readSignAnswer } from './sign-answer.ts';

const projectPath = (projectId: number): string =>
  stepPath('vehicleShowProject', { id: projectId }, 'motorVehicle');

/** A letter's task with its vehicle, when the disposal's view has it; `span` groups the rows of one project. */
type LetterRow = TaskRow & { vehicle: DisposalVehicle | undefined; span: number };

/** The rows of each project together (by its code), each project's name and code drawn once for its rows. */
function groupRows(tasks: readonly TaskRow[], vehicles: ReadonlyMap<number, DisposalVehicle>): LetterRow[] {
  const sorted = [...tasks].sort(
    (a, b) => a.projectCode.localeCompare(b.projectCode) || a.subjectId - b.subjectId,
  );
  return sorted.map((task, index) => {
    const isFirst = index === 0 || sorted[index - 1]?.projectId !== task.projectId;
    const span = isFirst ? sorted.slice(index).findIndex((other) => other.projectId !== task.projectId) : 0;
    return {
      ...task,
      vehicle: vehicles.get(task.subjectId),
      span: isFirst ? (span === -1 ? sorted.length - index : span) : 0,
    };
  });
}

const COLUMNS: TableColumnsType<LetterRow> = [
  {
    key: 'projectName',
    title: '项目名称',
    dataIndex: 'projectName',
    onCell: (row) => ({ rowSpan: row.span }),
  },
  {
    key: 'projectCode',
    title: '项目编号',
    dataIndex: 'projectCode',
    width: 160,
    onCell: (row) => ({ rowSpan: row.span }),
  },
  {
    key: 'carNumber',
    title: '号牌号码',
    width: 110,
    render: (_: unknown, row) => row.vehicle?.carNumber ?? '—',
  },
  {
    key: 'brandModel',
    title: '品牌型号',
    render: (_: unknown, row) => row.vehicle?.brandModel ?? '—',
  },
  moneyColumn<LetterRow>({
    key: 'listingPrice',
    title: '挂牌价格',
    fen: (row) => row.vehicle?.listingPrice,
  }),
  {
    key: 'createdAt',
    title: '生成时间',
    width: 170,
    render: (_: unknown, row) => formatDateTime(row.createdAt),
  },
];

export function BatchSignPage() {
  const [params] = useSearchParams();
  const queryProjectId = readQueryId(params.get('projectId'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSession((session) => session.userInfo);
  const tasks = useQuery(listingTasksQuery());
  const projectIds = [
    ...new Set((tasks.data ?? []).flatMap((task) => (task.projectId === null ? [] : [task.projectId]))),
  ];
  // the plates and prices: one disposal view per project listed, none per row
  const disposals = useQueries({ queries: projectIds.map((id) => disposalQuery(id)) });
  const vehicles = new Map(
    disposals.flatMap((disposal) => (disposal.data?.vehicles ?? []).map((vehicle) => [vehicle.id, vehicle])),
  );
  const rows = groupRows(tasks.data ?? [], vehicles);
  // unticked rather than ticked: every letter listed is in the batch unless the owner leaves it out
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const [signed, setSigned] = useState<ReadonlySet<number>>(new Set());
  const [signing, setSigning] = useState<number | null>(null);
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const [lastProjectId, setLastProjectId] = useState<number | null>(null);
  const selected = rows.filter((row) => !unticked.has(row.id) && !signed.has(row.id));
  const taskIds = selected.map((row) => row.id);
  const itemIds = selected.map((row) => row.subjectId);
  const selectionKey = itemIds.join(',');
  const batch = useQuery({
    queryKey: [...vehicleKeys.all, 'whetherBatch', ...taskIds],
    queryFn: () => whetherBatch(taskIds),
    enabled: taskIds.length >= 2,
    staleTime: 0,
  });
  const isBatchRefused = taskIds.length >= 2 && batch.data?.batch === false;

  if (tasks.isError) return <PageNotFound />;
  if (tasks.data === undefined) {
    return <PageLoading />;
  }

  const backProjectId = queryProjectId ?? lastProjectId;
  if (rows.length === 0) {
    return (
      <Card title="批量签章">
        <Result
          status={signed.size > 0 ? 'success' : 'info'}
          title={signed.size > 0 ? '挂牌申请函已全部签章，车辆已挂牌' : '没有待签章的机动车挂牌申请函'}
          extra={[
            backProjectId === null ? null : (
              <Button key="project" type="primary" onClick={() => void navigate(projectPath(backProjectId))}>
                返回项目
              </Button>
            ),
            <Button key="tasks" onClick={() => void navigate('/index/todo')}>
              待办任务
            </Button>,
          ]}
        />
      </Card>
    );
  }

  const onSign = async (request: SignRequest): Promise<void> => {
    const count = taskIds.length;
    setSigning(count);
    try {
      const answer = await signatureAndSubmit({ taskIds, otp: request.otp, passDate: request.passDate });
      if (readSignAnswer(answer, formatMessage(MSG.vehicleBatchSigned, { count }))) {
        setSigned((current) => new Set([...current, ...taskIds]));
        setCodeFor(null);
        setLastProjectId(selected[0]?.projectId ?? null);
      }
    } catch {
      // the HTTP client has told the user (a time-out included); the list below is read again
    } finally {
      setSigning(null);
      await queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
    }
  };

  const param = signerParam(user, {
    id: itemIds[0] ?? 0,
    category: 'vehicle',
    task: { type: 'EicSre', id: taskIds[0] ?? 0, actionId: itemIds[0] ?? 0 },
    duanxin: true,
  });
  const isCodeStale = codeFor !== null && codeFor !== selectionKey;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={`批量签章：待签章的机动车挂牌申请函（${rows.length}份）`}
        extra={
          backProjectId === null ? (
            <CloseButton />
          ) : (
            <CloseButton to={projectPath(backProjectId)}>返回项目</CloseButton>
          )
        }
      >
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            title="勾选要签章的挂牌申请函，获取短信验证码后一次签章并提交；签章后车辆按挂牌价格挂牌。任何一份不能签章时，本次全部不签章。"
          />
          <Table<LetterRow>
            size="small"
            rowKey="id"
            dataSource={rows}
            pagination={false}
            loading={tasks.isFetching && signing === null}
            rowSelection={{
              selectedRowKeys: taskIds,
              getCheckboxProps: (row) => ({ disabled: signed.has(row.id) || signing !== null }),
              onChange: (keys) => {
                const kept = new Set(keys.map(Number));
                setUnticked(new Set(rows.filter((row) => !kept.has(row.id)).map((row) => row.id)));
              },
            }}
            {...fitColumns(COLUMNS, { extra: SELECTION_WIDTH })}
          />
          <Typography.Text>已选 {taskIds.length} 份</Typography.Text>
          {taskIds.length >= 2 && batch.data !== undefined ? (
            batch.data.batch ? (
              <Alert type="success" showIcon title={`所选${taskIds.length}份挂牌申请函可以一次签章。`} />
            ) : (
              <Alert type="error" showIcon title={MSG.vehicleBatchMixed} />
            )
          ) : null}
          {isCodeStale ? (
            <Alert
              type="warning"
              showIcon
              title="验证码发送后所选申请函有变更，验证码与所选申请函不再对应，请重新获取验证码。"
            />
          ) : null}
        </Space>
      </Card>
      <Card>
        <Spin
          spinning={signing !== null}
          description={`正在签章${signing ?? 0}份挂牌申请函，最长约需2分钟，请勿关闭页面…`}
        >
          <div style={{ maxWidth: 720 }}>
            <SignOffPanel
              // a fresh panel after each batch: the code typed was bound to the letters just signed
              key={signed.size}
              param={param}
              flow="vehicle"
              mode="sign"
              signText="批量签章并提交"
              disabled={signing !== null || taskIds.length === 0 || isBatchRefused}
              codeCalls={{
                send: async () => {
                  await sendVehicleSignCode(itemIds);
                  setCodeFor(selectionKey);
                },
                check: (otp) => checkVehicleSignCode(itemIds, otp),
              }}
              onSign={(request) => void onSign(request)}
            />
          </div>
        </Spin>
      </Card>
    </Space>
  );
}
