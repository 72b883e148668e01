// /retrieve (忘记密码), before sign-in: 1 验证身份 (username, mobile and a retrieve code) -> 2 设置新密码 (the
// password twice, under the policy) -> 3 完成 (返回登录). The ticket of step 1 lives only in this page's state and
// works only with the anonymous session the code was requested in, which the client keeps as its token.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Result, Steps, Typography } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { validatePassword, validatePasswordRepeat } from '@cqjy/domain/validation/password';
import { validateMobile } from '@cqjy/domain/validation/mobile';
import { CodeInput, TopLevelFrame } from '../../components/index.ts';
import { proveMobile, resetPassword, sendCode } from './api.ts';
import { checkCode, onlyDigits, ruleOf } from './form-rules.ts';

type Step = 0 | 1 | 2;

type ProveValues = { username: string; mobile: string; otp: string };
type PasswordValues = { password: string; password2: string };

const sendRetrieveCode = (mobile: string): Promise<void> => sendCode('retrieve', mobile);

function ProveStep({ onProven }: { onProven: (ticket: string) => void }) {
  const [form] = Form.useForm<ProveValues>();
  const mobile = Form.useWatch('mobile', form) ?? '';
  const otp = Form.useWatch('otp', form) ?? '';
  const proving = useMutation({ mutationFn: proveMobile });

  const onFinish = (values: ProveValues): void => {
    proving.mutate(
      { username: values.username.trim(), mobile: values.mobile, otp: values.otp.trim() },
      {
        onSuccess: onProven,
        // A refused code is spent either way: the boxes empty for the next one.
        onError: () => form.setFieldValue('otp', ''),
      },
    );
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ otp: '' }} autoComplete="off">
      <Form.Item
        label="用户名"
        name="username"
        rules={[{ required: true, whitespace: true, message: MSG.usernameRequired }]}
      >
        <Input placeholder="请输入用户名" maxLength={64} />
      </Form.Item>
      <Form.Item label="手机号码" name="mobile" rules={[ruleOf(validateMobile)]} normalize={onlyDigits}>
        <Input placeholder="请输入账号绑定的手机号码" inputMode="numeric" maxLength={11} />
      </Form.Item>
      <Form.Item label="短信验证码" name="otp" rules={[ruleOf(checkCode)]}>
        <CodeInput
          value={otp}
          onChange={(code) => form.setFieldValue('otp', code)}
          mobile={mobile}
          onSend={sendRetrieveCode}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={proving.isPending}>
        下一步
      </Button>
    </Form>
  );
}

function PasswordStep({ ticket, onDone }: { ticket: string; onDone: () => void }) {
  const [form] = Form.useForm<PasswordValues>();
  const resetting = useMutation({ mutationFn: resetPassword });

  return (
    <Form
      form={form}
      layout="vertical"
      autoComplete="off"
      onFinish={(values) =>
        resetting.mutate(
          { ticket, password: values.password, password2: values.password2 },
          { onSuccess: onDone },
        )
      }
    >
      <Typography.Paragraph type="secondary">{MSG.passwordPolicyHint}</Typography.Paragraph>
      <Form.Item label="新密码" name="password" rules={[ruleOf(validatePassword)]}>
        <Input.Password placeholder="请输入新密码" maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="password2"
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) =>
            ruleOf((value) => validatePasswordRepeat(String(getFieldValue('password') ?? ''), value)),
        ]}
      >
        <Input.Password placeholder="请再次输入新密码" maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={resetting.isPending}>
        确认修改
      </Button>
    </Form>
  );
}

export function RetrievePage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(0);
  const [ticket, setTicket] = useState<string | null>(null);

  return (
    <TopLevelFrame title="忘记密码">
      <Steps
        current={step}
        size="small"
        style={{ marginBottom: 24 }}
        items={[{ title: '验证身份' }, { title: '设置新密码' }, { title: '完成' }]}
      />
      {step === 0 ? (
        <ProveStep
          onProven={(proven) => {
            setTicket(proven);
            setStep(1);
          }}
        />
      ) : null}
      {step === 1 && ticket !== null ? (
        <PasswordStep
          ticket={ticket}
          onDone={() => {
            setTicket(null);
            setStep(2);
          }}
        />
      ) : null}
      {step === 2 ? (
        <Result
          status="success"
          title={MSG.passwordResetOk}
          extra={
            <Button type="primary" onClick={() => void navigate('/login', { replace: true })}>
              返回登录
            </Button>
          }
        />
      ) : null}
      {step !== 2 ? (
        <div style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between' }}>
          <Button type="link" style={{ padding: 0 }} onClick={() => void navigate('/login')}>
            返回登录
          </Button>
          <Link to="/retrieveUserName" style={{ alignSelf: 'center' }}>
            忘记用户名？
          </Link>
        </div>
      ) : null}
    </TopLevelFrame>
  );
}
