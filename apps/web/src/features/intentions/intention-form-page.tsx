// 代理意向登记 (/index/addIntention): the member registers a buyer it represents on a disclosing project.
//   neither     a new registration: the project is picked among the projects open to registrations (typing asks
//               the server), and its listing price, deposit and deadline are shown once picked;
//   ?projectId= the same with that project picked (a project page's 代理意向登记);
//   ?id=        the member's draft or returned registration; a returned one shows the exchange's reason on top.
// The buyer's fields are checked with the domain's rules field by field, then whole with checkIntention as the server
// runs it, so the form refuses what the server refuses with the same words and sends nothing then. The offer is
// typed in yuan and sent in fen. 从客户中选择 copies one of the company's customers. The qualification files are
// uploaded under a draft id until the first save, which adopts them. 保存 stores the draft and stays on its form;
// 生成登记函 stores it, draws the letter and opens the registration's view, where the letter is e-signed.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Result,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { fenToYuan, formatDate, formatMessage, parseYuanToFen } from '@cqjy/domain/format';
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
import type { ParticipantCertType, ParticipantKind } from '@cqjy/domain/projects/participants';
import type { RegistryCustomer } from '@cqjy/domain/registries/customers';
import { countChars } from '@cqjy/domain/validation/return-reason';
import { familyLabel } from '@cqjy/domain/workflow/families';
import { notify } from '../../lib/notify.ts';
import { readQueryId } from '../../lib/query-id.ts';
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
import {
  drawIntentionLetter,
  intentionQuery,
  openProjectsQuery,
  saveIntention,
  updateIntention,
} from './api.ts';
import type { IntentionBody, Versioned } from './api.ts';
import { INTENTION_LIST_PATH, intentionEditPath, intentionViewPath, isEditable, showFen } from './shared.tsx';

/** The form's values: the offer as typed in yuan, everything else as the wire has it. */
type FormValues = {
  projectId?: number;
  kind?: ParticipantKind;
  name?: string;
  certType?: ParticipantCertType;
  certNo?: string;
  contactName?: string;
  contactMobile?: string;
  amount?: string;
  note?: string;
};

/** The project as far as the page knows it: a registration being edited carries no listing price. */
type ProjectFacts = Pick<OpenProject, 'id' | 'name' | 'code' | 'family'> & Partial<OpenProject>;

const AMOUNT_LABEL = '拟受让价格（元）';
const NEW_VALUES: FormValues = { kind: 'person', certType: 'idCard' };
/** The codes of the company's customer registries (企业客户, 自然人客户): the picker's call needs either. */
const CUSTOMER_CODES = ['GJS_CUSTOMER_LT', 'GJS_PERSON_LT'];

const isBlank = (value: string | undefined | null): boolean =>
  value === undefined || value === null || value.trim() === '';

/** Yuan as typed -> fen; a text that is no amount becomes NaN, so the domain's check names it. */
function toFen(value: string | undefined): number | null {
  if (isBlank(value)) return null;
  return parseYuanToFen(value ?? '') ?? Number.NaN;
}

/** The offer's rule as checkIntention has it: none, or whole fen above zero. */
const checkAmount = (fen: number | null): string | null =>
  fen === null || (Number.isSafeInteger(fen) && fen > 0) ? null : MSG.intentionAmountInvalid;

function toBody(values: FormValues, customerId: number | null): IntentionBody {
  return {
    customerId,
    kind: values.kind ?? '',
    name: values.name?.trim() ?? '',
    certType: values.certType ?? '',
    // blank on an edit: the server keeps the stored number
    certNo: isBlank(values.certNo) ? undefined : values.certNo?.trim(),
    contactName: values.contactName?.trim() ?? '',
    contactMobile: values.contactMobile?.trim() ?? '',
    amount: toFen(values.amount),
    note: values.note?.trim() ?? '',
  };
}

function fromView(view: IntentionDetail): FormValues {
  return {
    projectId: view.projectId,
    kind: view.kind,
    name: view.name,
    certType: view.certType,
    // a person's number comes masked: left blank, the stored one is kept
    certNo: '',
    contactName: view.contactName,
    contactMobile: view.contactMobile,
    amount: view.amount === null ? undefined : fenToYuan(view.amount),
    note: view.note,
  };
}

/** The registry row a customer's key names (customer-12 -> 12), kept on the registration for the member's records. */
function customerIdOf(customer: RegistryCustomer): number | null {
  const match = /-(\d+)$/.exec(customer.key);
  return match === null ? null : Number(match[1]);
}

const dateOf = (value: string | null | undefined): string =>
  value === null || value === undefined || value === '' ? '—' : formatDate(value);

function Loading() {
  return (
    <div style={{ textAlign: 'center', padding: 48 }}>
      <Spin />
    </div>
  );
}

export function IntentionFormPage() {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  if (rawId !== null) {
    const id = readQueryId(rawId);
    return id === null ? (
      <Result status="warning" title={MSG.notFound} extra={<CloseButton />} />
    ) : (
      <EditIntention key={id} id={id} />
    );
  }
  const projectId = readQueryId(params.get('projectId'));
  return <NewIntention key={projectId ?? 0} projectId={projectId} />;
}

/** A new registration, on the project named in the address when there is one and it is still open. */
function NewIntention({ projectId }: { projectId: number | null }) {
  const open = useQuery({ ...openProjectsQuery(''), enabled: projectId !== null });
  const [createId] = useState(() => crypto.randomUUID());
  if (projectId !== null && open.isPending) return <Loading />;
  const named = projectId === null ? null : (open.data?.find((project) => project.id === projectId) ?? null);
  return (
    <Card title="代理意向登记">
      {projectId !== null && named === null ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={MSG.intentionProjectClosed} />
      ) : null}
      <IntentionEditor view={null} initialProject={named} createId={createId} />
    </Card>
  );
}

/** The member's registration: edited while a draft or returned, else pointed to its view. */
function EditIntention({ id }: { id: number }) {
  const navigate = useNavigate();
  const view = useQuery(intentionQuery(id));
  // The editor starts from the server's current version, never from an earlier visit's cached copy.
  if (view.isError) return <Result status="warning" title={MSG.notFound} extra={<CloseButton />} />;
  if (view.data === undefined || !view.isFetchedAfterMount) return <Loading />;
  const intention = view.data;
  if (!isEditable(intention.status)) {
    return (
      <Result
        status="info"
        title={formatMessage(MSG.intentionReadOnly, { status: intention.statusLabel })}
        extra={
          <Space>
            <Button
              type="primary"
              onClick={() =>
                void navigate(intentionViewPath(intention.family, intention.id), { replace: true })
              }
            >
              查看
            </Button>
            <CloseButton to={INTENTION_LIST_PATH} />
          </Space>
        }
      />
    );
  }
  return (
    <Card title="代理意向登记">
      {intention.status === 'returned' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={formatMessage(MSG.intentionReturnedAlert, {
            reason: intention.reviewReason === '' ? '—' : intention.reviewReason,
          })}
        />
      ) : null}
      <IntentionEditor view={intention} initialProject={null} />
    </Card>
  );
}

function projectLabel(project: Pick<OpenProject, 'name' | 'code'>): string {
  return `${project.name}（${project.code}）`;
}

/** The projects open to registrations: typing asks the server for the ones that match. */
function ProjectPicker({
  id,
  value,
  onChange,
  current,
  onProject,
}: {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  current: OpenProject | null;
  onProject: (project: OpenProject | null) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const projects = useQuery(openProjectsQuery(keyword));
  const found = projects.data ?? [];
  const all = current !== null && !found.some((p) => p.id === current.id) ? [current, ...found] : found;
  return (
    <Select<number>
      id={id}
      aria-label="意向项目"
      value={value}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={projects.isFetching}
      placeholder="输入项目名称或编号查找"
      notFoundContent={projects.isFetching ? <Spin size="small" /> : MSG.intentionNoOpenProject}
      options={all.map((project) => ({
        value: project.id,
        label: projectLabel(project),
        title: project.name,
      }))}
      optionRender={(option) => {
        const project = all.find((entry) => entry.id === option.value);
        if (project === undefined) return option.label;
        return (
          <Space orientation="vertical" size={0}>
            <Typography.Text>{option.label}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {project.familyLabel}；挂牌价{showFen(project.listingPrice)}；披露截止
              {dateOf(project.disclosureEnd)}
            </Typography.Text>
          </Space>
        );
      }}
      onChange={(picked) => {
        onChange?.(picked);
        onProject(all.find((project) => project.id === picked) ?? null);
      }}
      style={{ maxWidth: 560 }}
    />
  );
}

function ProjectBrief({ project }: { project: ProjectFacts }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      style={{ marginBottom: 24 }}
      styles={{ label: { width: 170 } }}
    >
      <Descriptions.Item label="意向项目" span={2}>
        {projectLabel(project)}
      </Descriptions.Item>
      <Descriptions.Item label="项目类型">
        {project.familyLabel ?? familyLabel(project.family)}
      </Descriptions.Item>
      {project.listingPrice === undefined ? null : (
        <Descriptions.Item label="挂牌价格">{showFen(project.listingPrice)}</Descriptions.Item>
      )}
      <Descriptions.Item label="交易保证金">
        {project.depositAmount === undefined || project.depositAmount === null
          ? '无需交纳'
          : showFen(project.depositAmount)}
      </Descriptions.Item>
      <Descriptions.Item label="保证金交纳截止日期">{dateOf(project.depositDeadline)}</Descriptions.Item>
      {project.disclosureEnd === undefined ? null : (
        <Descriptions.Item label="披露截止日">{dateOf(project.disclosureEnd)}</Descriptions.Item>
      )}
    </Descriptions>
  );
}

type EditorProps = {
  /** the registration edited, or null for a new one */
  view: IntentionDetail | null;
  /** a new registration's project named in the address */
  initialProject: OpenProject | null;
  /** a new registration's draft id, under which its files are uploaded until the first save */
  createId?: string;
};

function IntentionEditor({ view, initialProject, createId }: EditorProps) {
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
