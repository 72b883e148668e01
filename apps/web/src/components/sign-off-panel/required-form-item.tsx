// The form item of the sign-off panel's forms that adds the required rule (BF-2.5, BF-5.5): 请填写X for an input,
// 请选择X for a choice, ahead of whatever rules the caller gives.
import { Form } from 'antd';
import type { FormItemProps } from 'antd';
import { fillIn, pleaseSelect } from '@cqjy/domain/messages';

export type RequiredFormItemProps = FormItemProps & {
  label: string;
  /** an input asks to fill in, a choice to select */
  kind?: 'input' | 'select';
};

/** BF-5.5: the message of a missing value. */
export function requiredMessage(label: string, kind: 'input' | 'select' = 'input'): string {
  return kind === 'select' ? pleaseSelect(label) : fillIn(label);
}

export function RequiredFormItem({ label, kind = 'input', rules = [], ...rest }: RequiredFormItemProps) {
  return (
    <Form.Item
      label={label}
      required
      rules={[
        { required: true, whitespace: kind === 'input', message: requiredMessage(label, kind) },
        ...rules,
      ]}
      {...rest}
    />
  );
}
