// The project form of a kind that asks the server as the owner types (the unified family's): the category select
// from the kind's category call with what the chosen category adds, and the disclosure period counted in working
// days by the work/date call, both ways.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { KindCategory, WorkDate } from '@cqjy/domain/contracts/project-kinds';
import { DICTIONARY_ENTRIES } from '@cqjy/domain/dictionary-data';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import { UNIFIED_KIND } from '@cqjy/domain/projects/kinds/unified';
import type { ProjectFormView } from '@cqjy/domain/projects/views';
import { FAMILY_TITLES } from '@cqjy/domain/workflow/families';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';

const notifier = setUpPageTests();

/** The categories as the server answers them: the dictionary's entries, each with the fields it adds. */
const CATEGORIES: KindCategory[] = DICTIONARY_ENTRIES.unifiedCategory.map((entry) => ({
  key: entry.key,
  label: entry.label,
  fields: (UNIFIED_KIND.categories?.fieldsOf(entry.key) ?? []).map((field) => ({
    name: field.name,
    label: field.label,
  })),
}));

const WORK_DATE = '/api/project/unified/work/date';

const callsTo = (calls: FetchCall[], path: string) => calls.filter((call) => pathOf(call) === path);

function serveUnified(workDate: (body: Record<string, unknown>) => Response = answerWorkDate) {
  const user = makeUser(IDENTITY.transferor);
  signInAs(user);
  let created: ProjectFormView | null = null;
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/project/unified/category') return jsonResponse(envelope(CATEGORIES));
    if (path === WORK_DATE) return workDate(bodyOf(call));
    if (path === '/api/project/unified/save') {
      const { form } = bodyOf(call) as { form: ProjectFormView['form'] };
      created = {
        id: 8,
        code: '',
        name: form.name,
        family: 'unified',
        status: 'draft',
        statusLabel: '草稿',
        form,
        version: 1,
        disclosureStart: null,
        disclosureEnd: null,
        attachments: {},
        companyName: '示例国有资产经营有限公司',
        openTask: null,
      };
      return jsonResponse(envelope({ id: 8, version: 1 }));
    }
    if (path === '/api/project/unified/show' && created !== null) return jsonResponse(envelope(created));
    return undefined;
  });
}

/** 10 working days from 2026-03-02 close on 2026-03-16 (provisional, to show the warning); 2026-03-20 is 14. */
function answerWorkDate(body: Record<string, unknown>): Response {
  const answer: WorkDate =
    body.days !== undefined
      ? { startDate: '2026-03-02', days: 10, endDate: '2026-03-16', isProvisional: true }
      : { startDate: '2026-03-02', days: 14, endDate: '2026-03-20', isProvisional: false };
  return jsonResponse(envelope(answer));
}

const type = (placeholder: string, value: string): void => {
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
};

/** Types a day into the calendar of the field and confirms it. */
function typeDay(label: string, value: string): void {
  const day = screen.getByLabelText(label);
  fireEvent.mouseDown(day);
  fireEvent.change(day, { target: { value } });
  fireEvent.keyDown(day, { key: 'Enter', code: 'Enter' });
}

async function pick(label: string, title: string): Promise<void> {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll(`.ant-select-item-option[title="${title}"]`)].at(-1);
    if (found === undefined) throw new Error(`no ${title}`);
    return found;
  });
  fireEvent.click(option);
}

const valueOf = (element: HTMLElement): string => (element as HTMLInputElement).value;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the unified project form (a kind with categories and a period in working days)', () => {
  it('is created from 新增项目; the category shows its own fields at once and says which they are', async () => {
    const { calls } = serveUnified();
    renderPortal('/index/addproject');
    await screen.findByPlaceholderText('请填写项目名称');
    fireEvent.click(screen.getByRole('radio', { name: FAMILY_TITLES.unified }));
    await pick('标的类别', '房屋出租（招租）');
    expect(await screen.findByPlaceholderText('请填写房屋坐落')).toBeTruthy();
    expect(screen.getByText('租赁标的')).toBeTruthy();
    expect(
      screen.getByText('本类别另需填写：房屋坐落、出租面积、租赁用途、租赁期限、免租期、租金递增方式'),
    ).toBeTruthy();
    expect(screen.queryByPlaceholderText('请填写债务人')).toBeNull();
    // typed, then hidden by another category: it does not travel
    type('请填写房屋坐落', '北京市西城区某街1号');
    await pick('标的类别', '债权');
    expect(await screen.findByPlaceholderText('请填写债务人')).toBeTruthy();
    expect(screen.queryByPlaceholderText('请填写房屋坐落')).toBeNull();
    expect(screen.queryByText('租赁标的')).toBeNull();
    expect(
      screen.getByText('本类别另需填写：债务人、债权本金、利息及其他费用、担保情况、债权形成及诉讼情况'),
    ).toBeTruthy();
    // the options are the category call's, not the dictionary list's
    expect(calls.some((call) => pathOf(call).includes('/api/app/dict/data/list/unifiedCategory'))).toBe(
      false,
    );
    type('请填写项目名称', '办公用房招租项目');
    type('请填写债务人', '某某贸易有限公司');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.projectSaved));
    expect(bodyOf(callsTo(calls, '/api/project/unified/save')[0])).toEqual({
      form: { name: '办公用房招租项目', category: 'claim', debtorName: '某某贸易有限公司' },
    });
  });

  it('fills the closing day from the first day and the working days, and the days from a closing day', async () => {
    const { calls } = serveUnified();
    renderPortal('/index/addproject?family=unified');
    await screen.findByPlaceholderText('请填写项目名称');
    typeDay('拟披露开始日期', '2026-03-02');
    type('请填写披露期', '10');
    await waitFor(() => expect(valueOf(screen.getByLabelText('披露截止日期'))).toBe('2026-03-16'));
    expect(callsTo(calls, WORK_DATE).map(bodyOf)).toEqual([{ startDate: '2026-03-02', days: 10 }]);
    expect(screen.getByText(MSG.workDateProvisional)).toBeTruthy();
    // the closing day the form set asks nothing back
    await sleep(800);
    expect(callsTo(calls, WORK_DATE)).toHaveLength(1);

    typeDay('披露截止日期', '2026-03-20');
    await waitFor(() => expect(valueOf(screen.getByPlaceholderText('请填写披露期'))).toBe('14'));
    expect(callsTo(calls, WORK_DATE).map(bodyOf)).toEqual([
      { startDate: '2026-03-02', days: 10 },
      { startDate: '2026-03-02', endDate: '2026-03-20' },
    ]);
    expect(screen.queryByText(MSG.workDateProvisional)).toBeNull();
    await sleep(800);
    expect(callsTo(calls, WORK_DATE)).toHaveLength(2);
    expect(valueOf(screen.getByLabelText('披露截止日期'))).toBe('2026-03-20');
  });

  it('a refused call leaves the fields as typed', async () => {
    const { calls } = serveUnified(() => jsonResponse(envelope(null, 1, MSG.workDateStartInvalid)));
    renderPortal('/index/addproject?family=unified');
    await screen.findByPlaceholderText('请填写项目名称');
    typeDay('拟披露开始日期', '2026-03-02');
    type('请填写披露期', '10');
    await waitFor(() => expect(callsTo(calls, WORK_DATE)).toHaveLength(1));
    await sleep(300);
    expect(valueOf(screen.getByLabelText('披露截止日期'))).toBe('');
    expect(valueOf(screen.getByPlaceholderText('请填写披露期'))).toBe('10');
    expect(screen.queryByText(MSG.workDateProvisional)).toBeNull();
  });
});
