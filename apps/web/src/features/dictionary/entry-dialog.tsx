// 新增 / 编辑 a dictionary entry. The key and the parent are chosen once, when the entry is added: records carry the
// key, so it never changes afterwards. Each field is checked by the domain's rule the server applies, with its
// message, before any call.
import { useState } from 'react';
import { Form, Input, InputNumber, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import {
  checkRuleBackedLabel,
  DICT_REMARK_MAX,
  DICT_STATUS,
  zDictKey,
  zDictLabel,
  zDictRemark,
  zDictSort,
} from '@cqjy/domain/dictionary-admin';
import type { DictDataRow, DictTypeRow } from '@cqjy/domain/dictionary-admin';
import { formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { AppDialog } from '../../components/index.ts';
import { saveEntry, updateEntry } from './api.ts';

type Values = { key: string; label: string; parentKey?: string; sort: number | null; remark?: string };

/** The domain's check of one field as an antd rule: its first message refuses the value. */
function ruleOf(schema: z.ZodType, extra?: (value: unknown) => string | null): Rule {
  return {
    validator: (_rule, value: unknown) => {
      const parsed = schema.safeParse(value ?? undefined);
      const message = parsed.success
        ? (extra?.(value) ?? null)
        : (parsed.error.issues[0]?.message ?? MSG.badRequest);
      return message === null ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}

export type EntryDialogProps = {
  type: DictTypeRow;
  /** the entry to change; null adds one */
  row: DictDataRow | null;
  /** the dictionary's entries, for the parent's choice and the key's uniqueness */
  siblings: readonly DictDataRow[];
  onClose: () => void;
  onSaved: () => void;
};

export function EntryDialog({ type, row, siblings, onClose, onSaved }: EntryDialogProps) {
  const [form] = Form.useForm<Values>();
  const [isSaving, setIsSaving] = useState(false);
  const isAdding = row === null;

  const onSubmit = async (values: Values): Promise<void> => {
    setIsSaving(true);
    try {
      const remark = values.remark?.trim() ?? '';
      if (isAdding) {
        await saveEntry({
          code: type.code,
          key: values.key.trim(),
          label: values.label.trim(),
          ...(values.parentKey ? { parentKey: values.parentKey } : {}),
          sort: values.sort ?? 0,
          ...(remark === '' ? {} : { remark }),
        });
      } else {
        await updateEntry(row.id, {
          label: values.label.trim(),
          sort: values.sort ?? 0,
          // the entry keeps its status: an edit neither retires nor restores it
          status: row.status === DICT_STATUS.retired ? DICT_STATUS.retired : DICT_STATUS.active,
          remark,
        });
      }
      onSaved();
    } catch {
      // the HTTP client has told the user; the dialog stays open with what was typed
    } finally {
      setIsSaving(false);
    }
  };

  const keyTaken = (value: unknown): string | null =>
    typeof value === 'string' && siblings.some((entry) => entry.key === value.trim())
      ? formatMessage(MSG.dictKeyTaken, { key: value.trim() })
      : null;

  return (
    <AppDialog
      open
      size="md"
      title={`${isAdding ? '新增' : '编辑'}字典数据 · ${type.name}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={isSaving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={
          row === null
            ? { sort: siblings.reduce((max, entry) => Math.max(max, entry.sort), 0) + 1 }
            : {
                key: row.key,
                label: row.label,
                parentKey: row.parentKey ?? undefined,
                sort: row.sort,
                remark: row.remark ?? '',
              }
        }
        onFinish={(values) => void onSubmit(values)}
      >
        <Form.Item
          name="key"
          label="键值"
          required
          rules={isAdding ? [ruleOf(zDictKey, keyTaken)] : []}
          extra={isAdding ? '保存后不可修改：已保存的业务数据引用该键值' : '键值不可修改'}
        >
          <Input disabled={!isAdding} maxLength={32} placeholder="字母、数字、下划线、点或短横线" />
        </Form.Item>
        <Form.Item
          name="label"
          label="名称"
          required
          rules={[
            ruleOf(zDictLabel, (value) =>
              checkRuleBackedLabel(type.code, typeof value === 'string' ? value : ''),
            ),
          ]}
        >
          <Input maxLength={50} placeholder="请填写名称" />
        </Form.Item>
        <Form.Item name="parentKey" label="上级" extra={isAdding ? '树形字典的上级条目，可不选' : undefined}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            disabled={!isAdding}
            placeholder="无"
            options={siblings
              .filter((entry) => entry.key !== row?.key)
              .map((entry) => ({ value: entry.key, label: `${entry.label}（${entry.key}）` }))}
          />
        </Form.Item>
        <Form.Item name="sort" label="排序" required rules={[ruleOf(zDictSort)]}>
          <InputNumber min={0} max={99_999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[ruleOf(zDictRemark)]}>
          <Input.TextArea rows={3} maxLength={DICT_REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </AppDialog>
  );
}
