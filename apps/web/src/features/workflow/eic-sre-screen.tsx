// The e-signature screen (EicSre) in its two modes, chosen by the caller's open task on the instance:
//   applicant (task EicSre): the generated letter shown in the page and the sign-off panel in e-signature mode; the
//     panel hands its request up (application flow) and this screen posts it to {base}/signature.
//   exchange (task Review): the project's full facts (what a resubmission changed marked), the application with its
//     changes, its files, the signed letter and the project's history, and the panel in review mode with 审核通过
//     and 退回 (each confirmed with an 审核意见), posting to /api/task/signoff/{flow} with result pass or back.
// Without an open task of the caller the instance is shown read-only. An action without a letter (the handover)
// is reviewed here too, on its application's facts and files alone.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Descriptions, Popconfirm, Result, Space, Spin, Tag, Typography } from 'antd';
import type { Envelope } from '@cqjy/domain/api';
import { MSG } from '@cqjy/domain/messages';
import type { ActionConfig } from '@cqjy/domain/workflow/actions';
import { signOffFlow } from '@cqjy/domain/workflow/sign-off';
import type { SignOffParameter } from '@cqjy/domain/workflow/sign-off';
import { TASK_TYPE } from '@cqjy/domain/workflow/statuses';
import type { ActionView } from '@cqjy/domain/workflow/views';
import { usePageTitle } from '../../lib/route-handle.ts';
import { useSession } from '../../lib/session-store.ts';
import {
  AttachmentTable,
  CloseButton,
  LetterViewer,
  SignOffPanel,
  signerParam,
} from '../../components/index.ts';
import type { SignOffAttachment } from '../../components/index.ts';
import { actionQuery, signAction, terminateAction } from './api.ts';
import { diffForms, showValue } from './form-diff.ts';
import { ProcessLog } from './process-log.tsx';
import { ProjectFacts } from './project-facts.tsx';
import { ProjectPanel } from './project-panel.tsx';
import { projectPathOf, useStepQuery } from './step-context.ts';
import { ProjectNeeded } from './project-needed.tsx';

/** The task centre's 待办任务: where a handled task's work goes on. */
const TASK_LIST = '/index/todo';

const CHANGED_STYLE = { background: '#fffbe6' };

/** What a sign-off did, shown on the result page in place of the screen. */
type Outcome = { kind: 'sign' | 'pass' | 'back'; message: string };

const NEXT_STEP: Record<Outcome['kind'], string> = {
  sign: MSG.workflowNextAfterSign,
  pass: MSG.workflowNextAfterPass,
  back: MSG.workflowNextAfterBack,
};

/**
 * The result page after signing or reviewing: what happened (the server's message, the only one shown), what
 * comes next, and the ways back to the project and to the task list.
 */
function SignOffResult({ outcome, projectPath }: { outcome: Outcome; projectPath: string }) {
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        status={outcome.kind === 'back' ? 'info' : 'success'}
        title={outcome.message}
        subTitle={NEXT_STEP[outcome.kind]}
        extra={[
          <Button key="project" type="primary" onClick={() => void navigate(projectPath)}>
            {MSG.workflowBackToProject}
          </Button>,
          <Button key="tasks" onClick={() => void navigate(TASK_LIST)}>
            {MSG.workflowBackToTasks}
          </Button>,
        ]}
      />
    </Card>
  );
}

/** The submission before the last one, whose form and project the last one is compared with. */
function previousRevision(view: ActionView): ActionView['revisions'][number] | undefined {
  return [...view.revisions].sort((a, b) => a.no - b.no).at(-2);
}

function ApplicationFacts({ config, view }: { config: ActionConfig; view: ActionView }) {
  const previous = previousRevision(view);
  const changed = new Set(
    previous === undefined ? [] : diffForms(config, previous.form, view.form).map((change) => change.name),
  );
  if (config.fields.length === 0) return null;
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      style={{ marginTop: 16 }}
      styles={{ label: { width: 200 } }}
    >
      {config.fields.map((field) =>
        changed.has(field.name) && previous !== undefined ? (
          <Descriptions.Item
            key={field.name}
            label={
              <Space size={4}>
                {field.label}
                <Tag color="orange">修改</Tag>
              </Space>
            }
            styles={{ label: CHANGED_STYLE, content: CHANGED_STYLE }}
          >
            {showValue(field, view.form[field.name]) || '—'}
            <Typography.Text type="secondary" delete style={{ display: 'block' }}>
              {showValue(field, previous.form[field.name]) || '—'}
            </Typography.Text>
          </Descriptions.Item>
        ) : (
          <Descriptions.Item key={field.name} label={field.label}>
            {showValue(field, view.form[field.name]) || '—'}
          </Descriptions.Item>
        ),
      )}
    </Descriptions>
  );
}

function applicationFiles(config: ActionConfig, view: ActionView): SignOffAttachment[] {
  const files: SignOffAttachment[] = config.attachments.flatMap((tag) =>
    (view.attachments[tag.tag] ?? []).map((item) => ({ ...item, typeLabel: tag.label })),
  );
  if (view.signedLetter !== null) {
    files.push({ ...view.signedLetter, fileName: view.signedLetter.name, typeLabel: '已签章申请书' });
  }
  return files;
}

export function EicSreScreen({ config }: { config: ActionConfig }) {
  const { id, taskId: queryTaskId } = useStepQuery();
  const view = useQuery({ ...actionQuery(config, id ?? 0), enabled: id !== null });
  const user = useSession((session) => session.userInfo);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The heading is the page's tab title (its route table entry) in every mode: the applicant's signing and the
  // exchange's review happen on the same route, under the same name.
  const title = usePageTitle();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (id === null) return <ProjectNeeded />;
  const data = view.data;
  if (data === undefined) {
    return view.isError ? (
      <Result status="error" title={MSG.notFound} extra={<CloseButton />} />
    ) : (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  }

  const task = data.openTask;
  const isReview = task?.type === TASK_TYPE.Review;
  const isSigning = task?.type === TASK_TYPE.EicSre;
  const param: SignOffParameter | null =
    task === null
      ? null
      : signerParam(user, {
          id: data.id,
          projectId: data.projectId,
          category: data.family,
          task: { type: task.type, id: queryTaskId ?? task.id, actionId: data.id },
          // The exchange's review asks no code: sign codes are bound to a letter awaiting its applicant's
          // signature, and the review call checks none.
          duanxin: !isReview,
          attachmentsIds: applicationFiles(config, data).map((item) => item.uuid),
        });

  const projectPath = projectPathOf(config, data.projectId);
  const reload = (): void =>
    void queryClient.invalidateQueries({ queryKey: actionQuery(config, data.id).queryKey });
  const onDone = (kind: Outcome['kind'], answer: Envelope<unknown>): void => {
    reload();
    setOutcome({ kind, message: answer.msg || MSG.ok });
  };

  if (outcome !== null) return <SignOffResult outcome={outcome} projectPath={projectPath} />;

  /** Withdraws the application before signing it; the project page then offers it afresh. */
  const onWithdraw = async (): Promise<void> => {
    try {
      await terminateAction(config, { id: data.id, version: data.version });
      reload();
      void navigate(projectPath);
    } catch {
      // the HTTP client has shown why
    }
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            {title}
            <Tag>{data.statusLabel}</Tag>
          </Space>
        }
        extra={<CloseButton />}
      >
        {isSigning ? (
          <ProjectFacts project={data.project} />
        ) : (
          <ProjectPanel
            project={data.project}
            previousForm={isReview ? (previousRevision(data)?.projectForm ?? null) : null}
          />
        )}
        {isReview || !config.isSigned ? <ApplicationFacts config={config} view={data} /> : null}
        {param === null ? (
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 16 }}
            title={`该申请当前状态为“${data.statusLabel}”，您没有待办理的任务`}
          />
        ) : null}
      </Card>
      {isReview ? (
        <Card title="申请材料">
          <AttachmentTable items={applicationFiles(config, data)} firstColumn="type" />
        </Card>
      ) : null}
      {config.isSigned ? (
        <Card title={isReview || !isSigning ? '已签章申请书' : '申请书'}>
          <LetterViewer
            file={isSigning ? data.letter : (data.signedLetter ?? data.letter)}
            title={config.letterTitle}
          />
        </Card>
      ) : null}
      {isSigning ? null : (
        <Card title="流程记录">
          <ProcessLog projectId={data.projectId} />
        </Card>
      )}
      {param !== null && isSigning ? (
        <Card
          extra={
            <Popconfirm
              title="撤回后申请书作废，可修改后重新提交。确定撤回吗？"
              okText={MSG.confirmOk}
              cancelText={MSG.cancel}
              onConfirm={() => void onWithdraw()}
            >
              <Button danger>撤回申请</Button>
            </Popconfirm>
          }
          title="电子签章"
        >
          <SignOffPanel
            param={param}
            flow="application"
            mode="sign"
            onApply={(request) => signAction(config, request)}
            onSuccess={(_result, answer) => onDone('sign', answer)}
            onCallback={reload}
          />
        </Card>
      ) : null}
      {param !== null && isReview ? (
        <Card>
          <SignOffPanel
            param={param}
            flow={signOffFlow(config.family)}
            mode="review"
            hasSendBack
            downloadName={data.actionTitle}
            onSuccess={(_result, answer) => onDone('pass', answer)}
            onBack={(answer) => onDone('back', answer)}
            onCallback={() => {
              reload();
              void navigate(TASK_LIST);
            }}
          />
        </Card>
      ) : null}
    </Space>
  );
}
