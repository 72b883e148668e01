import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import { BULK_KIND } from '@cqjy/domain/projects/kinds/bulk';
import type { BulkProjectForm } from '@cqjy/domain/projects/kinds/bulk';
import type { ProjectFormView } from '@cqjy/domain/projects/views';
import { envelope, jsonResponse, pathOf, bodyOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';
import { fromWireForm, toWireForm } from './form-values.ts';

const FULL_FORM: BulkProjectForm = {
  name: '废旧设备一批',
  assetCategory: 'machinery',
  listingPrice: 12_345_600,
  appraisalPrice: 13_000_000,
  disclosureDays: 10,
  paymentMode: 'lump',
  contactName: '张三',
  contactMobile: '13800000001',
};

function makeView(overrides: Partial<ProjectFormView> = {}): ProjectFormView {
  return {
    id: 5,
    code: '',
    name: '废旧设备一批',
    family: 'bulk',
    status: 'draft',
    statusLabel: '草稿',
    form: FULL_FORM,
    version: 3,
    disclosureStart: null,
    disclosureEnd: null,
    attachments: {},
    companyName: '示例国有资产经营有限公司',
    openTask: null,
    ...overrides,
  };
}

const notifier = setUpPageTests();

const callsTo = (calls: FetchCall[], path: string) => calls.filter((call) => pathOf(call) === path);

function serveForm(view: ProjectFormView = makeView()) {
  const user = makeUser(IDENTITY.transferor);
  signInAs(user);
  // the project 新增项目 creates (id 8), as the server then shows it
  let created: ProjectFormView | null = null;
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/project/bulk/show') {
      const { id } = bodyOf(call) as { id: number };
      return jsonResponse(envelope(created !== null && id === created.id ? created : view));
    }
    if (path === '/api/project/bulk') {
      const { form } = bodyOf(call) as { form: BulkProjectForm };
      created = makeView({ id: 8, version: 1, name: form.name, form });
      return jsonResponse(envelope({ id: 8, version: 1 }));
    }
    if (path.startsWith('/api/project/bulk/update/')) {
      const { version } = bodyOf(call) as { version: number };
      return jsonResponse(envelope({ id: Number(path.split('/').pop()), version: version + 1 }));
    }
    if (path.startsWith('/api/project/bulk/submit/'))
      return jsonResponse(envelope({ id: view.id, actionId: 41, taskId: 9 }));
    // The e-signature screen is another feature's page: it only has to open.
    if (path.startsWith('/api/project/bulk/disclosure/') || path.startsWith('/api/project/show/'))
      return jsonResponse(envelope(null, 404, MSG.notFound));
    return undefined;
  });
}

const type = (placeholder: string, value: string): void => {
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
};

describe('project form values (the bulk kind)', () => {
  const fields = BULK_KIND.fields;

  it('carries yuan as fen and a percentage as a ratio, and back', () => {
    const wire = toWireForm(fields, {
      name: ' 废旧设备一批 ',
      listingPrice: '123456.7',
      disclosureDays: '20',
      paymentMode: 'instalment',
      firstPaymentRatio: '33.3',
      instalmentMonths: '6',
      hasGuarantee: true,
      contactName: '',
    });
    expect(wire).toEqual({
      name: '废旧设备一批',
      listingPrice: 12_345_670,
      disclosureDays: 20,
      paymentMode: 'instalment',
      firstPaymentRatio: 0.333,
      instalmentMonths: 6,
      hasGuarantee: true,
    });
    expect(fromWireForm(fields, wire)).toMatchObject({
      listingPrice: '123456.70',
      firstPaymentRatio: '33.3',
      instalmentMonths: '6',
    });
  });

  it('leaves the instalment terms out of a lump-sum payment, and the approval below 90% out above it', () => {
    const wire = toWireForm(fields, {
      name: '项目',
      paymentMode: 'lump',
      firstPaymentRatio: '50',
      hasGuarantee: true,
      listingPrice: '100',
      appraisalPrice: '100',
      reserveBelowAppraisalApproved: true,
    });
    expect(wire).toEqual({ name: '项目', paymentMode: 'lump', listingPrice: 10_000, appraisalPrice: 10_000 });
  });
});

describe('Bulk project form page', () => {
  it('saves a new draft with the money in fen, then updates it with its version', async () => {
    const { calls } = serveForm();
    const { router } = renderPortal('/index/addproject');
    await screen.findByPlaceholderText('请填写项目名称');
    type('请填写项目名称', '废旧设备一批');
    type('请填写挂牌价', '1234.5');
    type('请填写披露期', '10');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.projectSaved));
    expect(bodyOf(callsTo(calls, '/api/project/bulk')[0])).toEqual({
      form: {
        name: '废旧设备一批',
        listingPrice: 123_450,
        disclosureDays: 10,
        paymentMode: 'lump',
      },
    });
    // the address is now the saved project's 编辑项目, in place of 新增项目: a reload shows the project
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/editproject'));
    expect(router.state.location.search).toBe('?id=8&family=bulk');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('编辑项目：废旧设备一批')).toBeTruthy();
    expect(await screen.findByDisplayValue('1,234.50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsTo(calls, '/api/project/bulk/update/8')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/project/bulk/update/8')[0])).toMatchObject({ version: 1 });
  });

  it('shows 保证金交纳截止日期 as soon as a deposit is typed, before any save, and asks it at the first 提交', async () => {
    const { calls } = serveForm();
    renderPortal('/index/addproject');
    await screen.findByPlaceholderText('请填写项目名称');
    expect(screen.queryByLabelText('保证金交纳截止日期')).toBeNull();
    type('请填写交易保证金', '10000');
    expect(await screen.findByLabelText('保证金交纳截止日期')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(MSG.projectFormInvalid));
    const field = screen.getByLabelText('保证金交纳截止日期').closest('.ant-form-item');
    await waitFor(() => expect(field?.classList.contains('ant-form-item-has-error')).toBe(true));
    expect(callsTo(calls, '/api/project/bulk')).toHaveLength(0);
    // cleared again, the field goes with it
    type('请填写交易保证金', '');
    await waitFor(() => expect(screen.queryByLabelText('保证金交纳截止日期')).toBeNull());
  });

  it('编辑项目 without its project sends the user to the projects whose form may still change', async () => {
    const { calls } = serveForm();
    const { router } = renderPortal('/index/editproject');
    expect(await screen.findByText(MSG.enterFromProject)).toBeTruthy();
    expect(screen.queryByPlaceholderText('请填写项目名称')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '我的项目' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/project'));
    expect(router.state.location.search).toBe('?status=draft&status=preDisclosing');
    expect(callsTo(calls, '/api/project/bulk/show')).toHaveLength(0);
  });

  it('takes a landline as 联系电话 and does not cut it at 11 characters', async () => {
    const { calls } = serveForm();
    renderPortal('/index/addproject');
    const phone = await screen.findByPlaceholderText('请填写联系电话');
    expect(Number(phone.getAttribute('maxlength'))).toBeGreaterThanOrEqual('0755-12345678-123'.length);
    type('请填写项目名称', '废旧设备一批');
    type('请填写联系电话', '010-88886666');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.projectSaved));
    expect(bodyOf(callsTo(calls, '/api/project/bulk')[0])).toMatchObject({
      form: { contactMobile: '010-88886666' },
    });
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('an empty submission marks every invalid field with its own message, and calls nothing', async () => {
    const { calls } = serveForm();
    renderPortal('/index/addproject');
    await screen.findByPlaceholderText('请填写项目名称');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(MSG.projectFormInvalid));
    const marked = (): string[] =>
      [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent ?? '');
    await waitFor(() => expect(marked()).toContain('请填写项目名称'));
    expect(marked()).toEqual(
      expect.arrayContaining(['请填写项目名称', '请填写挂牌价', '请填写联系人', MSG.telephoneRequired]),
    );
    expect(document.querySelectorAll('.ant-form-item-has-error').length).toBeGreaterThanOrEqual(4);
    expect(calls.some((call) => pathOf(call) === '/api/project/bulk')).toBe(false);
    // a malformed number is marked as soon as it is typed
    type('请填写联系电话', '88886666');
    await waitFor(() => expect(marked()).toContain(MSG.telephoneInvalid));
  });

  it('refuses to save a name shorter than 2 characters with the domain message', async () => {
    const { calls } = serveForm();
    renderPortal('/index/addproject');
    await screen.findByPlaceholderText('请填写项目名称');
    type('请填写项目名称', '废');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(MSG.projectsNameInvalid));
    expect(callsTo(calls, '/api/project/bulk')).toHaveLength(0);
  });

  it('the disclosure period of the price band is checked before submitting (10, 20 above 10 million yuan)', async () => {
    const { calls } = serveForm();
    renderPortal('/index/editproject?id=5');
    await screen.findByDisplayValue('废旧设备一批');
    type('请填写披露期', '9');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('披露期不得少于10个工作日')).toBeTruthy();
    type('请填写挂牌价', '10000000.01');
    type('请填写评估值', '');
    type('请填写披露期', '19');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('披露期不得少于20个工作日')).toBeTruthy();
    expect(notifier.error).toHaveBeenCalledWith(MSG.projectFormInvalid);
    expect(calls.some((call) => pathOf(call).startsWith('/api/project/bulk/submit/'))).toBe(false);
    expect(calls.some((call) => pathOf(call).startsWith('/api/project/bulk/update/'))).toBe(false);
  });

  it('checks the instalment rules: first payment 30%, at most a year, a guarantee', async () => {
    const { calls } = serveForm();
    renderPortal('/index/editproject?id=5');
    await screen.findByDisplayValue('废旧设备一批');
    fireEvent.click(screen.getByRole('radio', { name: '分期' }));
    await screen.findByPlaceholderText('请填写首付比例');
    type('请填写首付比例', '20');
    type('请填写分期付款期限', '13');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText(MSG.projectsFirstPaymentRatioMin)).toBeTruthy();
    expect(screen.getByText(MSG.projectsInstalmentMonthsMax)).toBeTruthy();
    expect(screen.getByText(MSG.projectsGuaranteeRequired)).toBeTruthy();
    expect(calls.some((call) => pathOf(call).startsWith('/api/project/bulk/submit/'))).toBe(false);
  });

  it('asks for the approval file when the listing price is below 90% of the appraisal', async () => {
    serveForm();
    renderPortal('/index/editproject?id=5');
    await screen.findByDisplayValue('废旧设备一批');
    type('请填写挂牌价', '116999.99');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText(MSG.projectsPriceApprovalRequired)).toBeTruthy();
    expect(screen.getByText('挂牌价低于评估值批准文件')).toBeTruthy();
  });

  it('submits: saves with the version, submits with the new one, and opens the e-signature screen', async () => {
    const { calls } = serveForm();
    const { router } = renderPortal('/index/editproject?id=5');
    await screen.findByDisplayValue('废旧设备一批');
    expect(screen.getByDisplayValue('123,456.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/bulkEicSre'));
    expect(router.state.location.search).toBe('?id=41&taskId=9');
    expect(bodyOf(callsTo(calls, '/api/project/bulk/update/5')[0])).toEqual({ version: 3, form: FULL_FORM });
    expect(bodyOf(callsTo(calls, '/api/project/bulk/submit/5')[0])).toEqual({ version: 4 });
    expect(notifier.success).toHaveBeenCalledWith(MSG.workflowSubmitted);
  });

  it('does not offer the form of a project that is no longer a draft', async () => {
    serveForm(makeView({ status: 'disclosing', statusLabel: '披露中' }));
    renderPortal('/index/editproject?id=5');
    expect(await screen.findByText(MSG.projectsNotEditable)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /提\s*交/ })).toBeNull();
  });
});
