// 评估项目 against a fake server: the engaged projects with the appraisal's day and value, a report downloaded
// under its name, '暂未上传' where there is none, and the keyword sent in the list's body; the firm's 出具评估报告
// opened from its task, checked before it is sent, and submitted in fen.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDENTITY } from '@cqjy/domain/identity';
import type { EvaluationRow } from '@cqjy/domain/projects/evaluations';
import { clearSession } from '../../lib/session-store.ts';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';

const ROW: EvaluationRow = {
  id: 9,
  code: 'GR2026BJ1000302',
  name: '北京示范物流有限公司100%股权',
  family: 'stock',
  familyLabel: '产权转让',
  status: 'preDisclosing',
  statusLabel: '预披露中',
  ownerName: '北京示范国有资产经营有限公司',
  appraisalFirm: '示范资产评估有限公司',
  appraisalBaseDate: '2026-06-30',
  appraisalValue: 12_000_000_00,
  disclosureEnd: null,
  reports: [
    {
      uuid: 'r-1',
      tag: 'appraisalReport',
      name: '资产评估报告.pdf',
      fileName: '资产评估报告.pdf',
      contentType: 'application/pdf',
      size: 1024,
      dateCreated: '2026-11-20T02:00:00.000Z',
      labelName: '资产评估报告',
    },
  ],
  state: 'submitted',
  stateLabel: '已出具',
  submittedAt: '2026-11-20T02:00:00.000Z',
  canSubmit: false,
};

beforeEach(() => clearSession());
afterEach(() => vi.unstubAllGlobals());

describe('评估项目', () => {
  it('lists the engaged projects with their reports, and searches by keyword', async () => {
    const user = makeUser(IDENTITY.assessment);
    signInAs(user);
    const { calls } = servePortal(user, (call) => {
      if (pathOf(call) === '/api/project/evaluation/list') {
        return jsonResponse(
          envelope({ list: [ROW, { ...ROW, id: 10, code: 'GR2026BJ1000399', reports: [] }], total: 2 }),
        );
      }
      if (pathOf(call) === '/api/attachment/download/r-1') {
        return new Response(new Uint8Array([37, 80, 68, 70]), {
          headers: { 'Content-Type': 'application/pdf' },
        });
      }
      return undefined;
    });
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} });
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderPortal('/index/estimateList');
    const row = (await screen.findByText('GR2026BJ1000302')).closest('tr')!;
    expect(within(row).getByText('12,000,000.00')).toBeTruthy();
    expect(within(row).getByText('2026-06-30')).toBeTruthy();
    expect(screen.getByText('暂未上传')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '资产评估报告.pdf' }));
    await waitFor(() => expect(saved).toEqual(['资产评估报告.pdf']));
    click.mockRestore();

    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: ' 物流 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(
        calls.filter((call) => pathOf(call) === '/api/project/evaluation/list').map(bodyOf),
      ).toContainEqual({
        page: 1,
        size: 10,
        keyword: '物流',
      }),
    );
  });
});

describe('出具评估报告', () => {
  it('opens on the project of the task, refuses what the rules refuse, and submits the figures in fen', async () => {
    const user = makeUser(IDENTITY.assessment);
    signInAs(user);
    const awaiting: EvaluationRow = {
      ...ROW,
      state: 'awaiting',
      stateLabel: '待出具',
      submittedAt: null,
      canSubmit: true,
    };
    const { calls } = servePortal(user, (call) => {
      if (pathOf(call) === '/api/project/evaluation/list') {
        return jsonResponse(envelope({ list: [awaiting], total: 1 }));
      }
      if (pathOf(call) === '/api/project/evaluation/submit/9') {
        return jsonResponse(envelope({ submittedAt: '2026-11-27T02:00:00.000Z' }));
      }
      return undefined;
    });
    renderPortal('/index/estimateList?id=9&taskId=31');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('出具评估报告')).toBeTruthy();
    expect(within(dialog).getByText('北京示范物流有限公司100%股权（GR2026BJ1000302）')).toBeTruthy();
    // the calendar takes a typed day once it is confirmed
    const day = within(dialog).getByLabelText('评估基准日');
    fireEvent.mouseDown(day);
    fireEvent.change(day, { target: { value: '2026-09-30' } });
    fireEvent.keyDown(day, { key: 'Enter', code: 'Enter' });
    fireEvent.change(within(dialog).getByLabelText('净资产评估值（元）'), { target: { value: '1000' } });
    fireEvent.change(within(dialog).getByLabelText('转让标的对应评估值（元）'), {
      target: { value: '2000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交评估结果' }));
    expect(
      await screen.findByText('转让标的对应评估值2,000.00元不能高于净资产评估值1,000.00元'),
    ).toBeTruthy();
    expect(calls.some((call) => pathOf(call) === '/api/project/evaluation/submit/9')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('转让标的对应评估值（元）'), {
      target: { value: '800.5' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交评估结果' }));
    await waitFor(() =>
      expect(calls.filter((call) => pathOf(call) === '/api/project/evaluation/submit/9').map(bodyOf)).toEqual(
        [{ appraisalBaseDate: '2026-09-30', netAssetValue: 100_000, appraisalValue: 80_050, remark: '' }],
      ),
    );
  });
});
