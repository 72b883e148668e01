// The fields the forms of a party share (a project's prospective buyer, a capital increase's investor, a member's
// intention registration), checked by the domain's participant rules: the certificate number, kept as stored when
// an edit leaves it blank (the form only ever shows it masked), the contact and the mobile; a domain check as an
// antd rule; and 从客户中选择, the company's registered customers picked into a buyer's form. Each form keeps its own
// name, kind and certificate type (an investor's kind follows its type).
import type { ReactNode } from 'react';
import { Form, Input, Radio, Select } from 'antd';
import type { FormRule } from 'antd';
import { formatMessage } from '@cqjy/domain/format';
import { fillIn, MSG, pleaseSelect } from '@cqjy/domain/messages';
import {
  certTypesOf,
  checkParticipantCertNo,
  checkParticipantCertType,
  checkParticipantKind,
  checkParticipantContactMobile,
  checkParticipantContactName,
  PARTICIPANT_CERT_NO_MAX,
  PARTICIPANT_CONTACT_NAME_MAX,
  PARTICIPANT_FIELD_LABELS as L,
  PARTICIPANT_KINDS,
} from '@cqjy/domain/projects/participants';
import type { ParticipantCertType, ParticipantKind } from '@cqjy/domain/projects/participants';
import type { RegistryCustomer } from '@cqjy/domain/registries/customers';
import { TELEPHONE_MAX_LENGTH } from '@cqjy/domain/validation/telephone';
import { pickCustomers } from '../api/customers.ts';
import { PickDialog } from './pick-dialog.tsx';

/** A domain check's answer as an antd validator's: its message, or none. */
export const settleCheck = (message: string | null): Promise<void> =>
  message === null ? Promise.resolve() : Promise.reject(new Error(message));

/** A domain check of one field's value as an antd rule. */
export const checkRule = (check: (value: unknown) => string | null): FormRule => ({
  validator: (_rule, value: unknown) => settleCheck(check(value)),
});

/** The hint of an edit's number field: the stored number (masked) is kept when the field is left blank. */
export const certNoKeptHint = (storedCertNo: string): string =>
  formatMessage(MSG.participantCertNoKept, { certNo: storedCertNo });

const KIND_OPTIONS = PARTICIPANT_KINDS.map((k) => ({ value: k.code, label: k.label }));

/** The kind of party (自然人, 法人或其他组织), as a radio group. */
export function KindField({ label = L.kind }: { label?: string }) {
  return (
    <Form.Item name="kind" label={label} required rules={[checkRule(checkParticipantKind)]}>
      <Radio.Group options={KIND_OPTIONS} />
    </Form.Item>
  );
}

/** The certificate type, offered and checked for the kind chosen in the form's `kind` field. */
export function CertTypeField({ kind, maxWidth }: { kind: ParticipantKind | undefined; maxWidth?: number }) {
  return (
    <Form.Item
      name="certType"
      label={L.certType}
      required
      dependencies={['kind']}
      rules={[
        ({ getFieldValue }) => ({
          validator: (_rule, value: unknown) =>
            settleCheck(checkParticipantCertType(getFieldValue('kind'), value)),
        }),
      ]}
    >
      <Select
        options={certTypesOf(kind).map((c) => ({ value: c.code, label: c.label }))}
        placeholder={pleaseSelect(L.certType)}
        style={maxWidth === undefined ? undefined : { maxWidth }}
      />
    </Form.Item>
  );
}

export type CertNoFieldProps = {
  /** the fields whose change asks the number again (the kind, or the investor's type, and the certificate type) */
  dependencies: string[];
  /** a new party's number is required; an edit's may be left blank to keep the stored one */
  isRequired: boolean;
  extra?: ReactNode;
  /** whether the form's values keep the stored number (left blank, same kind and type) */
  keepsCertNo: (values: Record<string, unknown>) => boolean;
  maxWidth?: number;
};

export function CertNoField({ dependencies, isRequired, extra, keepsCertNo, maxWidth }: CertNoFieldProps) {
  return (
    <Form.Item
      name="certNo"
      label={L.certNo}
      required={isRequired}
      dependencies={dependencies}
      extra={extra}
      rules={[
        ({ getFieldsValue }) => ({
          validator: (_rule, value: unknown) => {
            const values = getFieldsValue(true) as Record<string, unknown>;
            return keepsCertNo(values)
              ? Promise.resolve()
              : settleCheck(checkParticipantCertNo(values.certType, value));
          },
        }),
      ]}
    >
      <Input
        maxLength={PARTICIPANT_CERT_NO_MAX}
        autoComplete="off"
        placeholder={fillIn(L.certNo)}
        style={maxWidth === undefined ? undefined : { maxWidth }}
      />
    </Form.Item>
  );
}

/** 联系人 and 联系电话. */
export function ContactFields({ maxWidth }: { maxWidth?: number }) {
  const style = maxWidth === undefined ? undefined : { maxWidth };
  return (
    <>
      <Form.Item
        name="contactName"
        label={L.contactName}
        required
        rules={[checkRule(checkParticipantContactName)]}
      >
        <Input maxLength={PARTICIPANT_CONTACT_NAME_MAX} placeholder={fillIn(L.contactName)} style={style} />
      </Form.Item>
      <Form.Item
        name="contactMobile"
        label={L.contactMobile}
        required
        rules={[checkRule(checkParticipantContactMobile)]}
      >
        <Input
          inputMode="tel"
          maxLength={TELEPHONE_MAX_LENGTH}
          placeholder={fillIn(L.contactMobile)}
          style={style}
        />
      </Form.Item>
    </>
  );
}

/** A registered customer's facts as a party form's: its kind, name, certificate (credit code or ID card), contact. */
export function partyOfCustomer(customer: RegistryCustomer): {
  kind: ParticipantKind;
  name: string;
  certType: ParticipantCertType;
  certNo: string;
  contactName: string;
  contactMobile: string;
} {
  return {
    kind: customer.kind,
    name: customer.name,
    certType: customer.kind === 'company' ? 'creditCode' : 'idCard',
    certNo: customer.certNo,
    contactName: customer.contactName,
    contactMobile: customer.contactMobile,
  };
}

/** 从客户中选择: the company's 企业客户 and 自然人客户 (POST /api/customer/pick), found by a keyword. */
export function CustomerPickDialog({
  onPick,
  onClose,
}: {
  onPick: (customer: RegistryCustomer) => void;
  onClose: () => void;
}) {
  return (
    <PickDialog<RegistryCustomer>
      title="从客户中选择"
      placeholder="客户名称、证件号码或联系人"
      emptyText={MSG.registriesCustomersEmpty}
      queryKey={['registries', 'customers', 'pick']}
      search={pickCustomers}
      rowKey="key"
      onPick={onPick}
      onClose={onClose}
      columns={[
        { key: 'name', title: '名称', dataIndex: 'name' },
        {
          key: 'kind',
          title: '类型',
          dataIndex: 'kind',
          width: 90,
          render: (value: string) => (value === 'company' ? '企业客户' : '自然人客户'),
        },
        { key: 'certNo', title: L.certNo, dataIndex: 'certNo', width: 190 },
        { key: 'contactName', title: L.contactName, dataIndex: 'contactName', width: 90 },
      ]}
    />
  );
}
