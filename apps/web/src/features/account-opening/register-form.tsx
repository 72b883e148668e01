// Step 1 of /transferorOpen (anonymous): the company, its contact's mobile proven by an SMS code (purpose register)
// and the login the owner chooses. Each field is checked with the domain's rule of the same call (so the form
// refuses what the server refuses, in the same words); the username and credit code are looked up when the
// field is left, so a taken one is said before submitting. Success signs the new account in.
import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { Button, Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { REGISTER_LABELS, validateRegisterField } from '@cqjy/domain/account-opening';
import type { RegisterAccountInput, RegisterField } from '@cqjy/domain/account-opening';
import { fillIn, MSG } from '@cqjy/domain/messages';
import { isCreditCode } from '@cqjy/domain/validation/credit-code';
import { filterInput } from '@cqjy/domain/validation/input-filters';
import { CodeInput } from '../../components/index.ts';
import type { UserInfo } from '../../lib/session-store.ts';
import { checkCompanyStatus, isUsernameTaken, registerAccount, sendRegisterOtp } from './api.ts';

export type RegisterFormProps = {
  /** the account is open and signed in */
  onRegistered: (user: UserInfo) => void;
};

type Values = Partial<RegisterAccountInput>;

/** The domain's rule of one field as an antd rule; the whole form is handed in for the password repeat. */
function ruleOf(field: RegisterField): FormRule {
  return ({ getFieldsValue }) => ({
    validator: (_rule, value: unknown) => {
      const message = validateRegisterField(field, value ?? '', getFieldsValue() as Values);
      return message === null ? Promise.resolve() : Promise.reject(new Error(message));
    },
  });
}

const digitsOnly = (event: ChangeEvent<HTMLInputElement>): string => event.target.value.replace(/\D/g, '');

/** CodeInput as a form control: the Form.Item hands in the value and the change handler. */
function OtpField({
  value,
  onChange,
  mobile,
}: {
  value?: string;
  onChange?: (code: string) => void;
  mobile: string;
}) {
  return (
    <CodeInput
      value={value ?? ''}
      onChange={(code) => onChange?.(code)}
      mobile={mobile}
      onSend={sendRegisterOtp}
    />
  );
}

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const [form] = Form.useForm<Values>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  const label = (field: RegisterField) => REGISTER_LABELS[field];

  // Names the lookup found taken; the field's rule refuses them, so a later validation cannot clear the message.
  const takenNames = useRef(new Set<string>());
  const usernameTakenRule: FormRule = {
    validator: (_rule, value: unknown) =>
      typeof value === 'string' && takenNames.current.has(value)
        ? Promise.reject(new Error(MSG.usernameTaken))
        : Promise.resolve(),
  };

  const onUsernameBlur = async (): Promise<void> => {
    const username = form.getFieldValue('username') as string | undefined;
    if (!username || validateRegisterField('username', username) !== null) return;
    if ((await isUsernameTaken(username)) === true) {
      takenNames.current.add(username);
      await form.validateFields(['username']).catch(() => undefined);
    }
  };

  const onCreditCodeBlur = async (): Promise<void> => {
    const creditCode = form.getFieldValue('creditCode') as string | undefined;
    if (!isCreditCode(creditCode)) return;
    try {
      const status = await checkCompanyStatus(creditCode as string);
      if (status.registered) form.setFields([{ name: 'creditCode', errors: [MSG.creditCodeTaken] }]);
    } catch {
      // The client has said what failed; the server checks the code again on submit.
    }
  };

  const onFinish = async (values: Values): Promise<void> => {
    setIsSubmitting(true);
    try {
      const user = await registerAccount({
        companyName: values.companyName ?? '',
        creditCode: values.creditCode ?? '',
        contactName: values.contactName ?? '',
        mobile: values.mobile ?? '',
        otp: (values.otp ?? '').trim(),
        username: values.username ?? '',
        password: values.password ?? '',
        password2: values.password2 ?? '',
      });
      onRegistered(user);
    } catch {
      // The refusal was shown by the client; the form keeps what was typed for another try.
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      autoComplete="off"
      requiredMark
      onFinish={(values) => void onFinish(values)}
      aria-label="账号注册"
    >
      <Form.Item name="companyName" label={label('companyName')} required rules={[ruleOf('companyName')]}>
        <Input maxLength={100} placeholder={fillIn(label('companyName'))} />
      </Form.Item>
      <Form.Item
        name="creditCode"
        label={label('creditCode')}
        required
        rules={[ruleOf('creditCode')]}
        getValueFromEvent={(event: ChangeEvent<HTMLInputElement>) =>
          filterInput('stateCreditCode', event.target.value)
        }
      >
        <Input
          maxLength={18}
          placeholder={fillIn(label('creditCode'))}
          onBlur={() => void onCreditCodeBlur()}
        />
      </Form.Item>
      <Form.Item name="contactName" label={label('contactName')} required rules={[ruleOf('contactName')]}>
        <Input maxLength={30} placeholder={fillIn(label('contactName'))} />
      </Form.Item>
      <Form.Item
        name="mobile"
        label={label('mobile')}
        required
        rules={[ruleOf('mobile')]}
        getValueFromEvent={digitsOnly}
      >
        <Input inputMode="numeric" maxLength={11} placeholder={fillIn(label('mobile'))} />
      </Form.Item>
      {/* Re-rendered as the store changes (not after it, as a watch would be), so 获取验证码 sees the mobile. */}
      <Form.Item noStyle shouldUpdate={(before: Values, after: Values) => before.mobile !== after.mobile}>
        {({ getFieldValue }) => (
          <Form.Item name="otp" label={label('otp')} required rules={[ruleOf('otp')]}>
            <OtpField mobile={(getFieldValue('mobile') as string | undefined) ?? ''} />
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item
        name="username"
        label={label('username')}
        required
        rules={[ruleOf('username'), usernameTakenRule]}
        extra="4至30位字母、数字或下划线，须以字母开头"
      >
        <Input maxLength={30} placeholder={fillIn(label('username'))} onBlur={() => void onUsernameBlur()} />
      </Form.Item>
      <Form.Item
        name="password"
        label={label('password')}
        required
        rules={[ruleOf('password')]}
        extra="8至64位，包含大写字母、小写字母、数字、符号中的至少三类"
      >
        <Input.Password maxLength={64} autoComplete="new-password" placeholder={fillIn(label('password'))} />
      </Form.Item>
      <Form.Item
        name="password2"
        label={label('password2')}
        required
        dependencies={['password']}
        rules={[ruleOf('password2')]}
      >
        <Input.Password maxLength={64} autoComplete="new-password" placeholder={fillIn(label('password2'))} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isSubmitting}>
        注册并继续
      </Button>
    </Form>
  );
}
