// 调整 a rule parameter: the new value (working days, or the fee schedule's bands per group with a preview of the
// fee on an example deal) and the day it takes effect (today or later by the server's day; tomorrow unless changed),
// with a note. The value is checked by the definition's own schema, with the server's messages, before the call.
import { useState } from 'react';
import { Descriptions, Divider, Form, Input, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { DAY_MS, formatDate, formatMessage, toDate } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { findRuleParameter } from '@cqjy/domain/rule-parameters';
import type { FeeGroupKey, RuleParameterView } from '@cqjy/domain/rule-parameters';
import { isCalendarDate } from '@cqjy/domain/workflow/action-forms';
import { AppDialog, DayPicker, NumberInput } from '../../components/index.ts';
import { saveRule } from './api.ts';
import { FeePreview, FeeScheduleEditor, parseScheduleText, toScheduleText } from './fee-schedule.tsx';
import type { ScheduleText } from './fee-schedule.tsx';
import { scheduleOf, valueText } from './rule-values.ts';

type Values = { days?: string; schedule?: ScheduleText; effectiveFrom: string; note?: string };

const NOTE_MAX = 200;

export type RuleDialogProps = {
  param: RuleParameterView;
  /** the server's day: a version takes effect today or later */
  today: string;
  onClose: () => void;
  onSaved: () => void;
};

export function RuleDialog({ param, today, onClose, onSaved }: RuleDialogProps) {
  const [form] = Form.useForm<Values>();
  const [isSaving, setIsSaving] = useState(false);
  const [group, setGroup] = useState<FeeGroupKey>('physical');
  const def = findRuleParameter(param.key);
  const isFee = param.kind === 'feeSchedule';
  const current = scheduleOf(param.current.value);
  const editedSchedule = Form.useWatch('schedule', form);
  const proposed = editedSchedule === undefined ? current : parseScheduleText(editedSchedule).schedule;

  const daysRule: Rule = {
    validator: (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      const parsed = def?.schema.safeParse(text === '' ? undefined : Number(text));
      return parsed?.success === true
        ? Promise.resolve()
        : Promise.reject(new Error(parsed?.error.issues[0]?.message ?? MSG.badRequest));
    },
  };
  const scheduleRule: Rule = {
    validator: (_rule, value: ScheduleText | undefined) => {
      const message = value === undefined ? MSG.dictRuleFeeInvalid : parseScheduleText(value).message;
      return message === null ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
  const dayRule: Rule = {
    validator: (_rule, value: unknown) => {
      if (typeof value !== 'string' || !isCalendarDate(value)) {
        return Promise.reject(new Error(MSG.dictRuleDayInvalid));
      }
      return value < today
        ? Promise.reject(new Error(formatMessage(MSG.dictRuleDayPast, { today })))
        : Promise.resolve();
    },
  };

  const onSubmit = async (values: Values): Promise<void> => {
    const value = isFee
      ? values.schedule === undefined
        ? null
        : parseScheduleText(values.schedule).schedule
      : Number(values.days);
    const note = values.note?.trim() ?? '';
    setIsSaving(true);
    try {
      await saveRule({
        key: param.key,
        value,
        effectiveFrom: values.effectiveFrom,
        ...(note === '' ? {} : { note }),
      });
      onSaved();
    } catch {
      // the HTTP client has told the user; the dialog keeps what was typed
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <AppDialog
      open
      size="lg"
      minWidth={isFee ? 900 : 0}
      title={`调整规则参数 · ${param.name}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={isSaving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="当前值">
          {valueText(param, param.current.value)}
          {param.current.effectiveFrom === null ? '（默认值）' : `（${param.current.effectiveFrom}起）`}
        </Descriptions.Item>
        {param.next !== null && (
          <Descriptions.Item label="已排期">
            {valueText(param, param.next.value)}（{param.next.effectiveFrom}起）
          </Descriptions.Item>
        )}
      </Descriptions>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          effectiveFrom: formatDate(toDate(today).getTime() + DAY_MS),
          ...(isFee
            ? { schedule: toScheduleText(current) }
            : { days: typeof param.current.value === 'number' ? String(param.current.value) : '' }),
        }}
        onFinish={(values) => void onSubmit(values)}
      >
        {isFee ? (
          <Form.Item name="schedule" label="新的分档费率" required rules={[scheduleRule]}>
            <FeeScheduleEditor group={group} onGroupChange={setGroup} />
          </Form.Item>
        ) : (
          <Form.Item
            name="days"
            label={`新值（${param.unit}）`}
            required
            rules={[daysRule]}
            extra={`可设${param.min ?? ''}至${param.max ?? ''}`}
          >
            <NumberInput decimalDigits={0} integerDigits={3} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item
          name="effectiveFrom"
          label="生效日期"
          required
          rules={[dayRule]}
          extra={`今天（${today}）或以后；当天起提交的项目、计算的费用按新值`}
        >
          <DayPicker aria-label="生效日期" />
        </Form.Item>
        <Form.Item name="note" label="调整说明">
          <Input.TextArea rows={2} maxLength={NOTE_MAX} showCount placeholder="如：依据的文件、调整原因" />
        </Form.Item>
      </Form>
      {isFee && (
        <>
          <Divider titlePlacement="start" plain>
            服务费预览
          </Divider>
          <FeePreview proposed={proposed} current={current} group={group} onGroupChange={setGroup} />
        </>
      )}
      {!isFee && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {param.description}
        </Typography.Text>
      )}
    </AppDialog>
  );
}
