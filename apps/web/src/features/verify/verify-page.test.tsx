// The public /verify page against a fake server: it opens without a session; a PDF picked is sent as multipart
// and its verdict shown (有效, the signer, the time, the certificate, the SHA-256); a tampered one shows 无效 and
// why; a code is checked as typed (spaces dropped) and a malformed one refused before any call; an unknown code
// shows the server's message; too many checks from one address are said so; ?code= in the address checks at
// once.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@cqjy/domain/messages';
import type { SignatureCheck, VerifyResult } from '@cqjy/domain/signed-files';
import { envelope, jsonResponse, pathOf, stubFetch } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { renderPortal, setUpPageTests } from '../../test/portal.tsx';

const SHA = '3f2a9c0d1b7e4a65'.padEnd(64, '0');
const CODE = '3F2A9C0D1B7E4A65';

const CHECK: SignatureCheck = {
  signerName: '北京示范国有资产经营有限公司',
  signerOrganization: '北京示范国有资产经营有限公司',
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
};

function result(overrides: Partial<VerifyResult> = {}): VerifyResult {
  return {
    state: 'valid',
    stateLabel: '有效',
    problem: null,
    message: MSG.verifyValid,
    sha256: SHA,
    code: CODE,
    size: 48_213,
    signatures: [CHECK],
    checkedAt: '2026-11-24T08:00:00.000Z',
    ...overrides,
  };
}

const TAMPERED = result({
  state: 'invalid',
  stateLabel: '无效',
  problem: 'modified',
  message: MSG.verifyModified,
  signatures: [{ ...CHECK, isDigestValid: false, state: 'invalid', problem: 'modified' }],
});

const notifier = setUpPageTests();

function serve(answer: (call: FetchCall) => unknown): { calls: FetchCall[] } {
  return stubFetch((call) => jsonResponse(answer(call) ?? envelope(null)));
}

function pickFile(name: string, bytes = '%PDF-1.7\n'): void {
  const input = document.querySelector<HTMLInputElement>('input[type=file]');
  if (input === null) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File([bytes], name, { type: 'application/pdf' })] } });
}

describe('电签文件验证 (/verify)', () => {
  it('opens without a session and shows an uploaded PDF’s verdict: 有效, who signed, when, the certificate, the SHA-256', async () => {
    const { calls } = serve((call) =>
      pathOf(call) === '/api/public/verify' ? envelope(result()) : undefined,
    );
    renderPortal('/verify');
    expect(await screen.findByText('电签文件验证')).toBeTruthy();
    pickFile('项目中止申请函（已签章）.pdf');
    const shown = await screen.findByTestId('verify-result');
    expect(within(shown).getByText('验证结果：有效')).toBeTruthy();
    expect(within(shown).getByText(MSG.verifyValid)).toBeTruthy();
    expect(within(shown).getAllByText('北京示范国有资产经营有限公司').length).toBe(2);
    expect(within(shown).getByText('2026-11-22 10:00:00')).toBeTruthy();
    expect(within(shown).getByText(CHECK.certificateSerial ?? '')).toBeTruthy();
    expect(within(shown).getByText(SHA)).toBeTruthy();
    expect(within(shown).getByText(CODE)).toBeTruthy();
    expect(within(shown).getByText('文件自签章后未被修改')).toBeTruthy();
    expect(screen.getByText('验证文件：项目中止申请函（已签章）.pdf')).toBeTruthy();
    const post = calls.find((call) => pathOf(call) === '/api/public/verify');
    expect(post?.method).toBe('POST');
    expect(post?.body).toBeInstanceOf(FormData);
    expect(((post?.body as FormData).get('file') as File).name).toBe('项目中止申请函（已签章）.pdf');
    // no session was asked for: the page is public
    expect(calls.some((call) => pathOf(call) === '/api/app/userinfo')).toBe(false);
  });

  it('shows a tampered file 无效 with the reason, and refuses what is no PDF before sending it', async () => {
    const { calls } = serve((call) =>
      pathOf(call) === '/api/public/verify' ? envelope(TAMPERED) : undefined,
    );
    renderPortal('/verify');
    await screen.findByText('电签文件验证');
    pickFile('说明.txt', 'text');
    expect(await screen.findByText(MSG.verifyNotPdf)).toBeTruthy();
    expect(calls.some((call) => pathOf(call) === '/api/public/verify')).toBe(false);
    pickFile('篡改.pdf');
    const shown = await screen.findByTestId('verify-result');
    expect(within(shown).getByText('验证结果：无效')).toBeTruthy();
    expect(within(shown).getByText(MSG.verifyModified)).toBeTruthy();
    expect(within(shown).getByText('签章覆盖的内容已被修改')).toBeTruthy();
  });

  it('checks a typed code, refuses a malformed one without a call, and shows the server’s message for an unknown one', async () => {
    const { calls } = serve((call) => {
      const path = pathOf(call);
      if (path === `/api/public/verify/${CODE}`) return envelope(result());
      if (path.startsWith('/api/public/verify/')) return envelope(null, 1, MSG.verifyCodeUnknown);
      return undefined;
    });
    renderPortal('/verify');
    fireEvent.click(await screen.findByRole('tab', { name: '输入验证码' }));
    const input = screen.getByLabelText('验证码');
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: '验 证' }));
    expect(await screen.findByText(MSG.verifyCodeFormat)).toBeTruthy();
    expect(calls.some((call) => pathOf(call).startsWith('/api/public/verify/'))).toBe(false);

    fireEvent.change(input, { target: { value: '3f2a 9c0d 1b7e 4a65' } });
    fireEvent.click(screen.getByRole('button', { name: '验 证' }));
    expect(await screen.findByText('验证结果：有效')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'AAAAAAAAAAAAAAAA' } });
    fireEvent.click(screen.getByRole('button', { name: '验 证' }));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(MSG.verifyCodeUnknown));
    expect(await screen.findByText(MSG.verifyCodeUnknown)).toBeTruthy();
    expect(screen.queryByTestId('verify-result')).toBeNull();
  });

  it('says so when the verifications of this address are too many', async () => {
    stubFetch((call) =>
      pathOf(call).startsWith('/api/public/verify/')
        ? jsonResponse(envelope(null, 429, MSG.tooManyRequests), { status: 429 })
        : jsonResponse(envelope(null)),
    );
    renderPortal(`/verify?code=${CODE}`);
    expect(await screen.findByText(MSG.tooManyRequests)).toBeTruthy();
  });

  it('checks the code of the address at once', async () => {
    const { calls } = serve((call) =>
      pathOf(call) === `/api/public/verify/${CODE}` ? envelope(result()) : undefined,
    );
    renderPortal(`/verify?code=${CODE}`);
    expect(await screen.findByText('验证结果：有效')).toBeTruthy();
    expect(calls.filter((call) => pathOf(call) === `/api/public/verify/${CODE}`)).toHaveLength(1);
  });
});
