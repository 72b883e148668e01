// 投资方信息录入 (/index/capInvestorAon): the registration of an investor of a disclosing capital increase.
//   ?projectId= (&family=)  a new investor of that project (the owner's 登记投资方 on the project page);
//   ?id=                    the registrant's draft; an investor past its draft is shown read only;
//   neither                 a member coming from 代理意向方 picks the project first, among the capital increases of
//                           both families open to registration.
// The field rules are the domain's checks (checkInvestor field by field, then whole as the server runs it), so the
// form refuses what the server refuses with the same words and sends nothing then. The amount is typed in yuan
// and sent in fen, the share typed as a percentage with four decimals and sent in millionths. A member registers
// for its customer (从客户中选择 copies an earlier one, the number typed again) and represents the investor
// itself; the owner may name the member representing it (代理会员). The qualification files are uploaded under a
// draft id until the first save, which adopts them. 保存 stores the draft; 提交 stores it and sends it to the
// exchange's audit, the required files checked first.
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
import { formatDate, formatMessage, parseYuanToFen, fenToYuan } from '@cqjy/domain/format';
import { IDENTITY } from '@cqjy/domain/identity';
import { fillIn, MSG, pleaseSelect } from '@cqjy/domain/messages';
import {
  checkInvestor,
  checkInvestorAmount,
  checkInvestorCertType,
  checkInvestorName,
  checkInvestorShare,
  INVESTOR_ATTACHMENTS,
  INVESTOR_DATA_CLASS,
  INVESTOR_EDITABLE_STATUSES,
  INVESTOR_FIELD_LABELS as L,
  INVESTOR_NOTE_MAX,
  investorKindOf,
} from '@cqjy/domain/projects/investors';
import type {
  InvestorCustomer,
  InvestorForm,
  InvestorView,
  OpenCapitalIncrease,
} from '@cqjy/domain/projects/investors';
import {
  certTypesOf,
  checkParticipantNote,
  isParticipantCertType,
  PARTICIPANT_NAME_MAX,
} from '@cqjy/domain/projects/participants';
import type { ParticipantCertType } from '@cqjy/domain/projects/participants';
import { formatShare, parseShareText, SHARE_DECIMALS } from '@cqjy/domain/projects/shares';
import { countChars } from '@cqjy/domain/validation/return-reason';
import { dictListQuery } from '../../api/dictionaries.ts';
import { notify } from '../../lib/notify.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { readQueryId } from '../../lib/query-id.ts';
import { useSession } from '../../lib/session-store.ts';
import {
  CertNoField,
  checkRule,
  CloseButton,
  ContactFields,
  FileUpload,
  NumberInput,
  PickDialog,
  RatioInput,
  settleCheck,
} from '../../components/index.ts';
import {
  createInvestor,
  investorFilesQuery,
  investorMembersQuery,
  investorQuery,
  openCapitalIncreasesQuery,
  searchCustomers,
  submitInvestor,
  updateInvestor,
} from './api.ts';
import type { Versioned } from './api.ts';
import { InvestorDetails } from './investor-details.tsx';
import {
  investorEditPath,
  investorShowPath,
  showAmount,
  showShare,
  useRegistrationsHome,
  confirmSubmission,
} from './shared.tsx';

/** The form's values: the amount and the share as typed, everything else as the wire has it. */
type FormValues = {
  investorType?: string;
  name?: string;
  certType?: ParticipantCertType;
  certNo?: string;
  contactName?: string;
  contactMobile?: string;
  amount?: string;
  share?: string;
  memberCompanyId?: number | null;
  note?: string;
};

/** The project the investor is registered for, as far as the page knows it. */
type ProjectFacts = Pick<OpenCapitalIncrease, 'id' | 'name' | 'code' | 'family'> &
  Partial<Omit<OpenCapitalIncrease, 'id' | 'name' | 'code' | 'family'>>;

const isBlank = (value: string | undefined | null): boolean =>
  value === undefined || value === null || value.trim() === '';

/** Yuan as typed -> fen; a text that is no amount becomes NaN, so the domain's check names it. */
function toFen(value: string | undefined): number | undefined {
  if (value === undefined || isBlank(value)) return undefined;
  return parseYuanToFen(value) ?? Number.NaN;
}

/** A percentage as typed -> millionths; a text that is no percentage becomes NaN. */
function toShare(value: string | undefined): number | undefined {
  if (value === undefined || isBlank(value)) return undefined;
  return parseShareText(value) ?? Number.NaN;
}

function toWire(values: FormValues, isMember: boolean): InvestorForm {
  return {
    investorType: values.investorType ?? '',
    name: values.name?.trim() ?? '',
    certType: values.certType as ParticipantCertType,
    // blank on an edit: the server keeps the stored number
    certNo: isBlank(values.certNo) ? undefined : values.certNo?.trim(),
    contactName: values.contactName?.trim() ?? '',
    contactMobile: values.contactMobile?.trim() ?? '',
    amount: toFen(values.amount) as number,
    share: toShare(values.share) as number,
    // a member represents its customers itself: the server sets its company
    ...(isMember ? {} : { memberCompanyId: values.memberCompanyId ?? null }),
    note: values.note?.trim() ?? '',
  };
}

function fromView(view: InvestorView): FormValues {
  return {
    investorType: view.investorType,
    name: view.name,
    certType: isParticipantCertType(view.certType) ? view.certType : undefined,
    certNo: '',
    contactName: view.contactName,
    contactMobile: view.contactMobile,
    amount: fenToYuan(view.amount),
    share: formatShare(view.share),
    memberCompanyId: view.memberCompanyId,
    note: view.note,
  };
}

/** The investor's note under the domain's limit, in the investors' words. */
const checkNote = (value: unknown): string | null =>
  checkParticipantNote(value) === null
    ? null
    : formatMessage(MSG.investorsNoteTooLong, { max: INVESTOR_NOTE_MAX });

function Centered({ children }: { children: React.ReactNode }) {
  return <div style={{ textAlign: 'center', padding: 48 }}>{children}</div>;
}

const useIsMember = (): boolean => useSession((session) => session.identityType === IDENTITY.member);

export function InvestorFormPage() {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const rawProjectId = params.get('projectId');
  const id = readQueryId(rawId);
  const projectId = readQueryId(rawProjectId);
  if (rawId !== null) {
    return id === null ? (
      <Result status="warning" title={MSG.notFound} extra={<CloseButton />} />
    ) : (
      <EditInvestor id={id} />
    );
  }
  if (rawProjectId !== null) {
    return projectId === null ? (
      <Result status="warning" title={MSG.notFound} extra={<CloseButton />} />
    ) : (
      <NewInvestor projectId={projectId} />
    );
  }
  return <PickProjectThenRegister />;
}

/** A new investor of a project named in the address: registered while the project is open to registration. */
function NewInvestor({ projectId }: { projectId: number }) {
  const open = useQuery(openCapitalIncreasesQuery());
  const [createId] = useState(() => crypto.randomUUID());
  if (open.data === undefined) {
    return open.isError ? (
      <Result status="error" title={MSG.notFound} extra={<CloseButton />} />
    ) : (
      <Loading />
    );
  }
  const project = open.data.find((entry) => entry.id === projectId);
  if (project === undefined) {
    return <Result status="warning" title={MSG.investorsRegistrationClosed} extra={<CloseButton />} />;
  }
  return (
    <Card title="投资方信息录入">
      <InvestorEditor project={project} view={null} files={[]} createId={createId} />
    </Card>
  );
}

function projectOption(project: OpenCapitalIncrease) {
  return { value: project.id, label: `${project.name}（${project.code}）` };
}

/** A member's registration from its list: the project is picked first among the open capital increases. */
function PickProjectThenRegister() {
  const open = useQuery(openCapitalIncreasesQuery());
  const [pickedId, setPickedId] = useState<number | null>(null);
  const [createId] = useState(() => crypto.randomUUID());
  const projects = open.data ?? [];
  const picked = projects.find((project) => project.id === pickedId);
  return (
    <Card title="投资方信息录入">
      <Form
        layout="horizontal"
        labelCol={{ flex: '170px' }}
        wrapperCol={{ flex: 1 }}
        style={{ maxWidth: 900 }}
      >
        <Form.Item
          label="增资项目"
          htmlFor="investor-project"
          required
          extra={picked === undefined ? MSG.investorsProjectMissing : undefined}
        >
          <Select<number>
            id="investor-project"
            showSearch={{ optionFilterProp: 'label' }}
            loading={open.isFetching}
            value={pickedId ?? undefined}
            placeholder={pleaseSelect('增资项目')}
            notFoundContent={open.isFetching ? <Spin size="small" /> : MSG.investorsNoOpenProject}
            options={projects.map(projectOption)}
            optionRender={(option) => {
              const project = projects.find((entry) => entry.id === option.value);
              if (project === undefined) return option.label;
              return (
                <Space orientation="vertical" size={0}>
                  <Typography.Text>{option.label}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {project.companyName}；拟募集{raiseRange(project)}；披露截止
                    {project.disclosureEnd === null ? '—' : formatDate(project.disclosureEnd)}
                  </Typography.Text>
                </Space>
              );
            }}
            onChange={(value) => setPickedId(value)}
          />
        </Form.Item>
      </Form>
      {picked === undefined ? null : (
        <InvestorEditor key={picked.id} project={picked} view={null} files={[]} createId={createId} />
      )}
    </Card>
  );
}

/** The registrant's draft: edited while a draft, read only after. */
function EditInvestor({ id }: { id: number }) {
  const view = useQuery(investorQuery(id));
  const files = useQuery(investorFilesQuery(id));
  const open = useQuery(openCapitalIncreasesQuery());
  const companyId = useSession((session) => session.userInfo?.companyId);
  const isExchange = useSession((session) => session.identityType === IDENTITY.admin);
  // The editor starts from the server's current version, never from an earlier visit's cached copy.
  if (view.isError || files.isError)
    return <Result status="warning" title={MSG.notFound} extra={<CloseButton />} />;
  if (view.data === undefined || files.data === undefined || !view.isFetchedAfterMount || open.isPending) {
    return <Loading />;
  }
  const investor = view.data;
  const isEditable =
    investor.registrantCompanyId === companyId && INVESTOR_EDITABLE_STATUSES.includes(investor.status);
  if (!isEditable) {
    return (
      <Card title="投资方信息录入" extra={<CloseButton />}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={formatMessage(MSG.investorsReadOnly, { status: investor.statusLabel })}
        />
        <InvestorDetails
          investor={investor}
          files={files.data}
          canOpenProject={isExchange || !(investor.registrantCompanyId === companyId && investor.isByMember)}
        />
      </Card>
    );
  }
  const listed = open.data?.find((entry) => entry.id === investor.projectId);
  const project: ProjectFacts = listed ?? {
    id: investor.projectId,
    name: investor.projectName,
    code: investor.projectCode,
    family: investor.family,
  };
  return (
    <Card title="投资方信息录入">
      {listed === undefined ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={MSG.investorsRegistrationClosed} />
      ) : null}
      <InvestorEditor
        key={`${investor.id}-${investor.version}`}
        project={project}
        view={investor}
        files={files.data}
      />
    </Card>
  );
}

function Loading() {
  return (
    <Centered>
      <Spin />
    </Centered>
  );
}

function raiseRange(project: Pick<OpenCapitalIncrease, 'raiseMin' | 'raiseMax'>): string {
  const min =
    project.raiseMin === null || project.raiseMin === undefined ? '—' : `${showAmount(project.raiseMin)}元`;
  const max =
    project.raiseMax === null || project.raiseMax === undefined
      ? '不设上限'
      : `${showAmount(project.raiseMax)}元`;
  return `${min}至${max}`;
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
      <Descriptions.Item label="增资项目" span={2}>
        {project.name}（{project.code}）
      </Descriptions.Item>
      {project.companyName === undefined ? null : (
        <Descriptions.Item label="融资方">{project.companyName}</Descriptions.Item>
      )}
      {project.disclosureEnd === undefined ? null : (
        <Descriptions.Item label="披露截止日">
          {project.disclosureEnd === null ? '—' : formatDate(project.disclosureEnd)}
        </Descriptions.Item>
      )}
      {project.raiseMin === undefined ? null : (
        <Descriptions.Item label="拟募集资金金额">
          {raiseRange({ raiseMin: project.raiseMin, raiseMax: project.raiseMax ?? null })}
        </Descriptions.Item>
      )}
      {project.offeredShare === undefined ? null : (
        <Descriptions.Item label="拟新增股权比例">
          {project.offeredShare === null ? '—' : `${showShare(project.offeredShare)}%`}
        </Descriptions.Item>
      )}
      {project.investorCount === undefined ? null : (
        <Descriptions.Item label="拟征集投资方数量">
          {project.investorCount === null ? '不限' : `${project.investorCount}名`}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

type EditorProps = {
  project: ProjectFacts;
  /** the draft edited, or null for a new investor */
  view: InvestorView | null;
  files: readonly AttachmentItem[];
  /** a new investor's draft id, under which its files are uploaded until the first save */
  createId?: string;
};

type Busy = 'save' | 'submit' | null;

function groupByTag(files: readonly AttachmentItem[]): Record<string, AttachmentItem[]> {
  const byTag: Record<string, AttachmentItem[]> = {};
  for (const file of files) (byTag[file.tag] ??= []).push(file);
  return byTag;
}

function InvestorEditor({ project, view, files: initialFiles, createId }: EditorProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isMember = useIsMember();
  const home = useRegistrationsHome();
  const [form] = Form.useForm<FormValues>();
  const types = useQuery(dictListQuery('investorType'));
  const members = useQuery({ ...investorMembersQuery(), enabled: !isMember });
  const [files, setFiles] = useState<Record<string, AttachmentItem[]>>(() => groupByTag(initialFiles));
  /** the investor as last stored; null until a new one's first save */
  const [stored, setStored] = useState<Versioned | null>(
    view === null ? null : { id: view.id, version: view.version },
  );
  const { busy, run } = useBusy<NonNullable<Busy>>();
  const [isDirty, setIsDirty] = useState(false);
  const [isPickingCustomer, setIsPickingCustomer] = useState(false);
  /** the masked number of the customer copied, for the hint to type it again */
  const [customerCertNo, setCustomerCertNo] = useState<string | null>(null);
  const investorType = Form.useWatch('investorType', form);
  const kind = investorKindOf(investorType ?? '');
  const typeKeys = (types.data ?? []).map((entry) => entry.key);
  const offeredShare = project.offeredShare ?? undefined;
  const storedCert =
    view === null ? undefined : { kind: view.kind, certType: view.certType as ParticipantCertType };

  /** on an edit, a blank number is kept while the kind and the type of certificate are the stored ones */
  const keepsCertNo = (values: FormValues): boolean =>
    storedCert !== undefined &&
    isBlank(values.certNo) &&
    investorKindOf(values.investorType ?? '') === storedCert.kind &&
    values.certType === storedCert.certType;

  /** The checked investor to send, or null when a field (or the whole check) refuses it. */
  const readChecked = async (): Promise<InvestorForm | null> => {
    try {
      await form.validateFields();
    } catch {
      return null; // the fields show their messages
    }
    const investor = toWire(form.getFieldsValue(true) as FormValues, isMember);
    // the whole check once more, as the server runs it (the field rules ran field by field)
    const problem = checkInvestor(investor, {
      investorTypes: typeKeys,
      offeredShare,
      stored: storedCert,
    }).message;
    if (problem !== null) {
      notify.error(problem);
      return null;
    }
    return investor;
  };

  /** Stores the investor (creating it first if new); where it stands. Quiet before a submit, which tells. */
  const store = async (investor: InvestorForm, isQuiet = false): Promise<Versioned> => {
    const saved =
      stored === null
        ? await createInvestor(project.id, investor, createId, isQuiet)
        : await updateInvestor(stored.id, stored.version, investor, isQuiet);
    setStored(saved);
    setIsDirty(false);
    void queryClient.invalidateQueries({ queryKey: ['investors'] });
    return saved;
  };

  const onSave = async (): Promise<void> => {
    const investor = await readChecked();
    if (investor === null) return;
    await run('save', async () => {
      const isNew = stored === null;
      const saved = await store(investor);
      // a new draft moves to its own address, where it is edited from now on
      if (isNew) void navigate(investorEditPath(saved.id), { replace: true });
    });
  };

  const onSubmit = async (): Promise<void> => {
    const investor = await readChecked();
    if (investor === null) return;
    if (!(await confirmSubmission(files))) return;
    await run('submit', async () => {
      const saved = await store(investor, true);
      await submitInvestor(saved);
      // the lists read again in the background: the submitted registration's page does not wait for them
      void queryClient.invalidateQueries({ queryKey: ['investors'] });
      void navigate(investorShowPath(saved.id, home?.isAgentView === true), { replace: true });
    });
  };

  const onCustomerPicked = (customer: InvestorCustomer): void => {
    // an organisation's credit code comes whole and is copied; a person's comes masked and is typed again
    const isMasked = customer.certNo.includes('*');
    form.setFieldsValue({
      investorType: customer.investorType,
      name: customer.name,
      certType: isParticipantCertType(customer.certType) ? customer.certType : undefined,
      certNo: isMasked ? '' : customer.certNo,
      contactName: customer.contactName,
      contactMobile: customer.contactMobile,
    });
    setCustomerCertNo(isMasked ? customer.certNo : null);
    setIsDirty(true);
    setIsPickingCustomer(false);
  };

  const certNoHint =
    view !== null
      ? formatMessage(MSG.participantCertNoKept, { certNo: view.certNo })
      : customerCertNo !== null
        ? formatMessage(MSG.investorsCustomerCertNoAgain, { certNo: customerCertNo })
        : undefined;

  return (
    <>
      <ProjectBrief project={project} />
      {isMember ? (
        <div style={{ marginBottom: 16 }}>
          <Button onClick={() => setIsPickingCustomer(true)}>从客户中选择</Button>
        </div>
      ) : null}
      <Form<FormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '170px' }}
        wrapperCol={{ flex: 1 }}
        style={{ maxWidth: 900 }}
        disabled={busy !== null}
        initialValues={view === null ? { memberCompanyId: null } : fromView(view)}
        onValuesChange={(changed: FormValues, all: FormValues) => {
          setIsDirty(true);
          // a type of investor has its own certificates: switch to its first and ask for the number again
          if (changed.investorType !== undefined) {
            const next = investorKindOf(changed.investorType);
            const current =
              all.certType === undefined ? undefined : certTypesOf(next).find((c) => c.code === all.certType);
            if (current === undefined)
              form.setFieldsValue({ certType: certTypesOf(next)[0]?.code, certNo: '' });
          }
        }}
      >
        <Form.Item
          name="investorType"
          label={L.investorType}
          required
          rules={[
            checkRule((value) =>
              typeof value === 'string' && typeKeys.includes(value) ? null : pleaseSelect(L.investorType),
            ),
          ]}
        >
          <Select
            loading={types.isFetching}
            options={(types.data ?? []).map((entry) => ({ value: entry.key, label: entry.label }))}
            placeholder={pleaseSelect(L.investorType)}
            style={{ maxWidth: 360 }}
          />
        </Form.Item>
        <Form.Item name="name" label={L.name} required rules={[checkRule(checkInvestorName)]}>
          <Input maxLength={PARTICIPANT_NAME_MAX} placeholder={fillIn(L.name)} />
        </Form.Item>
        <Form.Item
          name="certType"
          label={L.certType}
          required
          dependencies={['investorType']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: unknown) =>
                settleCheck(
                  checkInvestorCertType(investorKindOf(String(getFieldValue('investorType') ?? '')), value),
                ),
            }),
          ]}
        >
          <Select
            options={certTypesOf(kind).map((c) => ({ value: c.code, label: c.label }))}
            placeholder={pleaseSelect(L.certType)}
            style={{ maxWidth: 360 }}
          />
        </Form.Item>
        <CertNoField
          dependencies={['investorType', 'certType']}
          isRequired={view === null}
          extra={certNoHint}
          keepsCertNo={keepsCertNo}
          maxWidth={360}
        />
        <ContactFields maxWidth={360} />
        <Form.Item
          name="amount"
          label={L.amount}
          required
          rules={[checkRule((value) => checkInvestorAmount(toFen(value as string | undefined)))]}
        >
          <NumberInput placeholder={fillIn('拟投资金额')} style={{ maxWidth: 360 }} />
        </Form.Item>
        <Form.Item
          name="share"
          label={L.share}
          required
          extra={
            offeredShare === undefined || offeredShare === null
              ? undefined
              : `本次拟新增股权比例${formatShare(offeredShare)}%`
          }
          rules={[
            checkRule((value) =>
              checkInvestorShare(toShare(value as string | undefined), offeredShare ?? undefined),
            ),
          ]}
        >
          <RatioInput
            decimals={SHARE_DECIMALS}
            suffix="%"
            placeholder={fillIn('拟认购股权比例')}
            style={{ maxWidth: 200 }}
          />
        </Form.Item>
        {isMember ? null : (
          <Form.Item
            name="memberCompanyId"
            label={L.memberCompanyId}
            extra="由会员代理的投资方请选择代理会员"
          >
            <Select<number | null>
              allowClear
              loading={members.isFetching}
              showSearch={{ optionFilterProp: 'label' }}
              options={(members.data ?? []).map((member) => ({ value: member.id, label: member.name }))}
              placeholder="无代理会员可不选"
              style={{ maxWidth: 360 }}
              onClear={() => form.setFieldsValue({ memberCompanyId: null })}
            />
          </Form.Item>
        )}
        <Form.Item name="note" label={L.note} rules={[checkRule(checkNote)]}>
          <Input.TextArea rows={3} count={{ show: true, max: INVESTOR_NOTE_MAX, strategy: countChars }} />
        </Form.Item>
        {INVESTOR_ATTACHMENTS.map((slot) => (
          <Form.Item key={slot.tag} label={slot.label} required={slot.requiredMessage !== undefined}>
            <FileUpload
              tag={slot.tag}
              dataClass={INVESTOR_DATA_CLASS}
              {...(stored === null ? { createId } : { dataId: String(stored.id) })}
              value={files[slot.tag] ?? []}
              onChange={(next) => setFiles((current) => ({ ...current, [slot.tag]: next }))}
            />
          </Form.Item>
        ))}
        <Form.Item label=" " colon={false}>
          <Space>
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
            <CloseButton isDirty={isDirty} />
          </Space>
        </Form.Item>
      </Form>
      {isPickingCustomer ? (
        <CustomerPicker onPick={onCustomerPicked} onClose={() => setIsPickingCustomer(false)} />
      ) : null}
    </>
  );
}

/** 从客户中选择: the caller's customers and earlier investors, found by a keyword; one pick fills the form. */
function CustomerPicker({
  onPick,
  onClose,
}: {
  onPick: (customer: InvestorCustomer) => void;
  onClose: () => void;
}) {
  return (
    <PickDialog<InvestorCustomer>
      title="从客户中选择"
      placeholder="投资方名称"
      emptyText={MSG.investorsCustomersEmpty}
      queryKey={['investors', 'customers']}
      search={searchCustomers}
      rowKey="key"
      onPick={onPick}
      onClose={onClose}
      columns={[
        { key: 'name', title: L.name, dataIndex: 'name' },
        { key: 'type', title: L.investorType, dataIndex: 'investorTypeLabel', width: 100 },
        { key: 'certNo', title: L.certNo, dataIndex: 'certNo', width: 170 },
        { key: 'contact', title: L.contactName, dataIndex: 'contactName', width: 90 },
      ]}
    />
  );
}
