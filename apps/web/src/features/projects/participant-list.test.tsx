// 意向受让方 on a project page: the list as the server answers it (a person's number already masked, every mobile
// masked here, the deposit in yuan), read-only without the right to edit; with it, 新增 / 编辑 / 删除 through the
// dialog whose messages are the domain's, the wire carrying fen and a blank number kept on an edit, and a server
// refusal shown with the dialog left open.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { fillIn, MSG } from '@cqjy/domain/messages';
import type { ParticipantView } from '@cqjy/domain/projects/participants';
import { composeCreditCode } from '@cqjy/domain/validation/credit-code';
import { computeIdCardCheck } from '@cqjy/domain/validation/id-card';
import { setNotifier } from '../../lib/notify.ts';
import { setSession } from '../../lib/session-store.ts';
import type { UserInfo } from '../../lib/session-store.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { envelope, jsonResponse, stubFetch, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import type { FakeNotifier } from '../../test/fake-notifier.ts';
import { ParticipantList } from './participant-list.tsx';

const ID_BODY = '11010519491231011';
const ID_CARD = ID_BODY + computeIdCardCheck(ID_BODY);
const WRONG_ID_CARD = ID_BODY + (ID_CARD.endsWith('0') ? '1' : '0');
const CREDIT_CODE = composeCreditCode('110000', '10110070');
const WRONG_CREDIT_CODE = CREDIT_CODE.slice(0, -1) + (CREDIT_CODE.endsWith('0') ? '1' : '0');

function makeRow(id: number, overrides: Partial<ParticipantView> = {}): ParticipantView {
  return {
    id,
    projectId: 7,
    kind: 'person',
    kindLabel: '自然人',
    name: `王小明${id}`,
    certType: 'idCard',
    certTypeLabel: '居民身份证',
    certNo: '110105********0011',
    contactName: '王小明',
    contactMobile: '13900000001',
    deposit: 5_000_000,
    isQualified: true,
    note: '',
    version: 2,
    createdAt: '2026-03-02T02:00:00.000Z',
    updatedAt: '2026-03-02T02:00:00.000Z',
    ...overrides,
  };
}

const ROWS = [
  makeRow(1),
  makeRow(2, {
    kind: 'company',
    kindLabel: '法人或其他组织',
    name: '北京某某再生资源有限公司',
    certType: 'creditCode',
    certTypeLabel: '统一社会信用代码',
    certNo: CREDIT_CODE,
    contactMobile: '13900000002',
    deposit: null,
    isQualified: false,
  }),
];

const CUSTOMERS = [
  {
    key: 'customer-4',
    kind: 'company',
    name: '华北建设集团有限公司',
    certNo: CREDIT_CODE,
    contactName: '冯经理',
    contactMobile: '13900001001',
  },
];

let notifier: FakeNotifier;

beforeEach(() => {
  notifier = createFakeNotifier();
  setNotifier(notifier);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
  setSession({ userInfo: null });
});

const bodiesOf = (calls: FetchCall[], path: string) =>
  calls.filter((call) => pathOf(call) === path).map((call) => JSON.parse(String(call.body)) as unknown);

/** The participant calls of project 7; `refusal` answers every save and update with that message. */
function serve(refusal?: string) {
  return stubFetch((call) => {
    const path = pathOf(call);
    if (path === '/api/project/bulk/participant/list') return jsonResponse(envelope(ROWS));
    if (refusal !== undefined && /participant\/(save|update)/.test(path)) {
      return jsonResponse(envelope(null, 1, refusal));
    }
    if (path === '/api/project/bulk/participant/save')
      return jsonResponse(envelope({ id: 3, version: 1 }, 0, MSG.participantSaved));
    if (path.startsWith('/api/project/bulk/participant/update/'))
      return jsonResponse(envelope({ id: 1, version: 3 }, 0, MSG.participantSaved));
    if (path === '/api/customer/pick') return jsonResponse(envelope(CUSTOMERS));
    if (path.startsWith('/api/project/bulk/participant/delete/'))
      return jsonResponse(envelope({ id: 1 }, 0, MSG.participantDeleted));
    return jsonResponse(envelope(null, 404, MSG.notFound));
  });
}

function renderList(isEditable: boolean) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider locale={zhCN}>
        <ParticipantList family="bulk" projectId={7} isEditable={isEditable} />
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const type = (label: string, value: string): void => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });

describe('ParticipantList', () => {
  it('lists the participants with masked numbers and mobiles, read-only without the right to edit', async () => {
    const { calls } = serve();
    renderList(false);
    const person = (await screen.findByText('王小明1')).closest('tr')!;
    expect(within(person).getByText('110105********0011')).toBeTruthy();
    expect(within(person).getByText('139****0001')).toBeTruthy();
    expect(within(person).getByText('50,000.00')).toBeTruthy();
    expect(within(person).getByText('已确认')).toBeTruthy();
    const company = screen.getByText('北京某某再生资源有限公司').closest('tr')!;
    expect(within(company).getByText(CREDIT_CODE)).toBeTruthy();
    expect(within(company).getByText('—')).toBeTruthy();
    expect(within(company).getByText('未确认')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(within(person).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(bodiesOf(calls, '/api/project/bulk/participant/list')).toEqual([{ projectId: 7 }]);
  });

  it('新增: the domain messages on the fields, then the participant saved in fen and the list reloaded', async () => {
    const { calls } = serve();
    renderList(true);
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    expect(await screen.findByText('新增意向受让方')).toBeTruthy();
    fireEvent.click(saveButton());
    expect(await screen.findByText(fillIn('意向受让方名称'))).toBeTruthy();
    expect(screen.getByText(fillIn('证件号码'))).toBeTruthy();
    expect(screen.getByText(fillIn('联系人'))).toBeTruthy();
    expect(screen.getByText(MSG.telephoneRequired)).toBeTruthy();

    type('名称', '王');
    type('证件号码', WRONG_ID_CARD);
    type('联系电话', '1390000');
    expect(await screen.findByText(MSG.participantsNameInvalid)).toBeTruthy();
    expect(await screen.findByText(MSG.idCardInvalid)).toBeTruthy();
    expect(await screen.findByText(MSG.telephoneInvalid)).toBeTruthy();
    expect(bodiesOf(calls, '/api/project/bulk/participant/save')).toEqual([]);

    const lists = bodiesOf(calls, '/api/project/bulk/participant/list').length;
    type('名称', ' 李四 ');
    type('证件号码', ID_CARD.toLowerCase());
    type('联系人', '李四');
    type('联系电话', '13900000003');
    type('保证金（元）', '1000.5');
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(saveButton());
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.participantSaved));
    expect(bodiesOf(calls, '/api/project/bulk/participant/save')).toEqual([
      {
        projectId: 7,
        participant: {
          kind: 'person',
          name: '李四',
          certType: 'idCard',
          certNo: ID_CARD.toLowerCase(),
          contactName: '李四',
          contactMobile: '13900000003',
          deposit: 100_050,
          isQualified: true,
          note: '',
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByText('新增意向受让方')).toBeNull());
    await waitFor(() =>
      expect(bodiesOf(calls, '/api/project/bulk/participant/list').length).toBeGreaterThan(lists),
    );
  });

  it('an organisation takes the credit code, checked by the GB 32100 rule', async () => {
    serve();
    renderList(true);
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    fireEvent.click(await screen.findByLabelText('法人或其他组织'));
    await waitFor(() => expect(document.querySelector('.ant-select')?.textContent).toBe('统一社会信用代码'));
    type('证件号码', WRONG_CREDIT_CODE);
    expect(await screen.findByText(MSG.creditCodeInvalid)).toBeTruthy();
    type('证件号码', CREDIT_CODE);
    await waitFor(() => expect(screen.queryByText(MSG.creditCodeInvalid)).toBeNull());
  });

  it('编辑: prefilled, a blank number keeps the stored one, sent with the version', async () => {
    const { calls } = serve();
    renderList(true);
    const person = (await screen.findByText('王小明1')).closest('tr')!;
    fireEvent.click(within(person).getByRole('button', { name: /编\s*辑/ }));
    expect(await screen.findByText('编辑意向受让方')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('名称').value).toBe('王小明1');
    expect(screen.getByText('当前证件号码：110105********0011；不修改请留空')).toBeTruthy();
    type('联系人', '王大明');
    fireEvent.click(saveButton());
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.participantSaved));
    expect(bodiesOf(calls, '/api/project/bulk/participant/update/1')).toEqual([
      {
        version: 2,
        participant: {
          kind: 'person',
          name: '王小明1',
          certType: 'idCard',
          contactName: '王大明',
          contactMobile: '13900000001',
          deposit: 5_000_000,
          isQualified: true,
          note: '',
        },
      },
    ]);
  });

  it('删除 after the confirm, with the version', async () => {
    const { calls } = serve();
    renderList(true);
    const person = (await screen.findByText('王小明1')).closest('tr')!;
    fireEvent.click(within(person).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText(MSG.participantDeleteConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.participantDeleted));
    expect(bodiesOf(calls, '/api/project/bulk/participant/delete/1')).toEqual([{ version: 2 }]);
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    serve(MSG.participantsCertNoTaken);
    renderList(true);
    const person = (await screen.findByText('王小明1')).closest('tr')!;
    fireEvent.click(within(person).getByRole('button', { name: /编\s*辑/ }));
    await screen.findByText('编辑意向受让方');
    fireEvent.click(saveButton());
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(MSG.participantsCertNoTaken));
    expect(screen.getByText('编辑意向受让方')).toBeTruthy();
    expect(notifier.success).not.toHaveBeenCalled();
  });

  it('从客户中选择 fills the form with a customer of the company, where it keeps customers', async () => {
    const { calls } = serve();
    renderList(true);
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    expect(await screen.findByText('新增意向受让方')).toBeTruthy();
    // without the customers' codes the button is not there
    expect(screen.queryByRole('button', { name: '从客户中选择' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));

    setSession({
      userInfo: { permission: ['GJS_CUSTOMER_LT'], permissionProject: [] } as unknown as UserInfo,
    });
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    fireEvent.click(await screen.findByRole('button', { name: '从客户中选择' }));
    const customer = (await screen.findByText('华北建设集团有限公司')).closest('tr')!;
    fireEvent.click(within(customer).getByRole('button', { name: /选\s*择/ }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('名称').value).toBe('华北建设集团有限公司'),
    );
    expect(screen.getByLabelText<HTMLInputElement>('证件号码').value).toBe(CREDIT_CODE);
    fireEvent.click(saveButton());
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.participantSaved));
    expect(bodiesOf(calls, '/api/project/bulk/participant/save')).toEqual([
      {
        projectId: 7,
        participant: expect.objectContaining({
          kind: 'company',
          name: '华北建设集团有限公司',
          certType: 'creditCode',
          certNo: CREDIT_CODE,
          contactName: '冯经理',
          contactMobile: '13900001001',
        }) as unknown,
      },
    ]);
    expect(bodiesOf(calls, '/api/customer/pick')).toEqual([{ keyword: '' }]);
  });
});
