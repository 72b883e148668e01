// /login: username, password and captcha (spec 000 section 7, Auth). The captcha call hands out the anonymous
// session id the login call must carry, so the picture and the id are always refreshed together.
import { useNavigate } from 'react-router';
import { Button, Form, Input } from 'antd';
import LockOutlined from '@ant-design/icons/LockOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { MSG } from '@cqjy/domain/messages';
import { firstTab, identityName } from '@cqjy/domain/identity';
import { useCaptchaImage, useSignIn } from '../../api/auth.ts';
import type { LoginForm } from '../../api/auth.ts';
import { notify } from '../../api/notify.ts';

export function LoginPage() {
  const [form] = Form.useForm<LoginForm>();
  const navigate = useNavigate();
  const captcha = useCaptchaImage();
  const signIn = useSignIn();

  const onFinish = (values: LoginForm): void => {
    signIn.mutate(values, {
      onSuccess: ({ identityType }) => {
        notify.success(MSG.loginOk);
        void navigate(firstTab(identityName(identityType)).path, { replace: true });
      },
      onError: () => {
        // Whatever failed, the captcha was used up by this attempt: a wrong one (status 1) or wrong credentials
        // (HTTP 401, already reported by the client) both need a fresh picture.
        form.setFieldValue('captcha', '');
        captcha.refresh();
      },
    });
  };

  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        background: 'linear-gradient(135deg, #e6f0ff 0%, #f5f7fa 60%, #ffffff 100%)',
      }}
    >
      {/* A plain panel rather than antd Card: Card pulls in Tabs, Menu and Skeleton, tripling this entry chunk. */}
      <section
        aria-labelledby="login-title"
        style={{
          width: 400,
          maxWidth: '100%',
          padding: '28px 32px 32px',
          background: '#fff',
          borderRadius: 12,
          boxShadow: '0 8px 24px rgba(0, 32, 96, 0.08)',
        }}
      >
        <h1
          id="login-title"
          style={{ margin: '0 0 24px', fontSize: 22, fontWeight: 600, textAlign: 'center' }}
        >
          产权交易机构服务中台
        </h1>
        <Form<LoginForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          autoComplete="off"
        >
          <Form.Item
            name="username"
            label="用户名"
            rules={[{ required: true, whitespace: true, message: MSG.usernameRequired }]}
          >
            <Input
              id="username"
              placeholder="用户名"
              prefix={<UserOutlined />}
              autoComplete="username"
              size="large"
            />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[{ required: true, message: MSG.passwordRequired }]}>
            <Input.Password
              id="password"
              placeholder="密码"
              prefix={<LockOutlined />}
              autoComplete="current-password"
              size="large"
            />
          </Form.Item>
          <Form.Item label="验证码" required>
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item
                name="captcha"
                noStyle
                rules={[{ required: true, whitespace: true, message: MSG.captchaRequired }]}
              >
                <Input
                  id="captcha"
                  placeholder="验证码"
                  prefix={<SafetyOutlined />}
                  size="large"
                  maxLength={8}
                />
              </Form.Item>
              <button
                type="button"
                onClick={captcha.refresh}
                title="看不清？点击刷新"
                aria-label="刷新验证码"
                style={{
                  flex: '0 0 120px',
                  height: 40,
                  padding: 0,
                  border: '1px solid #d9d9d9',
                  borderRadius: 8,
                  background: '#fafafa',
                  cursor: 'pointer',
                  overflow: 'hidden',
                }}
              >
                {captcha.src ? (
                  <img
                    src={captcha.src}
                    alt="验证码"
                    data-testid="captcha-image"
                    style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
                  />
                ) : (
                  <span style={{ color: '#999', fontSize: 12 }}>
                    {captcha.isLoading ? '加载中…' : '点击获取'}
                  </span>
                )}
              </button>
            </div>
          </Form.Item>
          <Form.Item style={{ marginBottom: 0 }}>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={signIn.isPending}
              autoInsertSpace={false}
            >
              登录
            </Button>
          </Form.Item>
        </Form>
      </section>
    </main>
  );
}
