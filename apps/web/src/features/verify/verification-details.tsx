// A file's verdict as people read it: the state and its sentence, the file's code and hash, and for every
// signature who signed, when, with which certificate, and which of the checks held. Shown by the public
// verification page and by 电签文件's 验签详情.
import { Alert, Descriptions, Space, Tag, Typography } from 'antd';
import { formatBytes, formatDateTime, orDash } from '@cqjy/domain/format';
import type { SignatureCheck, SignatureState, VerifyResult } from '@cqjy/domain/signed-files';

export const SIGNATURE_STATE_COLORS: Record<SignatureState, string> = {
  valid: 'green',
  invalid: 'red',
  unsigned: 'default',
};

const ALERT_TYPES: Record<SignatureState, 'success' | 'error' | 'warning'> = {
  valid: 'success',
  invalid: 'error',
  unsigned: 'warning',
};

function Check({ isOk, text }: { isOk: boolean; text: string }) {
  return <Tag color={isOk ? 'green' : 'red'}>{text}</Tag>;
}

function integrityText(check: SignatureCheck): string {
  if (!check.isDigestValid) return '签章覆盖的内容已被修改';
  if (!check.coversWholeFile) return '签章后文件被追加了内容';
  return '文件自签章后未被修改';
}

function certificateText(check: SignatureCheck): string {
  if (!check.isTrusted) return '不是由本平台电子签章根证书签发';
  if (!check.isCertificateValid) return '由本平台根证书签发，但签章时不在有效期内';
  return '由本平台电子签章根证书签发，签章时在有效期内';
}

const timeOrDash = (iso: string | null): string => (iso === null ? '—' : formatDateTime(iso));

function SignatureDescriptions({ check, title }: { check: SignatureCheck; title: string }) {
  return (
    <Descriptions title={title} bordered size="small" column={1} styles={{ label: { width: 140 } }}>
      <Descriptions.Item label="签章单位">{orDash(check.signerName)}</Descriptions.Item>
      <Descriptions.Item label="所属机构">{orDash(check.signerOrganization)}</Descriptions.Item>
      <Descriptions.Item label="签章时间">{timeOrDash(check.signingTime)}</Descriptions.Item>
      <Descriptions.Item label="证书序列号">
        {check.certificateSerial === null ? (
          '—'
        ) : (
          <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
            {check.certificateSerial}
          </Typography.Text>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="颁发机构">{orDash(check.issuer)}</Descriptions.Item>
      <Descriptions.Item label="证书有效期">
        {check.certificateNotBefore === null
          ? '—'
          : `${timeOrDash(check.certificateNotBefore)} 至 ${timeOrDash(check.certificateNotAfter)}`}
      </Descriptions.Item>
      {check.reason !== null && <Descriptions.Item label="签章事由">{check.reason}</Descriptions.Item>}
      <Descriptions.Item label="文件完整性">
        <Check isOk={check.isDigestValid && check.coversWholeFile} text={integrityText(check)} />
      </Descriptions.Item>
      <Descriptions.Item label="签名值">
        <Check isOk={check.isSignatureValid} text={check.isSignatureValid ? '校验通过' : '校验失败'} />
      </Descriptions.Item>
      <Descriptions.Item label="签章证书">
        <Check isOk={check.isTrusted && check.isCertificateValid} text={certificateText(check)} />
      </Descriptions.Item>
    </Descriptions>
  );
}

export function VerificationDetails({ result }: { result: VerifyResult }) {
  const many = result.signatures.length > 1;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="verify-result">
      <Alert
        type={ALERT_TYPES[result.state]}
        showIcon
        title={`验证结果：${result.stateLabel}`}
        description={result.message}
      />
      <Descriptions bordered size="small" column={1} styles={{ label: { width: 140 } }}>
        <Descriptions.Item label="验证结果">
          <Tag color={SIGNATURE_STATE_COLORS[result.state]}>{result.stateLabel}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="验证码">
          <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
            {result.code}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="文件SHA-256">
          <Typography.Text copyable style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {result.sha256}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="文件大小">{formatBytes(result.size)}</Descriptions.Item>
        <Descriptions.Item label="验证时间">{formatDateTime(result.checkedAt)}</Descriptions.Item>
      </Descriptions>
      {result.signatures.map((check, index) => (
        <SignatureDescriptions
          // signatures have no id of their own; their order in the file is theirs
          key={index}
          check={check}
          title={many ? `签章信息（第${index + 1}个签章）` : '签章信息'}
        />
      ))}
    </Space>
  );
}
