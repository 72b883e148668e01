// /retrieveUserName (找回用户名), before sign-in: a mobile and a retrieve code answer the usernames of every
// account bound to that mobile (possibly none), then 返回登录.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button, Empty, Form, Input, List, Typography } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { validateMobile } from '@cqjy/domain/validation/mobile';
import { CodeInput, TopLevelFrame } from '../../components/index.ts';
import { searchUsernames, sendCode } from './api.ts';
import { checkCode, onlyDigits, ruleOf } from './form-rules.ts';

type SearchValues = { mobile: string; otp: string };

const sendRetrieveCode = (mobile: string): Promise<void> => sendCode('retrieve', mobile);

export function RetrieveUserNamePage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<SearchValues>();
  const mobile = Form.useWatch('mobile', form) ?? '';
  const otp = Form.useWatch('otp', form) ?? '';
  const [usernames, setUsernames] = useState<string[] | null>(null);
  const searching = useMutation({ mutationFn: searchUsernames });

  const onFinish = (values: SearchValues): void => {
    searching.mutate(
      { mobile: values.mobile, otp: values.otp.trim() },
      { onSuccess: setUsernames, onError: () => form.setFieldValue('otp', '') },
    );
  };

  return (
    <TopLevelFrame title="找回用户名">
      {usernames === null ? (
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          initialValues={{ otp: '' }}
          autoComplete="off"
        >
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
          <Button type="primary" htmlType="submit" block loading={searching.isPending}>
            查询用户名
          </Button>
        </Form>
      ) : (
        <div data-testid="username-result">
          {usernames.length === 0 ? (
            <Empty description={MSG.usernamesNone} />
          ) : (
            <>
              <Typography.Paragraph>该手机号码绑定的用户名：</Typography.Paragraph>
              <List
                bordered
                dataSource={usernames}
                renderItem={(name) => (
                  <List.Item>
                    <Typography.Text strong copyable>
                      {name}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            </>
          )}
          <Button
            type="primary"
            block
            style={{ marginTop: 24 }}
            onClick={() => void navigate('/login', { replace: true })}
          >
            返回登录
          </Button>
        </div>
      )}
      {usernames === null ? (
        <div style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between' }}>
          <Button type="link" style={{ padding: 0 }} onClick={() => void navigate('/login')}>
            返回登录
          </Button>
          <Link to="/retrieve" style={{ alignSelf: 'center' }}>
            忘记密码？
          </Link>
        </div>
      ) : null}
    </TopLevelFrame>
  );
}
