// 意向受让方 of a project whose kind has the participants section (bulk, coll): the persons and organisations registered as prospective
// buyers, with a person's certificate number masked by the server and every mobile masked here. While the
// project allows it (isEditable: the owner's project, disclosing, suspended or ended) the owner adds, edits and
// deletes them in a dialog whose field rules are the domain's checks, so the form refuses what the server refuses
// with the same words.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { fenToYuan, formatFen, parseYuanToFen } from '@cqjy/domain/format';
import { fillIn, MSG } from '@cqjy/domain/messages';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import {
  certTypesOf,
  checkParticipant,
  checkParticipantDeposit,
  checkParticipantName,
  checkParticipantNote,
  PARTICIPANT_FIELD_LABELS as L,
  PARTICIPANT_NAME_MAX,
  PARTICIPANT_NOTE_MAX,
} from '@cqjy/domain/projects/participants';
import type {
  ParticipantCertType,
  ParticipantForm,
  ParticipantKind,
  ParticipantView,
} from '@cqjy/domain/projects/participants';
import { maskMobile } from '@cqjy/domain/validation/mobile';
import { countChars } from '@cqjy/domain/validation/return-reason';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session-store.ts';
import {
  AppDialog,
  CertNoField,
  CertTypeField,
  KindField,
  certNoKeptHint,
  checkRule,
  ContactFields,
  NumberInput,
  CustomerPickDialog,
  partyOfCustomer,
  tableMinWidth,
} from '../../components/index.ts';
import { cutText } from './sheet-columns.tsx';
import { deleteParticipant, participantsQuery, saveParticipant, updateParticipant } from './api.ts';

export type ParticipantListProps = {
  family: ProjectFamily;
  projectId: number;
  /** whether the caller may change the list: the owner company, while the project is disclosing, suspended or ended */
  isEditable: boolean;
};

/** The dialog's values: the deposit as typed in yuan, everything else as the wire has it. */
type FormValues = {
  kind?: ParticipantKind;
  name?: string;
  certType?: ParticipantCertType;
  certNo?: string;
  contactName?: string;
  contactMobile?: string;
  deposit?: string;
  isQualified?: boolean;
  note?: string;
};

const NEW_VALUES: FormValues = { kind: 'person', certType: 'idCard', isQualified: false };

const isBlank = (value: string | undefined): boolean => value === undefined || value.trim() === '';

/** Yuan as typed -> fen; a text that is no amount becomes NaN, so the domain's check names it. */
function toFen(value: string | undefined): number | null {
  if (isBlank(value)) return null;
  return parseYuanToFen(value ?? '') ?? Number.NaN;
}

function toWire(values: FormValues): ParticipantForm {
  return {
    kind: values.kind as ParticipantKind,
    name: values.name?.trim() ?? '',
    certType: values.certType as ParticipantCertType,
    // blank on an edit: the server keeps the stored number
    certNo: isBlank(values.certNo) ? undefined : values.certNo?.trim(),
    contactName: values.contactName?.trim() ?? '',
    contactMobile: values.contactMobile?.trim() ?? '',
    deposit: toFen(values.deposit),
    isQualified: values.isQualified === true,
    note: values.note?.trim() ?? '',
  };
}

function fromView(row: ParticipantView): FormValues {
  return {
    kind: row.kind,
    name: row.name,
    certType: row.certType,
    certNo: '',
    contactName: row.contactName,
    contactMobile: row.contactMobile,
    deposit: row.deposit === null ? undefined : fenToYuan(row.deposit),
    isQualified: row.isQualified,
    note: row.note,
  };
}

/** A text column of the list, cut with an ellipsis and shown whole in a tooltip. */
const cut = (field: 'name' | 'kindLabel' | 'certTypeLabel' | 'certNo' | 'contactName' | 'note') => ({
  key: field,
  dataIndex: field,
  ellipsis: { showTitle: false },
  render: (text: string) => cutText(text),
});

/** The codes of the company's customer registries (企业客户, 自然人客户). */
const CUSTOMER_CODES = ['GJS_CUSTOMER_LT', 'GJS_PERSON_LT'];

type DialogProps = {
  family: ProjectFamily;
  projectId: number;
  /** the participant edited, or null for a new one */
  row: ParticipantView | null;
  onClose: () => void;
  onSaved: () => void;
};

/** The customer's facts as the form's: its kind, name, certificate (credit code or identity card) and contact. */
function ParticipantDialog({ family, projectId, row, onClose, onSaved }: DialogProps) {
  const [form] = Form.useForm<FormValues>();
  const [isSaving, setIsSaving] = useState(false);
  const [isPicking, setIsPicking] = useState(false);
  // the company's customers, where it keeps them
  const canPick = useSession((session) =>
    CUSTOMER_CODES.some((code) => session.userInfo?.permission.includes(code) === true),
  );
  const kind = Form.useWatch('kind', form);
  const stored = row === null ? undefined : { kind: row.kind, certType: row.certType };
  /** on an edit, a blank number is kept while kind and type are the stored ones */
  const keepsCertNo = (values: FormValues): boolean =>
    stored !== undefined &&
    isBlank(values.certNo) &&
    values.kind === stored.kind &&
    values.certType === stored.certType;

  const onSave = async (): Promise<void> => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show their messages
    }
    const participant = toWire({ ...(form.getFieldsValue(true) as FormValues), ...values });
    // the whole check once more, as the server runs it (the field rules ran field by field)
    const problem = checkParticipant(participant, { stored }).message;
    if (problem !== null) {
      notify.error(problem);
      return;
    }
    setIsSaving(true);
    try {
      if (row === null) await saveParticipant(family, projectId, participant);
      else await updateParticipant(family, row.id, row.version, participant);
      onSaved();
    } catch {
      // the HTTP client has told the user; the dialog stays open to correct it
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <AppDialog
      size="lg"
      open
      title={row === null ? '新增意向受让方' : '编辑意向受让方'}
      okText="保存"
      cancelText="取消"
      confirmLoading={isSaving}
      onOk={() => void onSave()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        wrapperCol={{ flex: 1 }}
        initialValues={row === null ? NEW_VALUES : fromView(row)}
        onValuesChange={(changed: FormValues) => {
          // a kind has its own certificates: switch to its first and ask for the number again
          if (changed.kind !== undefined) {
            form.setFieldsValue({ certType: certTypesOf(changed.kind)[0]?.code, certNo: '' });
          }
        }}
      >
        <KindField label="类型" />
        {canPick && row === null && (
          <Form.Item label=" " colon={false}>
            <Button onClick={() => setIsPicking(true)}>从客户中选择</Button>
          </Form.Item>
        )}
        <Form.Item name="name" label="名称" required rules={[checkRule(checkParticipantName)]}>
          <Input
            maxLength={PARTICIPANT_NAME_MAX}
            placeholder={kind === 'company' ? fillIn('单位名称') : fillIn('姓名')}
          />
        </Form.Item>
        <CertTypeField kind={kind} />
        <CertNoField
          dependencies={['kind', 'certType']}
          isRequired={row === null}
          extra={row === null ? undefined : certNoKeptHint(row.certNo)}
          keepsCertNo={keepsCertNo}
        />
        <ContactFields />
        <Form.Item
          name="deposit"
          label={L.deposit}
          rules={[checkRule((value) => checkParticipantDeposit(toFen(value as string | undefined)))]}
        >
          <NumberInput placeholder="未缴纳可不填" />
        </Form.Item>
        <Form.Item name="isQualified" label={L.isQualified} valuePropName="checked">
          <Switch checkedChildren="已确认" unCheckedChildren="未确认" />
        </Form.Item>
        <Form.Item name="note" label={L.note} rules={[checkRule(checkParticipantNote)]}>
          <Input.TextArea
            rows={3}
            // the server counts characters as the reader does (code points), so the counter does too
            count={{ show: true, max: PARTICIPANT_NOTE_MAX, strategy: countChars }}
          />
        </Form.Item>
      </Form>
      {isPicking && (
        <CustomerPickDialog
          onPick={(customer) => {
            form.setFieldsValue(partyOfCustomer(customer));
            setIsPicking(false);
          }}
          onClose={() => setIsPicking(false)}
        />
      )}
    </AppDialog>
  );
}

export function ParticipantList({ family, projectId, isEditable }: ParticipantListProps) {
  const queryClient = useQueryClient();
  const participants = useQuery(participantsQuery(family, projectId));
  /** the dialog: undefined closed, null a new participant, a row that one */
  const [editing, setEditing] = useState<ParticipantView | null | undefined>(undefined);
  const [deletingId, setDeletingId] = useState<number | null>(null);

  const refresh = (): void => {
    void queryClient.invalidateQueries({ queryKey: ['projects', 'participants', family, projectId] });
  };

  const onDelete = async (row: ParticipantView): Promise<void> => {
    setDeletingId(row.id);
    try {
      await deleteParticipant(family, row.id, row.version);
      refresh();
    } catch {
      // shown by the client
    } finally {
      setDeletingId(null);
    }
  };

  // Widths as the values need them, so that all ten columns (with 操作) fit the card of a 1,366 px screen; a
  // narrower window scrolls with the name and 操作 in place. Long text is cut and shown whole in a tooltip.
  const columns: TableColumnsType<ParticipantView> = [
    { ...cut('name'), title: '名称', width: 150, fixed: 'left' },
    { ...cut('kindLabel'), key: 'kind', title: '类型', width: 120 },
    { ...cut('certTypeLabel'), key: 'certType', title: L.certType, width: 130 },
    // 18 characters (an identity card, a credit code)
    { ...cut('certNo'), title: L.certNo, width: 170 },
    { ...cut('contactName'), title: L.contactName, width: 90 },
    {
      key: 'contactMobile',
      title: L.contactMobile,
      width: 110,
      render: (_: unknown, row) => maskMobile(row.contactMobile),
    },
    {
      key: 'deposit',
      title: L.deposit,
      width: 120,
      align: 'right',
      render: (_: unknown, row) => (row.deposit === null ? '—' : formatFen(row.deposit)),
    },
    {
      key: 'isQualified',
      title: L.isQualified,
      width: 90,
      render: (_: unknown, row) => (row.isQualified ? <Tag color="success">已确认</Tag> : <Tag>未确认</Tag>),
    },
    { ...cut('note'), title: L.note, width: 120 },
  ];
  if (isEditable) {
    columns.push({
      key: 'actions',
      title: '操作',
      width: 110,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(row)}>
            编辑
          </Button>
          <Popconfirm title={MSG.participantDeleteConfirm} onConfirm={() => void onDelete(row)}>
            <Button type="link" size="small" danger loading={deletingId === row.id}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <Card
      title="意向受让方"
      extra={
        isEditable && (
          <Button type="primary" onClick={() => setEditing(null)}>
            新增
          </Button>
        )
      }
    >
      <Table<ParticipantView>
        rowKey="id"
        size="small"
        loading={participants.isFetching}
        columns={columns}
        dataSource={participants.data ?? []}
        scroll={{ x: tableMinWidth(columns) }}
        pagination={false}
        locale={{ emptyText: MSG.participantsEmpty }}
      />
      {isEditable && editing !== undefined && (
        <ParticipantDialog
          family={family}
          projectId={projectId}
          row={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            refresh();
          }}
        />
      )}
    </Card>
  );
}
