// The investor's form (the page around it: investor-form-page.tsx). The field rules are the domain's checks
// (checkInvestor field by field, then whole as the server runs it), so the form refuses what the server refuses
// with the same words and sends nothing then. 保存 stores the draft; 提交 stores it and sends it to the exchange's
// audit, the required files checked first. A member may copy one of its customers (从客户中选择).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Form, Input, Select, Space } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatMessage } from '@cqjy/domain/format';
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
  INVESTOR_FIELD_LABELS as L,
  INVESTOR_NOTE_MAX,
  investorKindOf,
} from '@cqjy/domain/projects/investors';
import type { InvestorCustomer, InvestorForm, InvestorView } from '@cqjy/domain/projects/investors';
import { certTypesOf, isParticipantCertType, PARTICIPANT_NAME_MAX } from '@cqjy/domain/projects/participants';
import type { ParticipantCertType } from '@cqjy/domain/projects/participants';
import { formatShare, SHARE_DECIMALS } from '@cqjy/domain/projects/shares';
import { countChars } from '@cqjy/domain/validation/return-reason';
import { dictListQuery } from '../../api/dictionaries.ts';
import { notify } from '../../lib/notify.ts';
import { useBusy } from '../../lib/use-busy.ts';
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
  investorMembersQuery,
  searchCustomers,
  submitInvestor,
  updateInvestor,
} from './api.ts';
import type { Versioned } from './api.ts';
import {
  checkNote,
  fromView,
  isBlank,
  toFen,
  toShare,
  toWire,
  type FormValues,
  type ProjectFacts,
} from './investor-form-values.ts';
import { ProjectBrief } from './investor-project-picker.tsx';
import { confirmSubmission, investorEditPath, investorShowPath, useRegistrationsHome } from './shared.tsx';

const useIsMember = (): boolean => useSession((session) => session.identityType === IDENTITY.member);

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

export function InvestorEditor({ project, view, files: initialFiles, createId }: EditorProps) {
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
