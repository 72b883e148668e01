// /signature (电子签章信息, gate 7 of transferors): the company and operator facts and the enrolment state. Not yet
// enrolled: what enrolment gives, then 申请电子签章 with an SMS code sent to the user's own mobile; the session
// user is reloaded afterwards, so gate 7 lets them through. Enrolled: both seals, the certificate details and
// files, the root certificate, and 进入首页 ('/', from where the guards route onward). The guard only runs on
// navigation, so the page stays on the enrolled state until the user moves on.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import {
  AUTH_STATUS,
  AUTH_STATUS_LABELS,
  COMPANY_AUTH_STATUS,
  COMPANY_AUTH_STATUS_LABELS,
} from '@cqjy/domain/accounts';
import { formatDate } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { CodeInput, SignOutButton, TopLevelFrame } from '../../components/index.ts';
import { useSession } from '../../lib/session-store.ts';
import {
  SIGNATURE_INFO_KEY,
  downloadCertificate,
  downloadRootCertificate,
  fetchSealImage,
  postEnrol,
  refreshSessionUser,
  sendSignOtp,
  signatureInfoQuery,
} from './api.ts';
import type { SignatureCredential, SignatureInfo } from '@cqjy/domain/signatures';

const AUTH_PATH = '/auth';

type ImageState = { src: string | null; isLoading: boolean };

/** The seal of a credential as an object URL, revoked when the credential changes or the page goes. */
function useSealImage(id: number): ImageState {
  const [image, setImage] = useState<ImageState>({ src: null, isLoading: true });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setImage({ src: null, isLoading: true });
    fetchSealImage(id, controller.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setImage({ src: url, isLoading: false });
      })
      .catch(() => {
        // The client has already said what failed; the details stay readable without the picture.
        if (!controller.signal.aborted) setImage({ src: null, isLoading: false });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return image;
}

function findCredential(
  info: SignatureInfo,
  kind: SignatureCredential['kind'],
): SignatureCredential | undefined {
  return info.credentials.find((credential) => credential.kind === kind);
}

function CredentialCard({ title, credential }: { title: string; credential: SignatureCredential }) {
  const image = useSealImage(credential.id);
  const download = useMutation({ mutationFn: () => downloadCertificate(credential) });
  return (
    <Card size="small" title={title} style={{ flex: '1 1 280px' }}>
      <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: 170 }}>
        {image.isLoading ? (
          <Skeleton.Image active />
        ) : image.src ? (
          <img
            src={image.src}
            alt={title}
            style={{ display: 'block', maxWidth: '100%', maxHeight: 160, objectFit: 'contain' }}
          />
        ) : (
          <Typography.Text type="secondary">印章图片暂时无法显示</Typography.Text>
        )}
      </div>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'serial',
            label: '证书序列号',
            children: <Typography.Text copyable>{credential.serialNumber}</Typography.Text>,
          },
          {
            key: 'validity',
            label: '有效期',
            children: `${formatDate(credential.notBefore)} 至 ${formatDate(credential.notAfter)}`,
          },
          { key: 'issuer', label: '颁发机构', children: credential.issuer },
          { key: 'subject', label: '证书主题', children: credential.subject },
        ]}
      />
      <Button block style={{ marginTop: 8 }} loading={download.isPending} onClick={() => download.mutate()}>
        下载证书
      </Button>
    </Card>
  );
}

function FactsTable({ info, isEnrolled }: { info: SignatureInfo; isEnrolled: boolean }) {
  const nickname = useSession((session) => session.userInfo?.nickname ?? session.userInfo?.username ?? '');
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      items={[
        { key: 'company', label: '机构名称', children: info.company.name },
        { key: 'creditCode', label: '统一社会信用代码', children: info.company.creditCode ?? '—' },
        { key: 'operator', label: '经办人', children: info.operator.realName ?? nickname },
        { key: 'mobile', label: '手机号码', children: info.operator.mobileMasked || '—' },
        {
          key: 'auth',
          label: '实名认证',
          children: (
            <Tag color={info.authStatus === AUTH_STATUS.authenticated ? 'success' : 'warning'}>
              {AUTH_STATUS_LABELS[info.authStatus] ?? '未认证'}
            </Tag>
          ),
        },
        {
          key: 'companyAuth',
          label: '企业认证',
          children: (
            <Tag color={info.companyAuthStatus === COMPANY_AUTH_STATUS.authenticated ? 'success' : 'warning'}>
              {COMPANY_AUTH_STATUS_LABELS[info.companyAuthStatus] ?? '未认证'}
            </Tag>
          ),
        },
        {
          key: 'signature',
          label: '电子签章',
          children: <Tag color={isEnrolled ? 'success' : 'default'}>{isEnrolled ? '已开通' : '未开通'}</Tag>,
        },
      ]}
    />
  );
}

function EnrolSection({ info }: { info: SignatureInfo }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mobile = useSession((session) => session.userInfo?.mobile ?? '');
  const [code, setCode] = useState('');
  const enrol = useMutation({
    mutationFn: () => postEnrol(code),
    onSuccess: async (next) => {
      queryClient.setQueryData(SIGNATURE_INFO_KEY, next);
      // Gate 7 reads mainOperatorAuth from the session user; the guards see it on the next navigation.
      await refreshSessionUser().catch(() => undefined);
    },
  });
  const missing: string[] = [];
  if (info.authStatus !== AUTH_STATUS.authenticated) missing.push(MSG.signatureNeedsRealName);
  if (info.companyAuthStatus !== COMPANY_AUTH_STATUS.authenticated)
    missing.push(MSG.signatureNeedsCompanyAuth);
  const isReady = missing.length === 0;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title="申请电子签章"
        description="电子签章用于在线签署申请书、函件等文件，与加盖实体印章具有同等效力。申请后，系统将为贵机构签发机构数字证书并生成机构电子印章，同时为您签发个人数字证书并生成个人签名章。申请时需验证您本人的手机号码。"
      />
      {isReady ? null : (
        <Alert
          type="warning"
          showIcon
          title={missing.join('；')}
          action={
            <Button size="small" onClick={() => void navigate(AUTH_PATH)}>
              前往认证
            </Button>
          }
        />
      )}
      <div>
        <Typography.Paragraph style={{ marginBottom: 8 }}>
          短信验证码将发送至 {info.operator.mobileMasked || '您的手机'}
        </Typography.Paragraph>
        <CodeInput
          value={code}
          onChange={setCode}
          mobile={mobile}
          onSend={sendSignOtp}
          isDisabled={!isReady || enrol.isPending}
        />
      </div>
      <Button
        type="primary"
        size="large"
        block
        disabled={!isReady || code.length !== 6}
        loading={enrol.isPending}
        onClick={() => enrol.mutate()}
      >
        申请电子签章
      </Button>
    </Space>
  );
}

function EnrolledSection({ info }: { info: SignatureInfo }) {
  const navigate = useNavigate();
  const company = findCredential(info, 'company');
  const operator = findCredential(info, 'operator');
  const root = useMutation({ mutationFn: downloadRootCertificate });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        {company ? <CredentialCard title="机构电子印章" credential={company} /> : null}
        {operator ? <CredentialCard title="个人签名章" credential={operator} /> : null}
      </div>
      <Space wrap>
        <Button loading={root.isPending} onClick={() => root.mutate()}>
          下载根证书
        </Button>
        <Button type="primary" onClick={() => void navigate('/', { replace: true })}>
          进入首页
        </Button>
      </Space>
    </Space>
  );
}

export function SignaturePage() {
  const infoQuery = useQuery(signatureInfoQuery());
  const info = infoQuery.data;
  const isEnrolled =
    info !== undefined &&
    findCredential(info, 'company') !== undefined &&
    findCredential(info, 'operator') !== undefined;

  let body;
  if (infoQuery.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (info === undefined) {
    body = (
      <Empty description={MSG.pageLoadFailed}>
        <Button onClick={() => void infoQuery.refetch()}>重新加载</Button>
      </Empty>
    );
  } else {
    body = (
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <FactsTable info={info} isEnrolled={isEnrolled} />
        {isEnrolled ? <EnrolledSection info={info} /> : <EnrolSection info={info} />}
      </Space>
    );
  }

  return (
    <TopLevelFrame title="电子签章信息" width={760}>
      {body}
      <div style={{ textAlign: 'center', marginTop: 24 }}>
        <SignOutButton isPrimary={false} />
      </div>
    </TopLevelFrame>
  );
}
