// /transferorOpen (project-owner account opening, SH-2.3, gate 1): a public page in three steps. A visitor opens
// the account (step 1, which signs them in); a signed-in applicant completes and submits the company information
// (step 2) while it is a draft or returned; once submitted the application waits for review on /transferorOpenTip.
import { Navigate, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Space, Steps } from 'antd';
import { isApplicationEditable } from '@cqjy/domain/account-opening';
import { hasValidLogin, useSession } from '../../lib/session-store.ts';
import { SignOutButton, TopLevelFrame } from '../../components/index.ts';
import { applicationQuery } from './api.ts';
import { CompanyForm } from './company-form.tsx';
import { RegisterForm } from './register-form.tsx';

export const TIP_PATH = '/transferorOpenTip';

const STEPS = [{ title: '账号注册' }, { title: '机构信息' }, { title: '等待审核' }];

function useIsSignedIn(): boolean {
  return useSession((session) => hasValidLogin(session, Date.now()));
}

function CompanyStep() {
  const navigate = useNavigate();
  const application = useQuery(applicationQuery());

  if (application.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (application.isError) {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="error" showIcon title="开户申请加载失败" />
        <Space>
          <Button onClick={() => void application.refetch()}>重新加载</Button>
          <SignOutButton isPrimary={false} />
        </Space>
      </Space>
    );
  }
  // Under review or approved: nothing to fill in here.
  if (!isApplicationEditable(application.data.examineStatus)) return <Navigate to={TIP_PATH} replace />;
  return (
    <>
      <CompanyForm
        // A fresh form for each application loaded, so its initial values are the server's.
        key={application.data.id}
        application={application.data}
        onSubmitted={() => void navigate(TIP_PATH, { replace: true })}
      />
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <SignOutButton isPrimary={false} />
      </div>
    </>
  );
}

export function TransferorOpenPage() {
  const navigate = useNavigate();
  const isSignedIn = useIsSignedIn();

  return (
    <TopLevelFrame title="项目方开户" width={720}>
      <Steps current={isSignedIn ? 1 : 0} items={STEPS} style={{ marginBottom: 24 }} />
      {isSignedIn ? (
        <CompanyStep />
      ) : (
        <>
          <RegisterForm onRegistered={() => undefined} />
          <div style={{ textAlign: 'center', marginTop: 16 }}>
            <Button type="link" onClick={() => void navigate('/login')}>
              已有账号？返回登录
            </Button>
          </div>
        </>
      )}
    </TopLevelFrame>
  );
}
