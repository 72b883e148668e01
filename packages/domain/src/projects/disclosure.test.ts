import { describe, expect, it } from 'vitest';
import { addWorkdays } from '../workdays.ts';
import { validateActionForm } from '../workflow/action-forms.ts';
import { composeLetter, findAction } from '../workflow/actions.ts';
import { applyEffect } from '../workflow/effects.ts';

describe('the first disclosure as a workflow action', () => {
  const config = findAction('bulk', 'disclosure');

  it('opens on its return screen, starts from a draft, asks only for the period and no file', () => {
    expect(config).toMatchObject({
      effect: 'disclosure',
      letterTitle: '信息披露申请函',
      attachments: [],
      allowedProjectStatuses: ['draft'],
      routes: { Aon: 'bulkMfyRrn', MfyRrn: 'bulkMfyRrn', EicSre: 'bulkEicSre' },
    });
    expect(config?.fields.map((field) => field.name)).toEqual(['disclosureDays']);
  });

  it('submits with the period and no reason', () => {
    if (config === undefined) throw new Error('no disclosure action');
    expect(validateActionForm(config, { disclosureDays: 10 }, 'submit')).toBeNull();
    expect(validateActionForm(config, {}, 'submit')).not.toBeNull();
  });

  it('approval: disclosing from the approval moment to the working-day deadline', () => {
    if (config === undefined) throw new Error('no disclosure action');
    const now = new Date('2026-09-25T02:00:00Z');
    const next = applyEffect(
      config,
      { status: 'draft', disclosureStart: null, disclosureEnd: null, pausedAt: null, details: {} },
      { disclosureDays: 20 },
      now,
    );
    expect(next).toEqual({
      status: 'disclosing',
      pausedAt: null,
      disclosureStart: now,
      disclosureEnd: addWorkdays(now, 20).date,
      details: {},
    });
  });

  it('the letter names the project and the period, without a reason line', () => {
    if (config === undefined) throw new Error('no disclosure action');
    const letter = composeLetter({
      config,
      form: { disclosureDays: 20 },
      project: { name: '报废车辆一批', code: 'GR2026BJ0000001' },
      applicant: '华北示范实业集团有限公司',
      exchange: '产权交易所',
      day: '2026-11-22',
    });
    expect(letter.title).toBe('信息披露申请函');
    expect(letter.paragraphs[0]).toContain('现申请在贵所信息披露');
    expect(letter.paragraphs).toContain('披露期为20个工作日。');
    expect(letter.fields.map((field) => field.label)).not.toContain('申请原因');
  });
});
