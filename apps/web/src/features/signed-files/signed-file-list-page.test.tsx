// 电签文件 (/index/signature) against a fake server: each file with what it belongs to, the signer, the signing
// time, the certificate, the copyable verification code and its state (有效 / 无效 / 未签名); the exchange also
// sees 所属单位; 查询 sends the keyword; 预览 asks for the inline bytes, 下载 for the file, 验签详情
// for the verdict signature by signature.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import type { SignedFile, SignedFileDetail } from '@cqjy/domain/signed-files';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession } from '../../lib/session-store.ts';
import { envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';

const COMPANY = '示例国有资产经营有限公司';

function file(overrides: Partial<SignedFile> = {}): SignedFile {
  return {
    id: '0b9f3c1e-8a55-4c51-9a7e-3d4f5e6a7b8c',
    fileName: '信息披露申请函（已签章）.pdf',
    size: 48_213,
    source: { kind: '项目', code: 'GR2026BJ1000188', name: '示例闲置设备一批' },
    companyName: COMPANY,
    createdAt: '2026-11-22T02:00:00.000Z',
    sha256: '3f2a9c0d1b7e4a65'.padEnd(64, '0'),
    code: '3F2A9C0D1B7E4A65',
    state: 'valid',
    stateLabel: '有效',
    problem: null,
    problemLabel: null,
    signerName: COMPANY,
    signingTime: '2026-11-22T02:00:00.000Z',
    certificateSerial: '5F3793091CAA6E2E32FC3BBB01230DA1',
    ...overrides,
  };
}

const FILES: SignedFile[] = [
  file(),
  file({
    id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    fileName: '项目中止申请函（已签章）.pdf',
    code: '0011223344556677',
    state: 'invalid',
    stateLabel: '无效',
    problem: 'modified',
    problemLabel: '文件已被篡改',
  }),
  file({
    id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
    fileName: '重新出金申请书（已签章）.pdf',
    source: { kind: '退票信息', code: 'TP20260000007', name: '示例闲置设备一批' },
    code: '8899AABBCCDDEEFF',
    state: 'unsigned',
    stateLabel: '未签名',
    signerName: null,
    signingTime: null,
    certificateSerial: null,
  }),
];

const DETAIL: SignedFileDetail = {
  ...file(),
  verification: {
    state: 'valid',
    stateLabel: '有效',
    problem: null,
    message: MSG.verifyValid,
    sha256: file().sha256,
    code: file().code,
    size: 48_213,
    checkedAt: '2026-11-24T08:00:00.000Z',
    signatures: [
      {
        signerName: COMPANY,
        signerOrganization: COMPANY,
        certificateSerial: '5F3793091CAA6E2E32FC3BBB01230DA1',
        issuer: '产权交易所电子签章根证书',
        signingTime: '2026-11-22T02:00:00.000Z',
        certificateNotBefore: '2026-11-01T01:55:00.000Z',
        certificateNotAfter: '2028-10-31T02:00:00.000Z',
        reason: null,
        coversWholeFile: true,
        isDigestValid: true,
        isSignatureValid: true,
        isTrusted: true,
        isCertificateValid: true,
        state: 'valid',
        problem: null,
      },
    ],
  },
};

beforeEach(() => {
  clearSession();
  setNotifier(createFakeNotifier());
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

function serve(identityType: number): { calls: FetchCall[] } {
  const user = makeUser(identityType);
  signInAs(user);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/file/signed/list') return jsonResponse(envelope({ list: FILES, total: FILES.length }));
    if (path === `/api/file/signed/${DETAIL.id}`) return jsonResponse(envelope(DETAIL));
    if (path.startsWith('/api/attachment/download/')) {
      return new Response(new Blob(['%PDF-1.7\n']), {
        status: 200,
        headers: { 'Content-Type': 'application/pdf' },
      });
    }
    return undefined;
  });
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('电签文件', () => {
  it('lists each file with its business, signer, time, certificate, code and state', async () => {
    serve(IDENTITY.transferor);
    renderPortal('/index/signature');
    expect(await screen.findByRole('heading', { name: '电签文件' })).toBeTruthy();
    const valid = await rowOf('信息披露申请函（已签章）.pdf');
    expect(within(valid).getByText('项目 GR2026BJ1000188 示例闲置设备一批')).toBeTruthy();
    expect(within(valid).getByText(COMPANY)).toBeTruthy();
    expect(within(valid).getByText('2026-11-22 10:00:00')).toBeTruthy();
    expect(within(valid).getByText('5F3793091CAA6E2E32FC3BBB01230DA1')).toBeTruthy();
    expect(within(valid).getByText('3F2A9C0D1B7E4A65')).toBeTruthy();
    expect(within(valid).getByLabelText('复制验证码')).toBeTruthy();
    expect(within(valid).getByText('有效')).toBeTruthy();
    expect(within(await rowOf('项目中止申请函（已签章）.pdf')).getByText('无效')).toBeTruthy();
    const unsigned = await rowOf('重新出金申请书（已签章）.pdf');
    expect(within(unsigned).getByText('未签名')).toBeTruthy();
    expect(within(unsigned).getByText('退票信息 TP20260000007 示例闲置设备一批')).toBeTruthy();
    // a company sees no 所属单位 column: every row is its own
    expect(screen.queryByRole('columnheader', { name: '所属单位' })).toBeNull();
  });

  it('shows the exchange 所属单位, and sends the keyword with 查询', async () => {
    const { calls } = serve(IDENTITY.admin);
    renderPortal('/index/signature');
    expect(await screen.findByRole('columnheader', { name: '所属单位' })).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('文件名称、项目名称或编号、验证码'), {
      target: { value: ' 3F2A9C0D ' },
    });
    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) => pathOf(call) === '/api/file/signed/list' && call.url.includes('keyword=3F2A9C0D'),
        ),
      ).toBe(true),
    );
  });

  it('预览 loads the inline bytes, 下载 the file, 验签详情 the verdict of every signature', async () => {
    const { calls } = serve(IDENTITY.transferor);
    URL.createObjectURL = vi.fn(() => 'blob:signed');
    URL.revokeObjectURL = vi.fn();
    renderPortal('/index/signature');
    const row = await rowOf('信息披露申请函（已签章）.pdf');
    fireEvent.click(within(row).getByRole('button', { name: '下载' }));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(`/api/attachment/download/${DETAIL.id}`),
    );
    fireEvent.click(within(row).getByRole('button', { name: '预览' }));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(`/api/attachment/download/${DETAIL.id}?inline=1`),
    );
    fireEvent.click(within(row).getByRole('button', { name: '验签详情' }));
    const details = await screen.findByTestId('verify-result');
    expect(within(details).getByText('验证结果：有效')).toBeTruthy();
    expect(within(details).getByText('产权交易所电子签章根证书')).toBeTruthy();
    expect(within(details).getByText('由本平台电子签章根证书签发，签章时在有效期内')).toBeTruthy();
  });
});
