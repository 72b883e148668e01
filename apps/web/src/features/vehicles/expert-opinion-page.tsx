// 专家意见 (/index/disposalExpertOpinion?projectId=): the opinions of the experts the assessment institution asked
// about a disposal's vehicles, each with the expert's signed opinion as a file. While its appraisal is awaited the
// firm adds one (the file uploaded under a draft id first, which the saved opinion adopts) or deletes one; after the
// submission, and for the owner and the exchange, the list reads only.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Descriptions, Form, Input, Popconfirm, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatDateTime } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { DISPOSAL_EXPERT_DATA_CLASS, EXPERT_OPINION_TAG } from '@cqjy/domain/vehicle-disposal';
import {
  checkExpertOpinion,
  EXPERT_NAME_MAX,
  EXPERT_OPINION_MAX,
  EXPERT_ORGANISATION_MAX,
} from '@cqjy/domain/vehicle-parties';
import { type ExpertOpinion } from '@cqjy/domain/vehicle-views';
import { stepPath } from '@cqjy/domain/workflow/paths';
import { readQueryId } from '../../lib/query-id.ts';
import { useBusy } from '../../lib/use-busy.ts';
import {
  clearErrorsOnChange,
  CloseButton,
  displayFileName,
  FileActions,
  FileUpload,
  fitColumns,
  PageLoading,
  PageNotFound,
} from '../../components/index.ts';
import {
  deleteExpertOpinion,
  disposalQuery,
  saveExpertOpinion,
  vehicleKeys,
  type VehicleDisposalView,
} from './api.ts';

export function ExpertOpinionPage() {
  const [params] = useSearchParams();
  const projectId = readQueryId(params.get('projectId'));
  const disposal = useQuery({ ...disposalQuery(projectId ?? 0), enabled: projectId !== null });

  // the public and the dismantler do not see the appraisal's experts (the server lists none to them)
  const role = disposal.data?.role;
  if (projectId === null || disposal.isError || role === 'public' || role === 'dismantler') {
    return <PageNotFound />;
  }
  if (disposal.data === undefined) {
    return <PageLoading />;
  }
  return <ExpertsView view={disposal.data} />;
}

type ExpertValues = { expertName?: string; organisation?: string; opinion?: string };

function ExpertsView({ view }: { view: VehicleDisposalView }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { busy, run } = useBusy<'delete'>();
  const [deleting, setDeleting] = useState<number | null>(null);
  const isEditable = view.can.appraise;
  const refresh = (): Promise<void> => queryClient.invalidateQueries({ queryKey: vehicleKeys.all });

  const remove = (id: number): Promise<void> => {
    setDeleting(id);
    return run('delete', async () => {
      await deleteExpertOpinion(id);
      await refresh();
    }).finally(() => setDeleting(null));
  };

  const columns: TableColumnsType<ExpertOpinion> = [
    { key: 'no', title: '序号', width: 64, render: (_value, _row, index) => index + 1 },
    { key: 'name', title: '专家姓名', dataIndex: 'expertName', width: 110 },
    {
      key: 'organisation',
      title: '工作单位',
      dataIndex: 'organisation',
      width: 200,
      render: (text: string) => (text === '' ? '—' : text),
    },
    {
      key: 'opinion',
      title: '专家意见',
      dataIndex: 'opinion',
      render: (text: string) => (
        <Typography.Paragraph
          style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}
          ellipsis={{ rows: 3, expandable: 'collapsible' }}
        >
          {text}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'files',
      title: '签字意见',
      width: 240,
      // the name over its actions: a whole file row (with its time) does not fit a column
      render: (_value, row) =>
        row.files.length === 0
          ? '—'
          : row.files.map((file) => (
              <div key={file.uuid}>
                <Typography.Text ellipsis={{ tooltip: displayFileName(file) }} style={{ maxWidth: 220 }}>
                  {displayFileName(file)}
                </Typography.Text>
                <div>
                  <FileActions item={file} />
                </div>
              </div>
            )),
    },
    {
      key: 'createdAt',
      title: '登记时间',
      dataIndex: 'createdAt',
      width: 150,
      render: (iso: string) => formatDateTime(iso),
    },
    ...(isEditable
      ? [
          {
            key: 'action',
            title: '操作',
            width: 80,
            render: (_value: unknown, row: ExpertOpinion) => (
              <Popconfirm
                title={`删除${row.expertName}的专家意见？`}
                okText={MSG.confirmOk}
                cancelText={MSG.cancel}
                onConfirm={() => remove(row.id)}
              >
                <Button
                  type="link"
                  danger
                  size="small"
                  loading={deleting === row.id}
                  disabled={busy !== null}
                >
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={`专家意见：${view.projectName}`}
        extra={
          <Space>
            {view.role === 'appraiser' ? (
              <Button
                onClick={() =>
                  void navigate(
                    stepPath('disposalAssessmentOpinion', { projectId: view.projectId }, 'motorVehicle'),
                  )
                }
              >
                返回评估意见
              </Button>
            ) : null}
            <CloseButton />
          </Space>
        }
      >
        <Descriptions
          bordered
          size="small"
          column={2}
          styles={{ label: { width: 150 } }}
          items={[
            { key: 'code', label: '项目编号', children: view.projectCode },
            { key: 'owner', label: '委托方', children: view.ownerName },
            { key: 'firm', label: '评估机构', children: view.appraiserName || '—' },
            {
              key: 'state',
              label: '评估状态',
              children: isEditable
                ? '评估中，可登记专家意见'
                : view.appraisalSubmittedAt === null
                  ? '—'
                  : `评估结果已于${formatDateTime(view.appraisalSubmittedAt)}提交`,
            },
          ]}
        />
      </Card>

      <Card title={`已登记的专家意见（${view.experts.length}条）`}>
        <Table<ExpertOpinion>
          size="small"
          rowKey="id"
          dataSource={view.experts}
          pagination={false}
          locale={{ emptyText: '暂无专家意见' }}
          {...fitColumns(columns)}
        />
      </Card>

      {isEditable ? <ExpertForm projectId={view.projectId} onSaved={refresh} /> : null}
    </Space>
  );
}

/** Which field a refusal of checkExpertOpinion is about: each message names its field's label. */
function fieldOf(message: string): keyof ExpertValues {
  if (message.includes('专家姓名')) return 'expertName';
  if (message.includes('工作单位')) return 'organisation';
  return 'opinion';
}

/** 登记专家意见: the expert, the opinion and the signed file (uploaded under a draft id until saved). */
function ExpertForm({ projectId, onSaved }: { projectId: number; onSaved: () => Promise<void> }) {
  const [form] = Form.useForm<ExpertValues>();
  // the signed opinion is uploaded before its row exists: under this draft id, which the saved row adopts
  const [createId, setCreateId] = useState(() => crypto.randomUUID());
  const [files, setFiles] = useState<AttachmentItem[]>([]);
  const { busy, run } = useBusy<'save'>();

  const submit = async (): Promise<void> => {
    const values = form.getFieldsValue();
    const checked = checkExpertOpinion({ projectId, ...values });
    if (checked.message !== null) {
      form.setFields([{ name: fieldOf(checked.message), errors: [checked.message] }]);
      return;
    }
    await run('save', async () => {
      await saveExpertOpinion({ projectId, ...checked.value, createId });
      form.resetFields();
      setFiles([]);
      setCreateId(crypto.randomUUID());
      await onSaved();
    });
  };

  return (
    <Card title="登记专家意见">
      <Form<ExpertValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Space size={16} style={{ display: 'flex' }} align="start">
          <Form.Item name="expertName" label="专家姓名" required style={{ width: 240 }}>
            <Input maxLength={EXPERT_NAME_MAX} />
          </Form.Item>
          <Form.Item name="organisation" label="工作单位" style={{ width: 440 }}>
            <Input maxLength={EXPERT_ORGANISATION_MAX} />
          </Form.Item>
        </Space>
        <Form.Item name="opinion" label="专家意见" required>
          <Input.TextArea rows={4} maxLength={EXPERT_OPINION_MAX} showCount />
        </Form.Item>
        <Form.Item label="专家签字意见" extra="请上传专家签字的意见扫描件">
          <FileUpload
            key={createId}
            tag={EXPERT_OPINION_TAG}
            dataClass={DISPOSAL_EXPERT_DATA_CLASS}
            createId={createId}
            value={files}
            onChange={setFiles}
            buttonText="上传签字意见"
          />
        </Form.Item>
        <Button type="primary" loading={busy === 'save'} onClick={() => void submit()}>
          保存专家意见
        </Button>
      </Form>
    </Card>
  );
}
