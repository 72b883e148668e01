// /auth (开户信息, gates 2 to 5): one card per thing GET /api/app/validate/authstatus says is still needed —
// real-name authentication (continued on /scanCode), company authentication (basic at once, advanced reviewed by
// the exchange), the first password, the confirmation of a pending phone — with the status pages of each. The
// session user is reloaded when a step makes a gate hold the user (认证中, 审核中, 未通过) and by 下一步 once every need
// is met; a step that releases a gate waits for 下一步, so the guards do not move the user on while this page still
// has something to ask (a company authentication after the face scan, say).
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Result, Select, Skeleton, Space, Steps, Typography } from 'antd';
import type { StepsProps } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { AUTH_STATUS, COMPANY_AUTH_STATUS, ID_TYPES } from '@cqjy/domain/accounts';
import {
  allowedIdTypes,
  validateIdNumber,
  validateRealName,
  type AuthStatusResult,
  type UserAuthentication,
} from '@cqjy/domain/identity-auth';
import { MSG } from '@cqjy/domain/messages';
import { validateCreditCode } from '@cqjy/domain/validation/credit-code';
import { CodeInput, FileUpload, SignOutButton, TopLevelFrame } from '../../components/index.ts';
import { useSession } from '../../lib/session-store.ts';
import {
  authenticationQuery,
  authStatusQuery,
  postCompanyAuth,
  postConfirmPhone,
  postRealName,
  postSetupPassword,
  sendPhoneOtp,
} from './api.ts';
import type { CompanyAuthForm, PasswordForm, RealNameForm } from './api.ts';
import { passwordRepeatRule, passwordRule, refreshSessionUser, ruleOf } from './form-rules.ts';

/** The attachments record class and tag of the business licence of advanced company authentication. */
export const LICENCE_DATA_CLASS = 'companyAuth';
export const LICENCE_TAG = 'businessLicense';

type StepStatus = NonNullable<StepsProps['items']>[number]['status'];
type Step = { key: string; title: string; status: StepStatus; content: ReactNode };

/** Re-reads both answers after a step; the caller decides whether the session user is reloaded too. */
function useRefetchAuth(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['identity'] });
  };
}

function realNameStep(status: AuthStatusResult): StepStatus {
  if (!status.needs.realName) return 'finish';
  if (status.authStatus === AUTH_STATUS.failed) return 'error';
  return 'process';
}

function companyStep(status: AuthStatusResult): StepStatus {
  if (!status.needs.companyAuth) return 'finish';
  if (status.companyAuthStatus === COMPANY_AUTH_STATUS.refused) return 'error';
  return 'process';
}

function RealNameSection({ status, auth }: { status: AuthStatusResult; auth: UserAuthentication }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<RealNameForm>();
  const [isRetrying, setIsRetrying] = useState(false);
  const idTypes = allowedIdTypes(status.identityType);
  const submit = useMutation({
    mutationFn: postRealName,
    onSuccess: async (requestId) => {
      // 认证中 holds the user at gate 5 from now on: the scan pages stay reachable whatever the identity.
      await refreshSessionUser().catch(() => undefined);
      void navigate(`/scanCode?requestId=${encodeURIComponent(requestId)}`);
    },
  });

  if (!status.needs.realName) {
    return (
      <Alert
        type="success"
        showIcon
        title="已完成实名认证"
        description={`${auth.realName ?? ''} ${auth.idCardMasked ?? ''}`.trim()}
      />
    );
  }
  const isInProgress = status.authStatus === AUTH_STATUS.inProgress && status.pendingRequestId !== null;
  if (isInProgress && !isRetrying) {
    return (
      <Alert
        type="info"
        showIcon
        title="认证中"
        description="实名信息已提交，请继续完成人脸核验。"
        action={
          <Space orientation="vertical">
            <Button
              type="primary"
              onClick={() =>
                void navigate(`/scanCode?requestId=${encodeURIComponent(status.pendingRequestId ?? '')}`)
              }
            >
              继续人脸核验
            </Button>
            <Button onClick={() => setIsRetrying(true)}>重新填写</Button>
          </Space>
        }
      />
    );
  }
  return (
    <>
      {status.authStatus === AUTH_STATUS.failed ? (
        <Alert
          type="error"
          showIcon
          title="认证失败"
          description="人脸核验未通过，请核对信息后重新认证。"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ idType: idTypes[0] }}
        onFinish={(values) =>
          submit.mutate({
            realName: values.realName.trim(),
            idType: values.idType,
            idCard: values.idCard.trim(),
          })
        }
      >
        <Form.Item label="真实姓名" name="realName" rules={[ruleOf(validateRealName)]}>
          <Input maxLength={30} autoComplete="name" />
        </Form.Item>
        <Form.Item label="证件类型" name="idType" rules={[{ required: true, message: MSG.idTypeRequired }]}>
          <Select
            aria-label="证件类型"
            options={idTypes.map((value) => ({ value, label: ID_TYPES[value] }))}
          />
        </Form.Item>
        <Form.Item
          label="证件号码"
          name="idCard"
          dependencies={['idType']}
          rules={[ruleOf((value) => validateIdNumber(Number(form.getFieldValue('idType')), value))]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {status.authStatus === AUTH_STATUS.failed ? '重新认证' : '提交并进行人脸核验'}
        </Button>
      </Form>
    </>
  );
}

function CompanySection({ status, auth }: { status: AuthStatusResult; auth: UserAuthentication }) {
  const refetch = useRefetchAuth();
  const [form] = Form.useForm<CompanyAuthForm & { licence?: AttachmentItem[] }>();
  // The draft id the licence is uploaded under; the server moves it to the application on submission.
  const [createId] = useState(() => crypto.randomUUID());
  const isAdvanced = status.companyAuthLevel === 'advanced';
  const submit = useMutation({
    mutationFn: postCompanyAuth,
    onSuccess: async (companyAuthStatus) => {
      // 审核中 holds the user at gate 5; authenticated waits for 下一步.
      if (companyAuthStatus === COMPANY_AUTH_STATUS.underReview) {
        await refreshSessionUser().catch(() => undefined);
      }
      await refetch();
    },
  });

  if (status.companyAuthStatus === COMPANY_AUTH_STATUS.authenticated) {
    return <Alert type="success" showIcon title="企业认证已完成" description={auth.companyName ?? ''} />;
  }
  if (status.companyAuthStatus === COMPANY_AUTH_STATUS.underReview) {
    return (
      <Alert
        type="info"
        showIcon
        title="审核中"
        description="企业认证申请已提交，交易所审核通过后即可继续使用。"
      />
    );
  }
  return (
    <>
      {status.companyAuthStatus === COMPANY_AUTH_STATUS.refused ? (
        <Alert
          type="error"
          showIcon
          title="未通过"
          description={`退回原因：${status.companyAuthReason ?? ''}`}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ companyName: auth.companyName ?? '', creditCode: auth.creditCode ?? '' }}
        onFinish={(values) =>
          submit.mutate({
            companyName: values.companyName.trim(),
            creditCode: values.creditCode.trim(),
            ...(values.legalPerson ? { legalPerson: values.legalPerson.trim() } : {}),
            ...(isAdvanced ? { licenceUuid: values.licence?.[0]?.uuid ?? '', createId } : {}),
          })
        }
      >
        <Form.Item
          label="企业名称"
          name="companyName"
          rules={[{ required: true, whitespace: true, message: MSG.companyNameRequired }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="统一社会信用代码" name="creditCode" rules={[ruleOf(validateCreditCode)]}>
          <Input maxLength={18} />
        </Form.Item>
        {isAdvanced ? (
          <>
            <Form.Item label="法定代表人" name="legalPerson">
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item
              label="营业执照"
              name="licence"
              rules={[{ required: true, type: 'array', min: 1, message: MSG.licenceRequired }]}
            >
              <FileUpload
                tag={LICENCE_TAG}
                dataClass={LICENCE_DATA_CLASS}
                createId={createId}
                maxCount={1}
                accept={['pdf', 'png', 'jpg', 'jpeg']}
                buttonText="上传营业执照"
              />
            </Form.Item>
          </>
        ) : null}
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {isAdvanced ? '提交审核' : '企业认证'}
        </Button>
      </Form>
    </>
  );
}

function PasswordSection() {
  const refetch = useRefetchAuth();
  const [form] = Form.useForm<PasswordForm>();
  const submit = useMutation({ mutationFn: postSetupPassword, onSuccess: refetch });
  return (
    <Form form={form} layout="vertical" onFinish={(values) => submit.mutate(values)}>
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
          设置密码
        </Button>
        <Link to="/perfectInformation">同时修改用户名</Link>
      </Space>
    </Form>
  );
}

function PhoneSection({ masked }: { masked: string | null }) {
  const refetch = useRefetchAuth();
  const pendingPhone = useSession((session) => session.userInfo?.pendingPhone ?? '');
  const [code, setCode] = useState('');
  const submit = useMutation({
    mutationFn: () => postConfirmPhone(pendingPhone, code),
    onSuccess: refetch,
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text>
        新手机号：<Typography.Text strong>{masked ?? ''}</Typography.Text>
      </Typography.Text>
      <CodeInput value={code} onChange={setCode} mobile={pendingPhone} onSend={sendPhoneOtp} />
      <Button
        type="primary"
        disabled={code.length !== 6}
        loading={submit.isPending}
        onClick={() => submit.mutate()}
      >
        确认新手机号
      </Button>
    </Space>
  );
}

export function AuthPage() {
  const navigate = useNavigate();
  const statusQuery = useQuery(authStatusQuery());
  const authQuery = useQuery(authenticationQuery());
  const next = useMutation({ mutationFn: refreshSessionUser });
  const status = statusQuery.data;
  const auth = authQuery.data;

  if (statusQuery.isPending || authQuery.isPending) {
    return (
      <TopLevelFrame title="开户信息" width={760}>
        <Skeleton active />
      </TopLevelFrame>
    );
  }
  // A failed call, or an answer without data: nothing to ask for can be shown, but the user can still leave.
  if (!status || !auth) {
    return (
      <TopLevelFrame title="开户信息" width={760}>
        <Result status="error" title="开户信息加载失败" extra={<SignOutButton />} />
      </TopLevelFrame>
    );
  }

  const { needs } = status;
  const isDone = !needs.realName && !needs.companyAuth && !needs.password && !needs.phone;
  const steps: Step[] = [
    {
      key: 'realName',
      title: '实名认证',
      status: realNameStep(status),
      content: <RealNameSection status={status} auth={auth} />,
    },
  ];
  if (status.companyAuthLevel !== null) {
    steps.push({
      key: 'company',
      title: status.companyAuthLevel === 'advanced' ? '企业高级认证' : '企业认证',
      status: companyStep(status),
      content: <CompanySection status={status} auth={auth} />,
    });
  }
  if (needs.password) {
    steps.push({ key: 'password', title: '设置登录密码', status: 'process', content: <PasswordSection /> });
  }
  if (needs.phone) {
    steps.push({
      key: 'phone',
      title: '确认新手机号',
      status: 'process',
      content: <PhoneSection masked={status.pendingPhone} />,
    });
  }

  return (
    <TopLevelFrame title="开户信息" width={760}>
      <Steps
        size="small"
        style={{ marginBottom: 24 }}
        items={steps.map((step) => ({ key: step.key, title: step.title, status: step.status }))}
      />
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {steps.map((step) => (
          <Card key={step.key} size="small" title={step.title}>
            {step.content}
          </Card>
        ))}
      </Space>
      <div style={{ display: 'flex', justifyContent: 'center', gap: 16, marginTop: 24 }}>
        {isDone ? (
          <Button
            type="primary"
            loading={next.isPending}
            onClick={() =>
              next.mutate(undefined, {
                onSuccess: () => void navigate('/', { replace: true }),
                onError: () => void navigate('/login', { replace: true }),
              })
            }
          >
            下一步
          </Button>
        ) : null}
        <SignOutButton isPrimary={!isDone} />
      </div>
      {!isDone ? (
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 12 }}>
          请完成以上各项，全部完成后即可进入下一步。
        </Typography.Paragraph>
      ) : null}
    </TopLevelFrame>
  );
}
