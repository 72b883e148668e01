// The form of an action, drawn from the domain registry (actions.ts): one item per field of the action, whose
// rules are the domain schema's own (the item reports the schema's message for its field), so the screen never
// keeps a second copy of a rule.
import { useState } from 'react';
import { Form, Input, InputNumber } from 'antd';
import type { FormInstance } from 'antd';
import { actionFormSchema } from '@cqjy/domain/workflow/action-forms';
import { cleanActionForm } from '@cqjy/domain/workflow/actions';
import type { ActionConfig, ActionFieldDef, ActionForm } from '@cqjy/domain/workflow/actions';
import { countChars } from '@cqjy/domain/validation/return-reason';
import { fenToYuan, parseYuanToFen } from '@cqjy/domain/format';
import { DayPicker, NumberInput } from '../../components/index.ts';

/** The values of the antd form as the action's form: trimmed, empty left out. */
export function readActionForm(config: ActionConfig, form: FormInstance<ActionForm>): ActionForm {
  return cleanActionForm(config, form.getFieldsValue(true) as ActionForm);
}

/** The domain's message for one field of the form, or null. */
export function fieldProblem(
  config: ActionConfig,
  values: ActionForm,
  name: ActionFieldDef['name'],
  mode: 'draft' | 'submit',
): string | null {
  const result = actionFormSchema(config, mode).safeParse(cleanActionForm(config, values));
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === name)?.message ?? null;
}

type FieldControlProps = {
  field: ActionFieldDef;
  disabled: boolean;
  /** injected by Form.Item: the control's id, value and change handler */
  id?: string;
  value?: string | number | null;
  onChange?: (value: unknown) => void;
};

/** A day, or a day and time, kept as the text the domain's rule reads. */
function DateControl({ field, disabled, id, value, onChange }: FieldControlProps) {
  return (
    <DayPicker
      id={id}
      value={value}
      onChange={onChange}
      withTime={field.kind === 'datetime'}
      aria-label={field.label}
      disabled={disabled}
    />
  );
}

/**
 * An amount typed in yuan and kept in fen. The typed text is the control's own, so a half-typed amount ('12.')
 * stays on screen; the form holds fen, or NaN while the text is no amount (the domain's rule then names it).
 */
function MoneyControl({ field, disabled, id, value, onChange }: FieldControlProps) {
  const [text, setText] = useState(
    typeof value === 'number' && Number.isSafeInteger(value) ? fenToYuan(value) : '',
  );
  return (
    <NumberInput
      id={id}
      value={text}
      aria-label={field.label}
      disabled={disabled}
      suffix="元"
      style={{ width: 280 }}
      onChange={(next) => {
        setText(next);
        onChange?.(next === '' ? undefined : (parseYuanToFen(next) ?? Number.NaN));
      }}
    />
  );
}

/** One control of the form; Form.Item hands it id, value and onChange, which go on to the antd input. */
function FieldControl(props: FieldControlProps) {
  const { field, disabled, id, value, onChange } = props;
  if (field.kind === 'money') return <MoneyControl {...props} />;
  if (field.kind === 'integer') {
    return (
      <InputNumber
        id={id}
        value={typeof value === 'number' ? value : null}
        onChange={(next) => onChange?.(next ?? undefined)}
        aria-label={field.label}
        precision={0}
        min={field.min}
        max={field.max}
        disabled={disabled}
        style={{ width: 200 }}
      />
    );
  }
  const text = typeof value === 'string' ? value : '';
  if (field.kind === 'date' || field.kind === 'datetime') return <DateControl {...props} />;
  if (field.kind === 'text') {
    return (
      <Input
        id={id}
        value={text}
        onChange={(event) => onChange?.(event.target.value)}
        aria-label={field.label}
        disabled={disabled}
        count={field.max === undefined ? undefined : { show: true, max: field.max, strategy: countChars }}
      />
    );
  }
  return (
    <Input.TextArea
      id={id}
      value={text}
      onChange={(event) => onChange?.(event.target.value)}
      aria-label={field.label}
      rows={4}
      disabled={disabled}
      count={field.max === undefined ? undefined : { show: true, max: field.max, strategy: countChars }}
    />
  );
}

export type ActionFieldsProps = { config: ActionConfig; disabled?: boolean };

export function ActionFields({ config, disabled = false }: ActionFieldsProps) {
  return (
    <>
      {config.fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label}
          required={field.isRequired}
          rules={[
            ({ getFieldsValue }) => ({
              validator: () => {
                const problem = fieldProblem(
                  config,
                  getFieldsValue(true) as ActionForm,
                  field.name,
                  'submit',
                );
                return problem === null ? Promise.resolve() : Promise.reject(new Error(problem));
              },
            }),
          ]}
        >
          <FieldControl field={field} disabled={disabled} />
        </Form.Item>
      ))}
    </>
  );
}
