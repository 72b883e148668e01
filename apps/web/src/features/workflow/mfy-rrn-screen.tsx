// The returned-for-modification screen (MfyRrn): the exchange's latest return reason first and prominent, every
// return before it, what changed between the submissions (and what the applicant has changed since the last
// one), then the form to change and submit again.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Result, Space, Spin, Table, Timeline, Typography } from 'antd';
import { formatDateTime } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import type { ActionConfig, ActionForm } from '@cqjy/domain/workflow/actions';
import type { ActionView } from '@cqjy/domain/workflow/views';
import { CloseButton } from '../../components/index.ts';
import { ActionEditor } from './action-editor.tsx';
import { actionQuery } from './api.ts';
import { diffForms } from './form-diff.ts';
import type { FieldChange } from './form-diff.ts';
import { useStepQuery } from './step-context.ts';
import { ProjectNeeded } from './project-needed.tsx';

function ChangeTable({ changes }: { changes: FieldChange[] }) {
  if (changes.length === 0)
    return <Typography.Text type="secondary">{MSG.workflowNoChanges}</Typography.Text>;
  return (
    <Table<FieldChange>
      size="small"
      rowKey="name"
      pagination={false}
      dataSource={changes}
      columns={[
        { title: '字段', dataIndex: 'label', key: 'label', width: 200 },
        { title: '修改前', dataIndex: 'before', key: 'before' },
        { title: '修改后', dataIndex: 'after', key: 'after' },
      ]}
    />
  );
}

function ReturnHistory({
  config,
  view,
  current,
}: {
  config: ActionConfig;
  view: ActionView;
  current: ActionForm;
}) {
  const latest = view.returns.at(-1);
  const revisions = [...view.revisions].sort((a, b) => a.no - b.no);
  const lastRevision = revisions.at(-1);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', marginBottom: 16 }}>
      {latest !== undefined ? (
        <Alert
          type="error"
          showIcon
          title="退回原因"
          description={
            <>
              <Typography.Paragraph strong style={{ marginBottom: 4 }}>
                {latest.reason}
              </Typography.Paragraph>
              <Typography.Text type="secondary">
                {latest.by} 于 {formatDateTime(latest.at)} 退回
              </Typography.Text>
            </>
          }
        />
      ) : null}
      {view.returns.length > 1 ? (
        <Card size="small" title="退回记录">
          <Timeline
            items={[...view.returns].reverse().map((entry, index) => ({
              key: `${entry.at}-${index}`,
              content: `${formatDateTime(entry.at)} ${entry.by}：${entry.reason}`,
            }))}
          />
        </Card>
      ) : null}
      <Card size="small" title="修改对比">
        {lastRevision !== undefined ? (
          <>
            <Typography.Paragraph type="secondary">
              与第{lastRevision.no}次提交（{formatDateTime(lastRevision.submittedAt)}）相比：
            </Typography.Paragraph>
            <ChangeTable changes={diffForms(config, lastRevision.form, current)} />
          </>
        ) : (
          <Typography.Text type="secondary">{MSG.workflowNoChanges}</Typography.Text>
        )}
        {revisions.slice(1).map((revision, index) => {
          const before = revisions[index];
          if (before === undefined) return null;
          return (
            <div key={revision.no} style={{ marginTop: 12 }}>
              <Typography.Paragraph type="secondary">
                第{revision.no}次提交相对第{before.no}次的修改：
              </Typography.Paragraph>
              <ChangeTable changes={diffForms(config, before.form, revision.form)} />
            </div>
          );
        })}
      </Card>
    </Space>
  );
}

export function MfyRrnScreen({ config }: { config: ActionConfig }) {
  const { id } = useStepQuery();
  const view = useQuery({ ...actionQuery(config, id ?? 0), enabled: id !== null });
  const [current, setCurrent] = useState<ActionForm | null>(null);
  const navigate = useNavigate();

  if (id === null) return <ProjectNeeded />;
  // The editor starts from the server's current version, never from an earlier visit's cached copy: the
  // exchange may have returned the application since, and saving an old version would only meet a conflict.
  if (view.data === undefined || !view.isFetchedAfterMount) {
    return view.isError ? (
      <Result status="error" title={MSG.notFound} extra={<CloseButton />} />
    ) : (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  }
  // The first disclosure's application is the project itself: it is corrected on the project form.
  if (config.effect === 'disclosure') {
    return (
      <div>
        <ReturnHistory config={config} view={view.data} current={view.data.form} />
        <Button type="primary" onClick={() => void navigate(`/index/editproject?id=${view.data.projectId}`)}>
          修改项目信息
        </Button>
      </div>
    );
  }
  return (
    <div>
      <ReturnHistory config={config} view={view.data} current={current ?? view.data.form} />
      <ActionEditor
        key={view.data.id}
        config={config}
        view={view.data}
        saveWith="update"
        onFormChange={setCurrent}
      />
    </div>
  );
}
