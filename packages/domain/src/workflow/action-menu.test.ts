import { describe, expect, it } from 'vitest';
import { ACTION_CONFIGS, isFormDisclosure } from './actions.ts';
import { actionGroupOf, arrangeActions } from './action-menu.ts';

const row = (action: string) => ({ action });

describe('arrangeActions: one primary action for the stage, the others grouped', () => {
  it('a disclosing project finds its buyer first; suspension and disclosure changes are under 更多操作', () => {
    const arranged = arrangeActions(
      'disclosing',
      ['abort', 'end', 'supplement', 'termination', 'online', 'withdrawal', 'contract'].map(row),
    );
    expect(arranged.primary?.action).toBe('online');
    expect(arranged.groups.map((group) => [group.title, group.actions.map((a) => a.action)])).toEqual([
      ['交易与结算', ['contract']],
      ['信息披露', ['supplement', 'withdrawal']],
      ['中止与终结', ['abort', 'end', 'termination']],
    ]);
  });

  it('a suspended project is resumed; a dealt one paid out before its contract is corrected', () => {
    expect(arrangeActions('suspended', ['end', 'recovery', 'termination'].map(row)).primary?.action).toBe(
      'recovery',
    );
    expect(arrangeActions('dealt', ['contract', 'price', 'transfer'].map(row)).primary?.action).toBe('price');
  });

  it('without a preferred action the first allowed is primary; none allowed, nothing', () => {
    expect(arrangeActions('terminated', ['refundCashout'].map(row))).toEqual({
      primary: { action: 'refundCashout' },
      groups: [],
    });
    expect(arrangeActions('disclosing', [])).toEqual({ primary: null, groups: [] });
  });

  it('every action of the registry has a group, and each is offered once', () => {
    const actions = ACTION_CONFIGS.filter((config) => !isFormDisclosure(config));
    for (const config of actions)
      expect(actionGroupOf(config.action)).toMatch(/trade|disclosure|suspension|records/);
    const arranged = arrangeActions('disclosing', actions);
    const offered = [arranged.primary, ...arranged.groups.flatMap((group) => group.actions)];
    expect(offered).toHaveLength(actions.length);
    expect(new Set(offered).size).toBe(actions.length);
  });
});
