// The security tabs of the personal centre: 修改密码 (an SMS code to the own mobile, the new password twice) and
// 更换手机号 (codes to the current and the new mobile; a number the company's manager set as pending is confirmed
// with its own code alone). Both sign out the person's other sessions on the server; this one stays and its
// user is loaded again, so the expired-password prompt and gate 4 see the change.
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Typography } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { validatePassword, validatePasswordRepeat } from '@cqjy/domain/validation/password';
import { maskMobile, validateMobile } from '@cqjy/domain/validation/mobile';
import { loadUserInfo } from '../../api/auth.ts';
import { useSession } from '../../lib/session-store.ts';
import { CodeInput } from '../../components/index.ts';
import { editPassword, fetchPhone, sendCode, updatePhone } from './api.ts';
import { checkCode, onlyDigits, ruleOf } from './form-rules.ts';

const FORM_WIDTH = 480;

/** Reloads the session user after a change; a failure has been reported by the client already. */
export function refreshUser(): void {
  loadUserInfo().catch(() => undefined);
}

/** The own mobile's code: the server sends it to the number on file, so none is sent along. */
const sendToOwnMobile = (purpose: 'phone' | 'general') => (): Promise<void> => sendCode(purpose, undefined);

type PasswordValues = { phonecode: string; newpassword: string; newpassword2: string };

export function PasswordTab() {
  const [form] = Form.useForm<PasswordValues>();
  const ownMobile = useSession((session) => session.userInfo?.mobile ?? '');
  const phonecode = Form.useWatch('phonecode', form) ?? '';
  const changing = useMutation({ mutationFn: editPassword });

  if (ownMobile === '') return <Alert type="warning" showIcon title={MSG.mobileNotBound} />;

  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: FORM_WIDTH }}
      initialValues={{ phonecode: '' }}
      autoComplete="off"
      onFinish={(values) =>
        changing.mutate(
          { ...values, phonecode: values.phonecode.trim() },
          {
            onSuccess: () => {
              form.resetFields();
              refreshUser();
            },
            onError: () => form.setFieldValue('phonecode', ''),
          },
        )
      }
    >
      <Typography.Paragraph type="secondary">{MSG.passwordPolicyHint}</Typography.Paragraph>
      <Form.Item label="手机号码">
        <Input value={maskMobile(ownMobile)} disabled />
      </Form.Item>
      <Form.Item label="短信验证码" name="phonecode" rules={[ruleOf(checkCode)]}>
        <CodeInput
          value={phonecode}
          onChange={(code) => form.setFieldValue('phonecode', code)}
          mobile={ownMobile}
          onSend={sendToOwnMobile('general')}
          label="手机验证码"
        />
      </Form.Item>
      <Form.Item label="新密码" name="newpassword" rules={[ruleOf(validatePassword)]}>
        <Input.Password placeholder="请输入新密码" maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="newpassword2"
        dependencies={['newpassword']}
        rules={[
          ({ getFieldValue }) =>
            ruleOf((value) => validatePasswordRepeat(String(getFieldValue('newpassword') ?? ''), value)),
        ]}
      >
        <Input.Password placeholder="请再次输入新密码" maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={changing.isPending}>
        确认修改
      </Button>
    </Form>
  );
}

type PhoneValues = { oldOtp: string; mobile: string; otp: string };

export function PhoneTab() {
  const [form] = Form.useForm<PhoneValues>();
  const queryClient = useQueryClient();
  const userInfo = useSession((session) => session.userInfo);
  const phone = useQuery({ queryKey: ['profile', 'phone'], queryFn: fetchPhone });
  const changing = useMutation({ mutationFn: updatePhone });
  const ownMobile = userInfo?.mobile ?? '';
  const pending = userInfo?.pendingPhone ?? null;
  const newMobile = Form.useWatch('mobile', form) ?? '';
  const oldOtp = Form.useWatch('oldOtp', form) ?? '';
  const otp = Form.useWatch('otp', form) ?? '';
  // Confirming the pending number needs no code of the current one; nor does an account without a mobile.
  const isConfirmingPending = pending !== null && newMobile === pending;
  const needsOldCode = ownMobile !== '' && !isConfirmingPending;

  const onFinish = (values: PhoneValues): void => {
    changing.mutate(
      {
        ...(needsOldCode ? { oldOtp: values.oldOtp.trim() } : {}),
        mobile: values.mobile,
        otp: values.otp.trim(),
      },
      {
        onSuccess: () => {
          form.resetFields();
          void queryClient.invalidateQueries({ queryKey: ['profile', 'phone'] });
          refreshUser();
        },
        onError: () => form.setFieldsValue({ oldOtp: '', otp: '' }),
      },
    );
  };

  return (
    <div style={{ maxWidth: FORM_WIDTH }}>
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="当前手机号码">{phone.data?.mobile ?? '—'}</Descriptions.Item>
        {phone.data?.pendingPhone ? (
          <Descriptions.Item label="待确认的手机号码">{phone.data.pendingPhone}</Descriptions.Item>
        ) : null}
      </Descriptions>
      {pending !== null ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="机构管理员为您设置了新手机号码，获取验证码并确认后生效"
          action={
            <Button size="small" onClick={() => form.setFieldValue('mobile', pending)}>
              确认该号码
            </Button>
          }
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ oldOtp: '', otp: '' }}
        autoComplete="off"
        onFinish={onFinish}
      >
        {needsOldCode ? (
          <Form.Item label="当前手机号码验证码" name="oldOtp" rules={[ruleOf(checkCode)]}>
            <CodeInput
              value={oldOtp}
              onChange={(code) => form.setFieldValue('oldOtp', code)}
              mobile={ownMobile}
              onSend={sendToOwnMobile('phone')}
              label="当前手机号码验证码"
            />
          </Form.Item>
        ) : null}
        <Form.Item label="新手机号码" name="mobile" rules={[ruleOf(validateMobile)]} normalize={onlyDigits}>
          <Input placeholder="请输入新手机号码" inputMode="numeric" maxLength={11} />
        </Form.Item>
        <Form.Item label="新手机号码验证码" name="otp" rules={[ruleOf(checkCode)]}>
          <CodeInput
            value={otp}
            onChange={(code) => form.setFieldValue('otp', code)}
            mobile={newMobile}
            onSend={(mobile) => sendCode('phone', mobile)}
            label="新手机号码验证码"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={changing.isPending}>
          {isConfirmingPending ? '确认新手机号码' : '确认更换'}
        </Button>
      </Form>
    </div>
  );
}
