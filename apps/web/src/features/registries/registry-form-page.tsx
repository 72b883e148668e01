// The form of every registry (新增企业客户 at routes.add, 编辑企业客户 at routes.edit?id=): a control per field of the
// definition, in its order, each checked with the domain's rule for its column (the very check the server and the
// import run, with the same messages), so nothing the server would refuse is sent. 保存 sends the fields as typed
// (money in yuan: the server checks them as it checks an imported row's cells, and keeps fen), an edit with the
// row's version, shows the server's message and opens the row's page in the form's place.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Divider, Form, Input, Result, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { fenToYuan } from '@cqjy/domain/format';
import { MSG, fillIn, pleaseSelect } from '@cqjy/domain/messages';
import { checkSheetRow } from '@cqjy/domain/projects/sheets';
import type { SheetColumn, SheetValues } from '@cqjy/domain/projects/sheets';
import { checkRegistryRow, REGULATOR_KEYS } from '@cqjy/domain/registries/kit';
import type { RegistryDef, RegistryRow } from '@cqjy/domain/registries/kit';
import { readQueryId } from '../../lib/query-id.ts';
import {
  CloseButton,
  CountedTextArea,
  DayPicker,
  NumberInput,
  PageLoading,
  PageNotFound,
  RegulatorFields,
} from '../../components/index.ts';
import { registryRowQuery, saveRegistryRow, updateRegistryRow } from './api.ts';
import { registryPath, useRegistryPage } from './use-registry.ts';
import type { RegistryPage } from './use-registry.ts';

/** Text longer than this is typed in a text area with its count. */
const SHORT_TEXT_MAX = 100;

type FormValues = Record<string, string | undefined>;

/** A stored row as the form's text: money back in yuan, everything else (the regulator's codes) as stored. */
function toFormValues(def: RegistryDef, values: SheetValues): FormValues {
  const form: FormValues = {};
  for (const field of def.fields) {
    const value = values[field.key];
    if (value === undefined) continue;
    form[field.key] = field.kind === 'money' ? fenToYuan(value) : String(value);
  }
  for (const key of def.hasRegulator === true ? REGULATOR_KEYS : []) {
    const value = values[key];
    if (typeof value === 'string') form[key] = value;
  }
  return form;
}

/** A new row's form: not the company's default until the person says so. */
function newRowValues(def: RegistryDef): FormValues {
  return def.defaultField === undefined ? {} : { [def.defaultField]: '否' };
}

/** The field's own rule: the domain's check of its column, alone, so its message is the server's. */
function fieldRule(field: SheetColumn): Rule {
  return {
    validator: (_rule, value: unknown) => {
      const cell = typeof value === 'string' || typeof value === 'number' ? value : undefined;
      const [error] = checkSheetRow([field], { [field.key]: cell }).errors;
      return error === undefined ? Promise.resolve() : Promise.reject(new Error(error));
    },
  };
}

/** The control of a field; Form.Item hands it its id, value and change handler. */
function fieldControl(field: SheetColumn): React.ReactElement {
  switch (field.kind) {
    case 'choice':
      return (
        <Select
          allowClear
          placeholder={pleaseSelect(field.label)}
          options={(field.options ?? []).map((option) => ({ value: option, label: option }))}
        />
      );
    case 'date':
      return <DayPicker aria-label={field.label} />;
    case 'money':
    case 'decimal':
      return <NumberInput placeholder={fillIn(field.label)} decimalDigits={field.decimals ?? 2} />;
    case 'integer':
      return <NumberInput placeholder={fillIn(field.label)} decimalDigits={0} />;
    case 'mobile':
      return <Input inputMode="tel" maxLength={11} placeholder={fillIn(field.label)} />;
    case 'creditCode':
    case 'idCard':
      return <Input maxLength={18} placeholder={fillIn(field.label)} />;
    case 'bankAccount':
      // typed in groups of four as the passbook prints it; the server keeps the digits
      return <Input inputMode="numeric" maxLength={40} placeholder={fillIn(field.label)} />;
    case 'text':
      return field.max !== undefined && field.max > SHORT_TEXT_MAX ? (
        <CountedTextArea max={field.max} rows={3} placeholder={fillIn(field.label)} />
      ) : (
        <Input maxLength={field.max} showCount={field.max !== undefined} placeholder={fillIn(field.label)} />
      );
    default:
      return <Input placeholder={fillIn(field.label)} />;
  }
}

export function RegistryFormPage() {
  const page = useRegistryPage();
  if (page === undefined) return <Result status="warning" title={MSG.notFound} />;
  return <RegistryForm key={page.def.key} page={page} />;
}

function RegistryForm({ page }: { page: RegistryPage }) {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const id = readQueryId(rawId);
  const row = useQuery({ ...registryRowQuery(page.def, id ?? 0), enabled: id !== null });

  // 新增: no id in the query.
  if (rawId === null) return <RegistryEditor page={page} row={null} />;
  if (id === null || row.isError) {
    return <PageNotFound />;
  }
  if (row.data === undefined) {
    return <PageLoading />;
  }
  if (!page.isOwn(row.data)) {
    return <Result status="warning" title={MSG.registriesNotOwn} extra={<CloseButton />} />;
  }
  // keyed by the loaded version, so a reload after someone else's change starts from the server's copy
  return <RegistryEditor key={`${row.data.id}-${row.data.version}`} page={page} row={row.data} />;
}

function RegistryEditor({ page, row }: { page: RegistryPage; row: RegistryRow | null }) {
  const { def } = page;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [isSaving, setIsSaving] = useState(false);
  const [isDirty, setIsDirty] = useState(false);

  const onSave = async (typed: FormValues): Promise<void> => {
    // the fields' rules have passed; this is the same check, so it finds nothing the form did not show
    if (checkRegistryRow(def, typed).errors.length > 0) return;
    const keys = [
      ...def.fields.map((field) => field.key),
      ...(def.hasRegulator === true ? REGULATOR_KEYS : []),
    ];
    const values = Object.fromEntries(
      keys.flatMap((key) => {
        const value = typed[key]?.trim() ?? '';
        return value === '' ? [] : [[key, value]];
      }),
    );
    setIsSaving(true);
    try {
      const saved =
        row === null ? await saveRegistryRow(def, values) : await updateRegistryRow(def, row, values);
      setIsDirty(false);
      void queryClient.invalidateQueries({ queryKey: ['registries', def.key] });
      void navigate(registryPath(def, 'show', saved.id), { replace: true });
    } catch {
      // the HTTP client has told the user
    } finally {
      setIsSaving(false);
    }
  };

  const title =
    row === null ? `新增${def.itemName}` : `编辑${def.itemName}：${String(row.values[def.nameField] ?? '')}`;

  return (
    <Card title={title} extra={<CloseButton isDirty={isDirty} to={registryPath(def, 'list')} />}>
      <Form<FormValues>
        form={form}
        name={`registry-${def.key}`}
        layout="horizontal"
        labelWrap
        labelCol={{ flex: '160px' }}
        wrapperCol={{ flex: 1 }}
        style={{ maxWidth: 820 }}
        initialValues={row === null ? newRowValues(def) : toFormValues(def, row.values)}
        onValuesChange={() => setIsDirty(true)}
        onFinish={(typed) => void onSave(typed)}
      >
        {def.fields.map((field) => (
          <Form.Item
            key={field.key}
            name={field.key}
            label={field.label}
            extra={field.hint}
            required={field.isRequired}
            rules={[fieldRule(field)]}
          >
            {fieldControl(field)}
          </Form.Item>
        ))}
        {def.hasRegulator === true && (
          <>
            <Divider titlePlacement="start">监管信息（国家出资企业填写）</Divider>
            <RegulatorFields isRequired={false} />
          </>
        )}
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={isSaving}>
              保存
            </Button>
            <CloseButton isDirty={isDirty} to={registryPath(def, 'list')} />
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
