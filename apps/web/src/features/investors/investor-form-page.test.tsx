// 投资方信息录入 (capInvestorAon) against a fake server: the domain's messages on the fields and nothing sent while
// a field is wrong; a valid investor created in fen and millionths with its files' draft id; an edit with the
// number left blank keeping the stored one; a member picking the project, copying an earlier customer and being
// told of a missing file before anything is sent.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatMessage } from '@cqjy/domain/format';
import { IDENTITY } from '@cqjy/domain/identity';
import { fillIn, MSG, pleaseSelect } from '@cqjy/domain/messages';
import { DEFAULT_ROLE_CODES } from '@cqjy/domain/permissions';
import { computeIdCardCheck } from '@cqjy/domain/validation/id-card';
import { INVESTOR_ATTACHMENTS } from '@cqjy/domain/projects/investors';
import type { InvestorCustomer } from '@cqjy/domain/projects/investors';
import { envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import {
  CREDIT_CODE,
  INVESTOR_TYPES,
  makeInvestor,
  MEMBER_COMPANY,
  OPEN_PROJECT,
  OWNER_COMPANY,
  WRONG_CREDIT_CODE,
} from '../../test/investors.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';
import type { Route } from '../../test/portal.tsx';

const OWN_DRAFT = makeInvestor(1);
const ID_BODY = '11010519491231011';
const ID_CARD = ID_BODY + computeIdCardCheck(ID_BODY);
/** A person the member registered before: the server answers the number masked. */
const CUSTOMER: InvestorCustomer = {
  investorType: '2',
  investorTypeLabel: '自然人',
  name: '钱小红',
  certType: 'idCard',
  certTypeLabel: '居民身份证',
  certNo: '110105********0011',
  contactName: '钱女士',
  contactMobile: '13900000009',
  key: 'investor-40',
};

const notifier = setUpPageTests();

const bodiesOf = (calls: FetchCall[], path: string) =>
  calls.filter((call) => pathOf(call) === path).map((call) => JSON.parse(String(call.body)) as unknown);

/** The investor calls; `extra` answers first. */
function serveAs(identityType: number, companyId: number, extra: Route = () => undefined) {
  const user = makeUser(identityType, {
    companyId,
    // a member company holds the agent's codes (代理意向方)
    ...(identityType === IDENTITY.member ? { permission: [...DEFAULT_ROLE_CODES.agent] } : {}),
  });
  signInAs(user);
  return servePortal(user, (call) => {
    const answer = extra(call);
    if (answer) return answer;
    const path = pathOf(call);
    if (path === '/api/capitalIncrease/open') return jsonResponse(envelope([OPEN_PROJECT]));
    if (path === '/api/capitalIncreaseOpen/open') return jsonResponse(envelope([]));
    if (path === '/api/app/dict/data/list/investorType') return jsonResponse(envelope(INVESTOR_TYPES));
    if (path === '/api/capitalIncrease/members') {
      return jsonResponse(envelope([{ id: 30, name: '北京示范会员有限公司' }]));
    }
    if (path === '/api/capitalIncrease/customers') return jsonResponse(envelope([CUSTOMER]));
    if (path === '/api/investor/1') return jsonResponse(envelope(OWN_DRAFT));
    if (path === '/api/investor/9') return jsonResponse(envelope(makeInvestor(9, { version: 1 })));
    if (path === '/api/file/related') return jsonResponse(envelope([]));
    if (path === '/api/investor') return jsonResponse(envelope({ id: 9, version: 1 }, 0, MSG.investorsSaved));
    if (path === '/api/investor/update/1') {
      return jsonResponse(envelope({ id: 1, version: 3 }, 0, MSG.investorsSaved));
    }
    return undefined;
  });
}

const type = (label: string, value: string): void => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

async function pick(label: string, title: string): Promise<void> {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll(`.ant-select-item-option[title="${title}"]`)].at(-1);
    if (found === undefined) throw new Error(`no ${title}`);
    return found;
  });
  fireEvent.click(option);
}

const button = (name: RegExp | string) => screen.getByRole('button', { name });

describe('投资方信息录入 (capInvestorAon)', () => {
  it("refuses a wrong field with the domain's message and sends nothing; a valid investor goes in fen and millionths", async () => {
    const { calls } = serveAs(IDENTITY.transferor, OWNER_COMPANY);
    const { router } = renderPortal('/index/capInvestorAon?projectId=7&family=cap');
    expect(await screen.findByText(`${OPEN_PROJECT.name}（${OPEN_PROJECT.code}）`)).toBeTruthy();
    expect(screen.getByText('60,000,000.00元至80,000,000.00元')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '从客户中选择' })).toBeNull();

    fireEvent.click(button(/保\s*存/));
    expect(await screen.findByText(pleaseSelect('投资方类型'))).toBeTruthy();
    expect(await screen.findByText(fillIn('投资方名称'))).toBeTruthy();

    await pick('投资方类型', '企业法人');
    // an organisation: the credit code is its certificate
    await waitFor(() => expect(screen.getAllByText('统一社会信用代码').length).toBeGreaterThan(0));
    type('投资方名称', ' 北京新投资有限公司 ');
    type('证件号码', WRONG_CREDIT_CODE);
    type('联系人', '孙经理');
    type('联系电话', '13900000003');
    type('拟投资金额（元）', '1000000.5');
    type('拟认购股权比例（%）', '25');
    expect(await screen.findByText(MSG.creditCodeInvalid)).toBeTruthy();
    expect(
      await screen.findByText(formatMessage(MSG.investorsShareOverOffered, { share: '20.0000' })),
    ).toBeTruthy();
    fireEvent.click(button(/保\s*存/));
    await waitFor(() => expect(screen.getByText(MSG.creditCodeInvalid)).toBeTruthy());
    expect(bodiesOf(calls, '/api/investor')).toEqual([]);

    type('证件号码', CREDIT_CODE);
    type('拟认购股权比例（%）', '12.5');
    await waitFor(() => expect(screen.queryByText(MSG.creditCodeInvalid)).toBeNull());
    fireEvent.click(button(/保\s*存/));
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.investorsSaved));
    expect(bodiesOf(calls, '/api/investor')).toEqual([
      {
        projectId: 7,
        createId: expect.any(String) as string,
        investor: {
          investorType: '1',
          name: '北京新投资有限公司',
          certType: 'creditCode',
          certNo: CREDIT_CODE,
          contactName: '孙经理',
          contactMobile: '13900000003',
          amount: 100_000_050,
          share: 125_000,
          memberCompanyId: null,
          note: '',
        },
      },
    ]);
    // the new draft is edited at its own address from now on
    await waitFor(() => expect(router.state.location.search).toBe('?id=9'));
  });

  it('编辑: prefilled from the draft; a blank number keeps the stored one and the version is sent', async () => {
    const { calls } = serveAs(IDENTITY.transferor, OWNER_COMPANY);
    renderPortal('/index/capInvestorAon?id=1');
    expect(
      await screen.findByText(formatMessage(MSG.participantCertNoKept, { certNo: CREDIT_CODE })),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('投资方名称').value).toBe(OWN_DRAFT.name);
    expect(screen.getByLabelText<HTMLInputElement>('拟认购股权比例（%）').value).toBe('10.0000');
    type('联系人', '周经理');
    fireEvent.click(button(/保\s*存/));
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.investorsSaved));
    expect(bodiesOf(calls, '/api/investor/update/1')).toEqual([
      {
        version: 2,
        investor: {
          investorType: '1',
          name: OWN_DRAFT.name,
          certType: 'creditCode',
          contactName: '周经理',
          contactMobile: OWN_DRAFT.contactMobile,
          amount: OWN_DRAFT.amount,
          share: OWN_DRAFT.share,
          memberCompanyId: null,
          note: '',
        },
      },
    ]);
  });

  it('an investor past its draft is read only', async () => {
    serveAs(IDENTITY.transferor, OWNER_COMPANY, (call) =>
      pathOf(call) === '/api/investor/1'
        ? jsonResponse(envelope(makeInvestor(1, { status: 'qualified', statusLabel: '资格审核通过' })))
        : undefined,
    );
    renderPortal('/index/capInvestorAon?id=1');
    expect(
      await screen.findByText(formatMessage(MSG.investorsReadOnly, { status: '资格审核通过' })),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(screen.queryByLabelText('投资方名称')).toBeNull();
  });

  it('a member picks the project, copies a customer, and is told of the missing files before anything is sent', async () => {
    const { calls } = serveAs(IDENTITY.member, MEMBER_COMPANY);
    renderPortal('/index/capInvestorAon');
    expect(await screen.findByText(MSG.investorsProjectMissing)).toBeTruthy();
    await pick('增资项目', `${OPEN_PROJECT.name}（${OPEN_PROJECT.code}）`);
    expect(await screen.findByText('60,000,000.00元至80,000,000.00元')).toBeTruthy();
    // a member represents its customer itself
    expect(screen.queryByLabelText('代理会员')).toBeNull();

    fireEvent.click(button('从客户中选择'));
    const dialog = (await screen.findByText(CUSTOMER.name)).closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(dialog).getByRole('button', { name: /选\s*择/ }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('投资方名称').value).toBe(CUSTOMER.name),
    );
    expect(screen.getByLabelText<HTMLInputElement>('联系人').value).toBe('钱女士');
    expect(screen.getByLabelText<HTMLInputElement>('证件号码').value).toBe('');
    expect(
      screen.getByText(formatMessage(MSG.investorsCustomerCertNoAgain, { certNo: CUSTOMER.certNo })),
    ).toBeTruthy();
    expect(bodiesOf(calls, '/api/capitalIncrease/customers')).toEqual([{ keyword: '' }]);

    type('证件号码', ID_CARD);
    type('拟投资金额（元）', '2000000');
    type('拟认购股权比例（%）', '5');
    fireEvent.click(button(/提\s*交/));
    await waitFor(() =>
      expect(notifier.error).toHaveBeenCalledWith(INVESTOR_ATTACHMENTS[0]?.requiredMessage),
    );
    expect(bodiesOf(calls, '/api/investor')).toEqual([]);
    expect(calls.some((call) => pathOf(call).startsWith('/api/investor/submit'))).toBe(false);
  });
});
