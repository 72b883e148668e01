// Step 2 of /transferorOpen (signed in, held by gate 1): the company information the exchange reviews, prefilled
// from the application. The credit code and the verified mobile are fixed at registration; the regulator fields
// follow SH-5.10; the business licence is uploaded under the application (dataClass companyOpening, the company
// id). 保存 keeps a draft (only what is filled in is checked); 提交审核 checks everything, as the server does.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space } from 'antd';
import type { FormRule } from 'antd';
import {
  ADDRESS_MAX,
  BUSINESS_LICENSE_MAX_FILES,
  BUSINESS_LICENSE_TAG,
  COMPANY_EDITABLE_FIELDS,
  COMPANY_LABELS,
  COMPANY_NAME_MAX,
  COMPANY_OPENING_DATA_CLASS,
  PERSON_NAME_MAX,
  validateCompanyName,
} from '@cqjy/domain/account-opening';
import type { CompanyApplication, CompanyEditableField } from '@cqjy/domain/account-opening';
import type { AttachmentItem } from '@cqjy/domain/api';
import type { CompanyApplicationInput } from '@cqjy/domain/contracts/accounts';
import { formatMessage } from '@cqjy/domain/format';
import { fillIn, MSG } from '@cqjy/domain/messages';
import { FileUpload, RegulatorFields } from '../../components/index.ts';
import { APPLICATION_QUERY_KEY, saveApplication, submitApplication } from './api.ts';

export type CompanyFormProps = {
  application: CompanyApplication;
  onSubmitted: () => void;
};

type Values = Partial<Record<CompanyEditableField, string | null>> & {
  creditCode?: string | null;
  contactMobile?: string | null;
  businessLicense?: AttachmentItem[];
};

function requiredText(label: string, max: number): FormRule[] {
  return [
    { required: true, whitespace: true, message: fillIn(label) },
    { max, message: formatMessage(MSG.fieldTooLong, { label, max }) },
  ];
}

const nameRule: FormRule = {
  validator: (_rule, value: unknown) => {
    const message = validateCompanyName(value);
    return message === null ? Promise.resolve() : Promise.reject(new Error(message));
  },
};

const licenceRule: FormRule = {
  validator: (_rule, value: AttachmentItem[] | undefined) =>
    (value?.length ?? 0) > 0 ? Promise.resolve() : Promise.reject(new Error(MSG.licenceRequired)),
};

function toValues(application: CompanyApplication): Values {
  return {
    ...Object.fromEntries(COMPANY_EDITABLE_FIELDS.map((field) => [field, application[field] ?? undefined])),
    creditCode: application.creditCode,
    contactMobile: application.contactMobile,
    businessLicense: application.businessLicense,
  };
}

export function CompanyForm({ application, onSubmitted }: CompanyFormProps) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  // The licences already submitted are locked on the server; they stay, and a corrected one is added beside them.
  const [lockedIds] = useState(
    () =>
      new Set(
        application.history.some((entry) => entry.action === 'submit')
          ? application.businessLicense.map((file) => file.uuid)
          : [],
      ),
  );

  const toInput = (values: Values): CompanyApplicationInput => {
    const latest = queryClient.getQueryData<CompanyApplication>(APPLICATION_QUERY_KEY) ?? application;
    const fields = Object.fromEntries(
      COMPANY_EDITABLE_FIELDS.map((field) => [field, values[field] ?? null]),
    ) as Record<CompanyEditableField, string | null>;
    return { ...fields, version: latest.version };
  };

  const run = async (kind: 'save' | 'submit'): Promise<void> => {
    let values: Values;
    try {
      values = kind === 'save' ? await form.validateFields(['name']) : await form.validateFields();
      values = { ...(form.getFieldsValue(true) as Values), ...values };
    } catch {
      return;
    }
    setBusy(kind);
    try {
      const input = toInput(values);
      const next = kind === 'save' ? await saveApplication(input) : await submitApplication(input);
      queryClient.setQueryData(APPLICATION_QUERY_KEY, next);
      if (kind === 'submit') onSubmitted();
    } catch {
      // Refusals were shown by the client; a stale version (409) asks for a refresh in its message.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" initialValues={toValues(application)} aria-label="机构信息">
      {application.examineStatus === 2 && application.examineReason ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="开户申请已被退回"
          description={`退回原因：${application.examineReason}`}
        />
      ) : null}
      <Form.Item name="name" label={COMPANY_LABELS.name} required rules={[nameRule]}>
        <Input maxLength={COMPANY_NAME_MAX} placeholder={fillIn(COMPANY_LABELS.name)} />
      </Form.Item>
      <Form.Item name="creditCode" label={COMPANY_LABELS.creditCode}>
        <Input disabled />
      </Form.Item>
      <Form.Item
        name="legalPerson"
        label={COMPANY_LABELS.legalPerson}
        rules={requiredText(COMPANY_LABELS.legalPerson, PERSON_NAME_MAX)}
      >
        <Input maxLength={PERSON_NAME_MAX} placeholder={fillIn(COMPANY_LABELS.legalPerson)} />
      </Form.Item>
      <Form.Item
        name="address"
        label={COMPANY_LABELS.address}
        rules={requiredText(COMPANY_LABELS.address, ADDRESS_MAX)}
      >
        <Input maxLength={ADDRESS_MAX} placeholder={fillIn(COMPANY_LABELS.address)} />
      </Form.Item>
      <Form.Item
        name="contactName"
        label={COMPANY_LABELS.contactName}
        rules={requiredText(COMPANY_LABELS.contactName, PERSON_NAME_MAX)}
      >
        <Input maxLength={PERSON_NAME_MAX} placeholder={fillIn(COMPANY_LABELS.contactName)} />
      </Form.Item>
      <Form.Item
        name="contactMobile"
        label={COMPANY_LABELS.contactMobile}
        extra="注册时验证的手机号码，不可修改"
      >
        <Input disabled />
      </Form.Item>
      <RegulatorFields />
      <Form.Item
        name="businessLicense"
        label={COMPANY_LABELS.businessLicense}
        required
        rules={[licenceRule]}
        extra="支持 pdf、png、jpg、jpeg 格式"
      >
        <FileUpload
          tag={BUSINESS_LICENSE_TAG}
          dataClass={COMPANY_OPENING_DATA_CLASS}
          dataId={String(application.id)}
          maxCount={BUSINESS_LICENSE_MAX_FILES}
          accept={['pdf', 'png', 'jpg', 'jpeg']}
          isLocked={(item) => lockedIds.has(item.uuid)}
          buttonText="上传营业执照"
        />
      </Form.Item>
      <Space style={{ width: '100%', justifyContent: 'center' }}>
        <Button loading={busy === 'save'} disabled={busy !== null} onClick={() => void run('save')}>
          保存
        </Button>
        <Button
          type="primary"
          loading={busy === 'submit'}
          disabled={busy !== null}
          onClick={() => void run('submit')}
        >
          提交审核
        </Button>
      </Space>
    </Form>
  );
}
