// The registration's form (the page around it: intention-form-page.tsx). The buyer's fields are checked with the
// domain's rules field by field, then whole with checkIntention as the server runs it.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Form, Input, Space } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import {
  checkIntention,
  INTENTION_DATA_CLASS,
  INTENTION_FILE_TAG,
  INTENTION_NOTE_MAX,
} from '@cqjy/domain/intentions';
import type { IntentionDetail, OpenProject } from '@cqjy/domain/intentions';
import { fillIn, MSG } from '@cqjy/domain/messages';
import {
  certTypesOf,
  checkParticipantName,
  checkParticipantNote,
  PARTICIPANT_FIELD_LABELS as L,
  PARTICIPANT_NAME_MAX,
} from '@cqjy/domain/projects/participants';
import { countChars } from '@cqjy/domain/validation/return-reason';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session-store.ts';
import { useBusy } from '../../lib/use-busy.ts';
import {
  CertNoField,
  CertTypeField,
  KindField,
  certNoKeptHint,
  checkRule,
  CloseButton,
  ContactFields,
  FileUpload,
  NumberInput,
  CustomerPickDialog,
  partyOfCustomer,
} from '../../components/index.ts';
import { drawIntentionLetter, openProjectsQuery, saveIntention, updateIntention } from './api.ts';
import type { IntentionBody, Versioned } from './api.ts';
import {
  AMOUNT_LABEL,
  checkAmount,
  CUSTOMER_CODES,
  customerIdOf,
  fromView,
  isBlank,
  NEW_VALUES,
  toBody,
  toFen,
  type FormValues,
  type ProjectFacts,
} from './intention-form-values.ts';
import { ProjectBrief, ProjectPicker } from './intention-project-picker.tsx';
import { INTENTION_LIST_PATH, intentionEditPath, intentionViewPath } from './shared.tsx';

type EditorProps = {
  /** the registration edited, or null for a new one */
  view: IntentionDetail | null;
  /** a new registration's project named in the address */
  initialProject: OpenProject | null;
  /** a new registration's draft id, under which its files are uploaded until the first save */
  createId?: string;
};

/**
 * The form of a registration, new or edited: checked field by field and whole before anything is sent; 保存 stores
 * it, 生成登记函 stores it and draws its letter.
 */
export function IntentionEditor({ view, initialProject, createId }: EditorProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const { busy, run } = useBusy<'save' | 'letter'>();
  const [isDirty, setIsDirty] = useState(false);
  const [isPicking, setIsPicking] = useState(false);
  const [project, setProject] = useState<OpenProject | null>(initialProject);
  const [customerId, setCustomerId] = useState<number | null>(view?.customerId ?? null);
  const [files, setFiles] = useState<AttachmentItem[]>(view?.files ?? []);
  // the company's customers, where it keeps them
  const canPick = useSession((session) =>
    CUSTOMER_CODES.some((code) => session.userInfo?.permission.includes(code) === true),
  );
  // an edit's project is fixed; its listing price comes from the open projects while it is still open
  const openNow = useQuery({ ...openProjectsQuery(''), enabled: view !== null });
  const kind = Form.useWatch('kind', form);
  const stored = view === null ? undefined : { kind: view.kind, certType: view.certType };

  const facts: ProjectFacts | null =
    view === null
      ? project
      : {
          ...(openNow.data?.find((entry) => entry.id === view.projectId) ?? {}),
          id: view.projectId,
          name: view.projectName,
          code: view.projectCode,
          family: view.family,
          // what the letter was drawn with stays, once there is one
          ...(view.letterId === null
            ? {}
            : { depositAmount: view.depositAmount, depositDeadline: view.depositDeadline }),
        };

  /** on an edit, a blank number is kept while kind and type are the stored ones */
  const keepsCertNo = (values: FormValues): boolean =>
    stored !== undefined &&
    isBlank(values.certNo) &&
    values.kind === stored.kind &&
    values.certType === stored.certType;

  /** The checked registration to send, or null when a field (or the whole check) refuses it. */
  const readChecked = async (): Promise<(IntentionBody & { projectId: number }) | null> => {
    try {
      await form.validateFields();
    } catch {
      return null; // the fields show their messages
    }
    const values = form.getFieldsValue(true) as FormValues;
    const body = toBody(values, customerId);
    // the whole check once more, as the server runs it (the field rules ran field by field)
    const problem = checkIntention(body, { stored }).message;
    if (problem !== null) {
      notify.error(problem);
      return null;
    }
    return { ...body, projectId: view?.projectId ?? values.projectId ?? 0 };
  };

  /** Stores the registration (creating it first if new); where it stands. Quiet before the letter, which tells. */
  const store = async (body: IntentionBody & { projectId: number }, isQuiet = false): Promise<Versioned> => {
    if (view === null) return saveIntention({ ...body, createId: createId ?? '' }, isQuiet);
    const { projectId: _projectId, ...changes } = body;
    return updateIntention(view, changes, isQuiet);
  };

  const onSave = async (): Promise<void> => {
    const body = await readChecked();
    if (body === null) return;
    await run('save', async () => {
      const saved = await store(body);
      setIsDirty(false);
      await queryClient.invalidateQueries({ queryKey: ['intentions'] });
      // the form stays, on the draft's own address: it loads the saved version with its files
      if (view === null) void navigate(intentionEditPath(saved.id), { replace: true });
    });
  };

  const onDrawLetter = async (): Promise<void> => {
    const body = await readChecked();
    if (body === null) return;
    const family = view?.family ?? project?.family ?? '';
    await run('letter', async () => {
      const saved = await store(body, true);
      setIsDirty(false);
      await drawIntentionLetter(saved);
      // the lists read again in the background: the page moved to does not wait for them
      void queryClient.invalidateQueries({ queryKey: ['intentions'] });
      void navigate(intentionViewPath(family, saved.id), { replace: true });
    });
  };

  return (
    <>
      {facts === null ? null : <ProjectBrief project={facts} />}
      <Form<FormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '170px' }}
        wrapperCol={{ flex: 1 }}
        style={{ maxWidth: 900 }}
        disabled={busy !== null}
        initialValues={view === null ? { ...NEW_VALUES, projectId: initialProject?.id } : fromView(view)}
        onValuesChange={(changed: FormValues) => {
          setIsDirty(true);
          // a kind has its own certificates: switch to its first and ask for the number again
          if (changed.kind !== undefined) {
            form.setFieldsValue({ certType: certTypesOf(changed.kind)[0]?.code, certNo: '' });
          }
        }}
      >
        {view === null ? (
          <Form.Item
            name="projectId"
            label="意向项目"
            required
            rules={[{ required: true, message: MSG.intentionProjectNotFound }]}
          >
            <ProjectPicker current={project} onProject={setProject} />
          </Form.Item>
        ) : null}
        {canPick ? (
          <Form.Item label=" " colon={false}>
            <Button onClick={() => setIsPicking(true)}>从客户中选择</Button>
          </Form.Item>
        ) : null}
        <KindField />
        <Form.Item name="name" label={L.name} required rules={[checkRule(checkParticipantName)]}>
          <Input maxLength={PARTICIPANT_NAME_MAX} placeholder={fillIn(L.name)} />
        </Form.Item>
        <CertTypeField kind={kind} maxWidth={360} />
        <CertNoField
          dependencies={['kind', 'certType']}
          isRequired={view === null}
          extra={view === null ? undefined : certNoKeptHint(view.certNo)}
          keepsCertNo={keepsCertNo}
          maxWidth={360}
        />
        <ContactFields maxWidth={360} />
        <Form.Item
          name="amount"
          label={AMOUNT_LABEL}
          rules={[checkRule((value) => checkAmount(toFen(value as string | undefined)))]}
        >
          <NumberInput placeholder="没有可不填" style={{ maxWidth: 360 }} />
        </Form.Item>
        <Form.Item name="note" label={L.note} rules={[checkRule(checkParticipantNote)]}>
          <Input.TextArea
            rows={3}
            // the server counts characters as the reader does (code points), so the counter does too
            count={{ show: true, max: INTENTION_NOTE_MAX, strategy: countChars }}
          />
        </Form.Item>
        <Form.Item label="资格证明文件" extra={MSG.intentionFilesHint}>
          <FileUpload
            tag={INTENTION_FILE_TAG}
            dataClass={INTENTION_DATA_CLASS}
            {...(view === null ? { createId } : { dataId: String(view.id) })}
            value={files}
            onChange={setFiles}
          />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            {/* exact names: the two-character label is not spaced out, so it reads as the action's name */}
            <Button
              autoInsertSpace={false}
              loading={busy === 'save'}
              disabled={busy !== null}
              onClick={() => void onSave()}
            >
              保存
            </Button>
            <Button
              type="primary"
              loading={busy === 'letter'}
              disabled={busy !== null}
              onClick={() => void onDrawLetter()}
            >
              生成登记函
            </Button>
            <CloseButton isDirty={isDirty} to={INTENTION_LIST_PATH} />
          </Space>
        </Form.Item>
      </Form>
      {isPicking ? (
        <CustomerPickDialog
          onPick={(customer) => {
            form.setFieldsValue(partyOfCustomer(customer));
            setCustomerId(customerIdOf(customer));
            setIsDirty(true);
            setIsPicking(false);
          }}
          onClose={() => setIsPicking(false)}
        />
      ) : null}
    </>
  );
}
