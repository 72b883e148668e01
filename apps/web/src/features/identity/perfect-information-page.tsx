// /perfectInformation (完善登录信息): an account whose password its user never chose (opened on their behalf)
// picks its own username and password, once. Then the session user is reloaded (gate 3 passes, the new username
// shows) and the guards decide where the user goes next.
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space } from 'antd';
import { validateAccountUsername } from '@cqjy/domain/identity-auth';
import { SignOutButton, TopLevelFrame } from '../../components/index.ts';
import { useSession } from '../../lib/session-store.ts';
import { postSetupAccount } from './api.ts';
import type { AccountForm } from './api.ts';
import { passwordRepeatRule, passwordRule, refreshSessionUser, ruleOf } from './form-rules.ts';

export function PerfectInformationPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<AccountForm>();
  const user = useSession((session) => session.userInfo);
  const submit = useMutation({
    mutationFn: async (values: AccountForm) => {
      await postSetupAccount({ ...values, username: values.username.trim() });
      await refreshSessionUser();
    },
    onSuccess: () => void navigate('/', { replace: true }),
  });

  return (
    <TopLevelFrame title="完善登录信息">
      {user?.setupPassword ? (
        <Alert
          type="info"
          showIcon
          title="登录信息已完善"
          action={<Button onClick={() => void navigate('/', { replace: true })}>返回</Button>}
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ username: user?.username ?? '' }}
          onFinish={(values) => submit.mutate(values)}
        >
          <Form.Item
            label="用户名"
            name="username"
            extra="4至30位字母、数字或下划线，以字母开头"
            rules={[
              ruleOf((value) => validateAccountUsername(typeof value === 'string' ? value.trim() : value)),
            ]}
          >
            <Input maxLength={30} autoComplete="username" />
          </Form.Item>
          <Form.Item label="登录密码" name="password" rules={[passwordRule]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="确认密码"
            name="password2"
            dependencies={['password']}
            rules={[passwordRepeatRule(form)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={submit.isPending}>
              保存
            </Button>
            <Button onClick={() => void navigate('/auth')}>返回开户信息</Button>
          </Space>
        </Form>
      )}
      <div style={{ textAlign: 'center', marginTop: 24 }}>
        <SignOutButton isPrimary={false} />
      </div>
    </TopLevelFrame>
  );
}
