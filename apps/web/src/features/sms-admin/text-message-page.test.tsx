// 短信管理 against a fake server: 发送记录 with masked numbers (whole in the drawer), labels in Chinese and 重发
// only where the server allows it, after a confirm; the search form's filters; 短信模板 and 服务状态.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import type { SmsListItem, SmsProviderState, SmsTemplateItem } from '@cqjy/domain/sms';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';
import { toSmsFilters } from './sms-records-tab.tsx';

function makeRow(id: number, overrides: Partial<SmsListItem> = {}): SmsListItem {
  return {
    id,
    mobile: '13800000001',
    purpose: 'general',
    template: 'otp',
    content: '【产权交易所】您的验证码为123456，5分钟内有效，请勿泄露。',
    status: 'sent',
    provider: 'http',
    error: null,
    createdAt: '2026-03-10T02:00:00.000Z',
    sentAt: '2026-03-10T02:00:01.000Z',
    resentFromId: null,
    resentAsId: null,
    resendCount: 0,
    canResend: false,
    ...overrides,
  };
}

const SENT = makeRow(5);
const FAILED = makeRow(7, {
  mobile: '13900000102',
  purpose: 'register',
  status: 'failed',
  sentAt: null,
  error: '短信网关拒绝发送（HTTP 503）',
  canResend: true,
});
const GIVEN_UP = makeRow(9, {
  mobile: '13900000104',
  status: 'failed',
  sentAt: null,
  error: '短信网关无法连接（ECONNREFUSED）',
  resentFromId: 8,
  resendCount: 3,
  canResend: false,
});

const TEMPLATE: SmsTemplateItem = {
  code: 'otp',
  name: '短信验证码',
  text: '【产权交易所】您的验证码为{code}，{minutes}分钟内有效，请勿泄露。',
  params: [
    { name: 'code', label: '6位数字验证码', example: '123456' },
    { name: 'minutes', label: '有效时间（分钟）', example: '5' },
  ],
  purposes: [
    { code: 'login', label: '短信登录' },
    { code: 'register', label: '开户注册' },
  ],
  example: '【产权交易所】您的验证码为123456，5分钟内有效，请勿泄露。',
};

const STATE: SmsProviderState = {
  name: 'log',
  isConfigured: false,
  endpoint: null,
  windowHours: 24,
  counts: { queued: 1, sent: 42, failed: 3 },
  lastError: { smsId: 9, error: '短信网关无法连接（ECONNREFUSED）', at: '2026-03-10T04:30:00.000Z' },
  checkedAt: '2026-03-10T06:00:00.000Z',
};

const notifier = setUpPageTests();

function serveSms(rows: SmsListItem[] = [SENT, FAILED, GIVEN_UP]) {
  const user = makeUser(IDENTITY.admin);
  signInAs(user);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/sms/list') return jsonResponse(envelope({ list: rows, total: rows.length }));
    if (path === '/api/sms/resend/7') {
      return jsonResponse(
        envelope(makeRow(10, { mobile: FAILED.mobile, resentFromId: 7, resendCount: 1 }), 0, MSG.smsResent),
      );
    }
    if (path === '/api/sms/templates') return jsonResponse(envelope([TEMPLATE]));
    if (path === '/api/sms/provider') return jsonResponse(envelope(STATE));
    return undefined;
  });
}

const listCalls = (calls: FetchCall[]) => calls.filter((call) => pathOf(call) === '/api/sms/list');

describe('短信管理 · 发送记录', () => {
  it('lists masked numbers, Chinese labels and 重发 only where the server allows it', async () => {
    const { calls } = serveSms();
    renderPortal('/index/textMessage');
    const failed = (await screen.findByText('139****0102')).closest('tr')!;
    const sent = screen.getByText('138****0001').closest('tr')!;
    const givenUp = screen.getByText('139****0104').closest('tr')!;
    expect(screen.queryByText('13900000102')).toBeNull();
    expect(within(failed).getByText('开户注册')).toBeTruthy();
    expect(within(failed).getByText('短信验证码')).toBeTruthy();
    expect(within(failed).getByText('发送失败')).toBeTruthy();
    expect(within(failed).getByText('短信网关拒绝发送（HTTP 503）')).toBeTruthy();
    expect(within(failed).getByRole('button', { name: /重\s*发/ })).toBeTruthy();
    expect(within(sent).getByText('已发送')).toBeTruthy();
    expect(within(sent).getByText('身份验证')).toBeTruthy();
    expect(within(sent).getByText('2026-03-10 10:00:00')).toBeTruthy();
    expect(within(sent).queryByRole('button', { name: /重\s*发/ })).toBeNull();
    expect(within(givenUp).queryByRole('button', { name: /重\s*发/ })).toBeNull();
    expect(bodyOf(listCalls(calls)[0])).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it('shows the whole number and message in the detail drawer', async () => {
    serveSms();
    renderPortal('/index/textMessage');
    const givenUp = (await screen.findByText('139****0104')).closest('tr')!;
    fireEvent.click(within(givenUp).getByRole('button', { name: /详\s*情/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('13900000104')).toBeTruthy();
    expect(within(drawer).getByText('短信网关无法连接（ECONNREFUSED）')).toBeTruthy();
    const line = (label: string) => within(drawer).getByText(label).closest('tr')?.textContent;
    expect(line('重发自记录')).toBe('重发自记录8');
    expect(line('已重发为记录')).toBe('已重发为记录—');
    expect(line('重发次数')).toBe('重发次数3');
    expect(within(drawer).queryByRole('button', { name: /重\s*发/ })).toBeNull();
  });

  it('重发 asks first, naming the masked number and the code validity, then resends and refreshes', async () => {
    const { calls } = serveSms();
    renderPortal('/index/textMessage');
    const failed = (await screen.findByText('139****0102')).closest('tr')!;
    notifier.confirm.mockResolvedValueOnce(false);
    fireEvent.click(within(failed).getByRole('button', { name: /重\s*发/ }));
    await waitFor(() => expect(notifier.confirm).toHaveBeenCalledTimes(1));
    expect(notifier.confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: MSG.smsResendTitle,
        content:
          '确定向139****0102重发这条短信吗？验证码短信的有效期为5分钟，超过有效期重发的验证码将无法使用。',
      }),
    );
    expect(calls.some((call) => pathOf(call) === '/api/sms/resend/7')).toBe(false);

    const before = listCalls(calls).length;
    fireEvent.click(within(failed).getByRole('button', { name: /重\s*发/ }));
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.smsResent));
    const resend = calls.find((call) => pathOf(call) === '/api/sms/resend/7');
    expect(resend?.method).toBe('POST');
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('searches with digits only and the filters it was given', async () => {
    const { calls } = serveSms();
    renderPortal('/index/textMessage');
    await screen.findByText('139****0102');
    fireEvent.change(screen.getByPlaceholderText('可输入部分号码'), { target: { value: '139-0102 ' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByTitle('发送失败'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(bodyOf(listCalls(calls).at(-1))).toEqual({
        pageNum: 1,
        pageSize: 10,
        mobile: '1390102',
        status: 'failed',
      }),
    );
  });

  it('sends the range as two days and leaves out what is empty', () => {
    expect(
      toSmsFilters({
        mobile: ' 0102 ',
        purpose: 'login',
        range: [dayjs('2026-03-01T08:00:00'), dayjs('2026-03-31T20:00:00')],
      }),
    ).toEqual({ mobile: '0102', purpose: 'login', dateFrom: '2026-03-01', dateTo: '2026-03-31' });
    expect(toSmsFilters({ range: [null, dayjs('2026-03-31T20:00:00')] })).toEqual({ dateTo: '2026-03-31' });
    expect(toSmsFilters({ mobile: '', range: null })).toEqual({});
  });
});

describe('短信管理 · 短信模板 and 服务状态', () => {
  it('lists the templates with their placeholders and purposes', async () => {
    serveSms();
    renderPortal('/index/textMessage');
    fireEvent.click(await screen.findByRole('tab', { name: '短信模板' }));
    const row = (await screen.findByText(TEMPLATE.text)).closest('tr')!;
    expect(within(row).getByText('{code}')).toBeTruthy();
    expect(within(row).getByText('6位数字验证码')).toBeTruthy();
    expect(within(row).getByText('开户注册')).toBeTruthy();
    expect(within(row).getByText(TEMPLATE.example)).toBeTruthy();
  });

  it('shows the channel, its counts and the last failure, and warns that the log channel sends nothing', async () => {
    serveSms();
    renderPortal('/index/textMessage');
    fireEvent.click(await screen.findByRole('tab', { name: '服务状态' }));
    expect(await screen.findByText(MSG.smsProviderNotConfigured)).toBeTruthy();
    expect(screen.getByText('日志通道（未接入短信运营商）')).toBeTruthy();
    expect(screen.getByText('未接入短信运营商')).toBeTruthy();
    expect(screen.getByText('近24小时已发送')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByText('短信网关无法连接（ECONNREFUSED）')).toBeTruthy();
    expect(screen.getByText('2026-03-10 12:30:00（记录编号 9）')).toBeTruthy();
  });
});
