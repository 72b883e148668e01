// /transferorOpenTip (gate 1 sends a project owner here while the account opening is not approved, SH-4.5). A
// visitor reads what opening an account takes and starts it; a signed-in applicant sees where the application
// stands: 待提交 (continue), 待审核 (wait), 已退回 (the reason, and correct it), or approved (enter the portal,
// where the gates decide what comes next).
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton, Space, Steps, Typography } from 'antd';
import { EXAMINE_STATUS, EXAMINE_STATUS_LABELS } from '@cqjy/domain/accounts';
import { MSG } from '@cqjy/domain/messages';
import { loadUserInfo } from '../../api/auth.ts';
import { ApiError } from '../../lib/http.ts';
import { hasValidLogin, useSession, wipeSession } from '../../lib/session-store.ts';
import { SignOutButton, TopLevelFrame } from '../../components/index.ts';
import { applicationQuery } from './api.ts';

const OPEN_PATH = '/transferorOpen';

function Intro() {
  const navigate = useNavigate();
  return (
    <>
      <Typography.Paragraph>
        项目方（转让方）在本平台发布项目前，需先开通机构账户，并经交易所审核通过。开户分为以下三步：
      </Typography.Paragraph>
      <Steps
        orientation="vertical"
        size="small"
        current={-1}
        items={[
          {
            title: '账号注册',
            content: '填写企业名称、统一社会信用代码、联系人及手机号码，设置登录用户名和密码。',
          },
          {
            title: '填写机构信息',
            content: '填写法定代表人、注册地址、监管机构等信息，并上传营业执照，提交交易所审核。',
          },
          {
            title: '等待审核',
            content: '交易所审核通过后即可进入系统；如被退回，可按退回原因修改后重新提交。',
          },
        ]}
      />
      <Typography.Title level={5}>请提前准备</Typography.Title>
      <ul>
        <li>营业执照扫描件或照片（pdf、png、jpg 格式）</li>
        <li>联系人本人可接收短信验证码的手机</li>
        <li>监管机构及国家出资企业的名称和统一社会信用代码</li>
      </ul>
      <Space style={{ width: '100%', justifyContent: 'center', marginTop: 16 }}>
        <Button type="primary" onClick={() => void navigate(OPEN_PATH)}>
          开始开户
        </Button>
        <Button onClick={() => void navigate('/login')}>返回登录</Button>
      </Space>
    </>
  );
}

function EnterButton() {
  const navigate = useNavigate();
  // The gates read the session user: it is reloaded so the approval is seen before the root decides.
  const entering = useMutation({
    mutationFn: loadUserInfo,
    onSuccess: () => void navigate('/', { replace: true }),
    onError: () => {
      wipeSession();
      void navigate('/login', { replace: true });
    },
  });
  return (
    <Button type="primary" loading={entering.isPending} onClick={() => entering.mutate()}>
      进入系统
    </Button>
  );
}

function StatusView() {
  const navigate = useNavigate();
  const application = useQuery(applicationQuery());
  const continueButton = (text: string) => (
    <Button type="primary" onClick={() => void navigate(OPEN_PATH)}>
      {text}
    </Button>
  );

  if (application.isPending) return <Skeleton active />;
  if (application.isError) {
    // A company that never needed the review (404) simply enters the portal.
    const isNoApplication = application.error instanceof ApiError && application.error.status === 404;
    return (
      <Result
        status={isNoApplication ? 'info' : 'error'}
        title={isNoApplication ? MSG.applicationNotFound : '开户申请加载失败'}
        extra={
          <Space>
            {isNoApplication ? (
              <EnterButton />
            ) : (
              <Button onClick={() => void application.refetch()}>重新加载</Button>
            )}
            <SignOutButton isPrimary={false} />
          </Space>
        }
      />
    );
  }

  const { examineStatus, examineReason, name } = application.data;
  const label = examineStatus === null ? '' : (EXAMINE_STATUS_LABELS[examineStatus] ?? '');
  let view: {
    status: 'info' | 'success' | 'warning' | 'error';
    title: string;
    body: ReactNode;
    action: ReactNode;
  };
  switch (examineStatus) {
    case EXAMINE_STATUS.draft:
      view = {
        status: 'info',
        title: label,
        body: '账号已注册，请继续填写机构信息并提交审核。',
        action: continueButton('继续填写'),
      };
      break;
    case EXAMINE_STATUS.submitted:
      view = {
        status: 'info',
        title: label,
        body: '开户申请已提交，交易所将尽快审核，请耐心等待。审核结果可重新登录后在本页查看。',
        action: null,
      };
      break;
    case EXAMINE_STATUS.returned:
      view = {
        status: 'warning',
        title: label,
        body: (
          <Alert
            type="error"
            showIcon
            title="退回原因"
            description={<Typography.Text strong>{examineReason ?? '—'}</Typography.Text>}
            style={{ textAlign: 'left' }}
          />
        ),
        action: continueButton('修改并重新提交'),
      };
      break;
    default:
      view = {
        status: 'success',
        title: label || EXAMINE_STATUS_LABELS[EXAMINE_STATUS.approved] || '',
        body: '开户申请已审核通过，欢迎使用本平台。',
        action: <EnterButton />,
      };
  }
  return (
    <Result
      status={view.status}
      title={view.title}
      subTitle={name}
      extra={
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {typeof view.body === 'string' ? (
            <Typography.Paragraph>{view.body}</Typography.Paragraph>
          ) : (
            view.body
          )}
          <Space>
            {view.action}
            <SignOutButton isPrimary={view.action === null} />
          </Space>
        </Space>
      }
    />
  );
}

export function TransferorOpenTipPage() {
  const isSignedIn = useSession((session) => hasValidLogin(session, Date.now()));
  return (
    <TopLevelFrame title="项目方开户" width={640}>
      {isSignedIn ? <StatusView /> : <Intro />}
    </TopLevelFrame>
  );
}
