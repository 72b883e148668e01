// 电签文件验证 (/verify, no sign-in): anyone checks a PDF the portal e-signed, by uploading the file or by typing
// the verification code printed with it (16 hex digits; ?code= in the address fills it in and checks at once).
// The answer says whether the signature is intact, who signed and when, with which certificate, and the file's
// SHA-256; the file itself is kept nowhere.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Form, Input, Space, Spin, Tabs, Typography, Upload } from 'antd';
import { formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { ZVerifyCode } from '@cqjy/domain/signed-files';
import type { VerifyResult } from '@cqjy/domain/signed-files';
import { fileExtension, UPLOAD_MAX_MB } from '@cqjy/domain/uploads';
import { TopLevelFrame } from '../../components/index.ts';
import { ApiError, HttpError } from '../../lib/http.ts';
import { downloadRootCertificate, verifyByCode, verifyUploadedPdf } from './api.ts';
import { VerificationDetails } from './verification-details.tsx';

const MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;

type Outcome =
  | { kind: 'none' }
  | { kind: 'result'; result: VerifyResult; fileName: string | null }
  | { kind: 'refused'; message: string };

type CodeValues = { code?: string };

/**
 * The message of a refusal the server gave (the HTTP client has shown it as a toast too); the public calls are
 * limited per IP, and too many of them are said so.
 */
function refusalOf(error: unknown): string | null {
  if (error instanceof HttpError && error.httpStatus === 429) return MSG.tooManyRequests;
  return error instanceof ApiError && error.msg !== '' ? error.msg : null;
}

export function VerifyPage() {
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<CodeValues>();
  const [tab, setTab] = useState<'file' | 'code'>(searchParams.has('code') ? 'code' : 'file');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const [isBusy, setIsBusy] = useState(false);
  const isStarted = useRef(false);

  const run = async (check: () => Promise<VerifyResult>, fileName: string | null): Promise<void> => {
    setIsBusy(true);
    setOutcome({ kind: 'none' });
    try {
      setOutcome({ kind: 'result', result: await check(), fileName });
    } catch (error) {
      const message = refusalOf(error);
      if (message !== null) setOutcome({ kind: 'refused', message });
    } finally {
      setIsBusy(false);
    }
  };

  const onFile = (file: File): void => {
    if (fileExtension(file.name) !== 'pdf') {
      setOutcome({ kind: 'refused', message: MSG.verifyNotPdf });
      return;
    }
    if (file.size === 0) {
      setOutcome({ kind: 'refused', message: MSG.uploadEmpty });
      return;
    }
    if (file.size > MAX_BYTES) {
      setOutcome({ kind: 'refused', message: formatMessage(MSG.uploadTooLarge, { max: UPLOAD_MAX_MB }) });
      return;
    }
    void run(() => verifyUploadedPdf(file, file.name), file.name);
  };

  const onCode = (values: CodeValues): void => {
    const parsed = ZVerifyCode.safeParse(values.code ?? '');
    if (!parsed.success) {
      form.setFields([{ name: 'code', errors: [parsed.error.issues[0]?.message ?? MSG.verifyCodeFormat] }]);
      return;
    }
    void run(() => verifyByCode(parsed.data), null);
  };

  // a link with ?code= (printed with a letter) checks at once
  useEffect(() => {
    const code = searchParams.get('code');
    if (code === null || isStarted.current) return;
    isStarted.current = true;
    form.setFieldsValue({ code });
    onCode({ code });
    // once, for the address the page opened with
  }, []);

  return (
    <TopLevelFrame title="电签文件验证" width={820}>
      <Typography.Paragraph type="secondary">
        上传由本平台电子签章的PDF文件，或输入电签文件的16位验证码，即可核验签章是否有效、文件在签章后是否被修改，并查看签章单位、签章时间和签章证书。上传的文件仅用于本次验证，不会被保存。
      </Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'code' ? 'code' : 'file')}
        items={[
          {
            key: 'file',
            label: '上传PDF文件',
            children: (
              <Upload.Dragger
                accept=".pdf,application/pdf"
                multiple={false}
                showUploadList={false}
                disabled={isBusy}
                beforeUpload={(file) => {
                  onFile(file);
                  // checked here, not uploaded by the control
                  return false;
                }}
              >
                <p style={{ fontSize: 16, margin: '8px 0' }}>点击或将PDF文件拖到此处进行验证</p>
                <p style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{`仅支持PDF文件，不超过${UPLOAD_MAX_MB}M`}</p>
              </Upload.Dragger>
            ),
          },
          {
            key: 'code',
            label: '输入验证码',
            children: (
              <Form<CodeValues> form={form} layout="inline" onFinish={onCode} style={{ rowGap: 8 }}>
                <Form.Item name="code" label="验证码" style={{ flex: 1 }}>
                  <Input
                    allowClear
                    maxLength={40}
                    placeholder="16位验证码，由数字0-9和字母A-F组成"
                    style={{ fontFamily: 'monospace' }}
                  />
                </Form.Item>
                <Form.Item>
                  <Button type="primary" htmlType="submit" disabled={isBusy}>
                    验证
                  </Button>
                </Form.Item>
              </Form>
            ),
          },
        ]}
      />
      <div style={{ marginTop: 16 }}>
        {isBusy && (
          <div style={{ textAlign: 'center', padding: 24 }}>
            <Spin description="正在验证…" />
          </div>
        )}
        {outcome.kind === 'refused' && <Alert type="error" showIcon title={outcome.message} />}
        {outcome.kind === 'result' && (
          <Space orientation="vertical" size={8} style={{ width: '100%' }}>
            {outcome.fileName !== null && (
              <Typography.Text type="secondary">{`验证文件：${outcome.fileName}`}</Typography.Text>
            )}
            <VerificationDetails result={outcome.result} />
          </Space>
        )}
      </div>
      <Space style={{ marginTop: 24, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Link onClick={() => void downloadRootCertificate().catch(() => undefined)}>
          下载电子签章根证书
        </Typography.Link>
        <Link to="/login">登录门户</Link>
      </Space>
    </TopLevelFrame>
  );
}
