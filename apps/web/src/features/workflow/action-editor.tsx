// The application form of one action instance, shared by the Aon (and Edit) and MfyRrn screens: the action's
// fields and files from the registry, 保存 (save on Aon, update on MfyRrn), 提交 (the form and the required files
// are checked here with the domain's rules, saved, then submitted: the server generates the letter and opens the
// applicant's e-signature task, where the screen goes next) and 撤回申请 (删除草稿 for a draft never submitted).
// Both 保存 and 提交 first run every field's rule, required ones included: each field the rules refuse is marked
// with its message, the first scrolled to, and a message says so; nothing is sent until they pass.
// A new application (no instance yet) is created at its first save or submit, never on opening: files picked
// before are uploaded under a draft id the instance adopts. An instance past its editable states is shown
// read-only with a way on to its open task.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Form, Popconfirm, Space, Tag } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { MSG } from '@cqjy/domain/messages';
import { ACTION_DATA_CLASS, cleanActionForm } from '@cqjy/domain/workflow/actions';
import { validateActionForm } from '@cqjy/domain/workflow/action-forms';
import type { ActionConfig, ActionForm } from '@cqjy/domain/workflow/actions';
import { DISCARDABLE_ACTION_STATUSES, EDITABLE_ACTION_STATUSES } from '@cqjy/domain/workflow/statuses';
import type { ActionView } from '@cqjy/domain/workflow/views';
import { notify } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/route-handle.ts';
import { CloseButton, FileUpload } from '../../components/index.ts';
import { ActionFields } from './action-fields.tsx';
import {
  actionQuery,
  createAction,
  saveAction,
  showAction,
  submitAction,
  terminateAction,
  updateAction,
} from './api.ts';
import type { ActionRef, Versioned } from './api.ts';
import { ProjectFacts } from './project-facts.tsx';
import { stepPath } from './step-context.ts';

export type ActionEditorProps = {
  config: ActionConfig;
  /** the instance; for a new application (id 0) its empty draft, to be created at the first save */
  view: ActionView;
  /** a new application's draft id, under which its files are uploaded until the instance exists */
  createId?: string;
  /** a new application was saved as instance `id` (the screen moves to its address) */
  onCreated?: (id: number) => void;
  /** the draft was discarded */
  onDiscarded?: () => void;
  /** Aon saves a draft with save; MfyRrn changes a returned instance with update */
  saveWith: 'save' | 'update';
  /** the form's current values, for the MfyRrn screen's comparison */
  onFormChange?: (form: ActionForm) => void;
};

type Busy = 'save' | 'submit' | 'terminate' | null;

export function ActionEditor({
  config,
  view,
  createId,
  onCreated,
  onDiscarded,
  saveWith,
  onFormChange,
}: ActionEditorProps) {
  const ref: ActionRef = config;
  const [form] = Form.useForm<ActionForm>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<Record<string, AttachmentItem[]>>(view.attachments);
  /** the instance as last stored; null until a new application's first save */
  const [stored, setStored] = useState<Versioned | null>(
    view.id === 0 ? null : { id: view.id, version: view.version },
  );
  const [isDirty, setIsDirty] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const isEditable = EDITABLE_ACTION_STATUSES.includes(view.status);
  /** the heading: the page's tab title (application, return or compact screen alike) */
  const title = usePageTitle();

  const readForm = (): ActionForm => cleanActionForm(config, form.getFieldsValue(true) as ActionForm);

  /** Stores the form (creating the instance first if new); where it stands, or null when refused. */
  const store = async (): Promise<Versioned | null> => {
    const values = readForm();
    const problem = validateActionForm(config, values, 'draft');
    if (problem !== null) {
      notify.error(problem);
      return null;
    }
    const current = stored ?? (await createAction(ref, view.projectId, createId));
    if (stored === null) setStored(current);
    const input = { ...current, form: values };
    const saved: Versioned =
      saveWith === 'save' ? await saveAction(ref, input) : await updateAction(ref, input);
    setStored(saved);
    setIsDirty(false);
    return saved;
  };

  const run = async (kind: Exclude<Busy, null>, work: () => Promise<void>): Promise<void> => {
    setBusy(kind);
    try {
      await work();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setBusy(null);
    }
  };

  /**
   * Runs the rule of every field (the domain's, as the submission applies it): answers whether all pass; if not,
   * each refused field shows its message, the first is scrolled to, and the message names what to do.
   */
  const checkFields = async (): Promise<boolean> => {
    try {
      await form.validateFields();
      return true;
    } catch (error) {
      const errorFields = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields;
      if (errorFields === undefined) throw error;
      const first = errorFields[0];
      if (first !== undefined) form.scrollToField(first.name, { block: 'center', focus: true });
      notify.error(MSG.workflowFormInvalid);
      return false;
    }
  };

  const onSave = async (): Promise<void> => {
    if (!(await checkFields())) return;
    await run('save', async () => {
      const isNew = stored === null;
      const saved = await store();
      if (saved !== null && isNew) onCreated?.(saved.id);
    });
  };

  const onSubmit = async (): Promise<void> => {
    if (!(await checkFields())) return;
    const problem = validateActionForm(config, readForm(), 'submit');
    if (problem !== null) {
      notify.error(problem);
      return;
    }
    const missing = config.attachments.find(
      (tag) => tag.requiredMessage !== undefined && (files[tag.tag] ?? []).length === 0,
    );
    if (missing?.requiredMessage !== undefined) {
      notify.error(missing.requiredMessage);
      return;
    }
    await run('submit', async () => {
      const saved = await store();
      if (saved === null) return;
      await submitAction(ref, saved);
      const next = await showAction(ref, saved.id);
      queryClient.setQueryData(actionQuery(ref, saved.id).queryKey, next);
      const task = next.openTask;
      void navigate(
        stepPath(task?.routeName ?? config.routes.EicSre, { id: saved.id, taskId: task?.id }, config.family),
      );
    });
  };

  /** a draft never submitted is discarded, anything else withdrawn */
  const isDiscardable = DISCARDABLE_ACTION_STATUSES.includes(view.status);

  const onTerminate = () =>
    run('terminate', async () => {
      if (stored === null) return;
      await terminateAction(ref, stored);
      setIsDirty(false);
      if (isDiscardable) {
        queryClient.removeQueries({ queryKey: actionQuery(ref, stored.id).queryKey });
        onDiscarded?.();
        return;
      }
      await queryClient.invalidateQueries({ queryKey: actionQuery(ref, stored.id).queryKey });
    });

  const nextTask = view.openTask;

  return (
    <Card
      title={
        <Space>
          {title}
          <Tag>{stored === null ? '未保存' : view.statusLabel}</Tag>
        </Space>
      }
    >
      <ProjectFacts project={view.project} />
      {!isEditable ? (
        <Alert
          type="info"
          showIcon
          style={{ margin: '16px 0' }}
          title={`该申请当前状态为“${view.statusLabel}”，不能修改`}
          action={
            nextTask !== null && nextTask.routeName !== config.routes.Aon ? (
              <Button
                size="small"
                type="primary"
                onClick={() =>
                  void navigate(
                    stepPath(nextTask.routeName, { id: view.id, taskId: nextTask.id }, config.family),
                  )
                }
              >
                前往办理
              </Button>
            ) : null
          }
        />
      ) : null}
      <Form<ActionForm>
        form={form}
        layout="vertical"
        initialValues={view.form}
        disabled={!isEditable || busy !== null}
        onValuesChange={() => {
          setIsDirty(true);
          onFormChange?.(readForm());
        }}
        style={{ marginTop: 16, maxWidth: 760 }}
      >
        <ActionFields config={config} disabled={!isEditable} />
        {config.attachments.map((tag) => (
          <Form.Item key={tag.tag} label={tag.label} required={tag.requiredMessage !== undefined}>
            <FileUpload
              tag={tag.tag}
              dataClass={ACTION_DATA_CLASS}
              {...(stored === null ? { createId } : { dataId: String(stored.id) })}
              value={files[tag.tag] ?? []}
              disabled={!isEditable}
              onChange={(next) => setFiles((current) => ({ ...current, [tag.tag]: next }))}
            />
          </Form.Item>
        ))}
      </Form>
      <Space>
        {isEditable ? (
          <>
            <Button loading={busy === 'save'} disabled={busy !== null} onClick={() => void onSave()}>
              保存
            </Button>
            <Button
              type="primary"
              loading={busy === 'submit'}
              disabled={busy !== null}
              onClick={() => void onSubmit()}
            >
              提交
            </Button>
            {stored === null ? null : (
              <Popconfirm
                title={isDiscardable ? MSG.workflowDiscardConfirm : '确定撤回该申请吗？'}
                okText={MSG.confirmOk}
                cancelText={MSG.cancel}
                onConfirm={() => onTerminate()}
              >
                <Button danger loading={busy === 'terminate'} disabled={busy !== null}>
                  {isDiscardable ? '删除草稿' : '撤回申请'}
                </Button>
              </Popconfirm>
            )}
          </>
        ) : null}
        <CloseButton isDirty={isDirty} />
      </Space>
    </Card>
  );
}
