// The hall's rules as the dialogs offer and send them: the exchange's 开启网络竞价 starts from the seller's saved rules
// (a start already past offered as now), the seller's first rules from the first day a hall may start.
import { describe, expect, it } from 'vitest';
import { ZBiddingOpenForm, type AuctionRules } from '@cqjy/domain/bidding';
import { initialRules, reserveOf, toOpenForm } from './bidding-rules-dialog.tsx';

const NOW = Date.parse('2026-11-29T10:00:00+08:00');

const saved: AuctionRules = {
  projectId: 7,
  startAt: '2026-12-12T02:00:00.000Z', // 10:00 in +08:00
  freeSeconds: 300,
  timedSeconds: 60,
  startingPrice: 8_465_000,
  increment: 50_000,
  mode: 'dynamic',
  restartsMax: 20,
  reservePrice: 9_000_000,
  version: 2,
  updatedAt: '2026-11-28T01:00:00.000Z',
};

describe('initialRules', () => {
  it('offers the saved rules as typed (yuan, +08:00 minutes), and they send back as saved', () => {
    const values = initialRules(saved, 1, NOW);
    expect(values).toEqual({
      mode: 'dynamic',
      reservePrice: '90000.00',
      startAt: '2026-12-12 10:00',
      freeSeconds: '300',
      timedSeconds: '60',
      startingPrice: '84650.00',
      increment: '500.00',
      restartsMax: '20',
    });
    const form = toOpenForm(7, values, NOW);
    expect(ZBiddingOpenForm.parse(form)).toEqual({
      projectId: 7,
      startAt: saved.startAt,
      freeSeconds: 300,
      timedSeconds: 60,
      startingPrice: 8_465_000,
      increment: 50_000,
      mode: 'dynamic',
      restartsMax: 20,
    });
    // a cap left empty, or in a mode with no countdown to restart, is none
    expect(toOpenForm(7, { ...values, restartsMax: '' }, NOW).restartsMax).toBeNull();
    expect(toOpenForm(7, { ...values, mode: 'sealed' }, NOW).restartsMax).toBeNull();
    expect(reserveOf(values)).toBe(9_000_000);
    expect(reserveOf({ reservePrice: ' ' })).toBeNull();
  });

  it('offers a saved start already past as now, and without rules the listing price and the defaults', () => {
    expect(initialRules(saved, undefined, Date.parse('2026-12-13T09:30:00+08:00')).startAt).toBe(
      '2026-12-13 09:30',
    );
    expect(initialRules(null, 3_000_000, NOW)).toEqual({
      mode: 'dynamic',
      reservePrice: '',
      startAt: '2026-11-29 10:00',
      freeSeconds: '60',
      timedSeconds: '60',
      startingPrice: '30000.00',
      increment: '1000.00',
      restartsMax: '',
    });
  });
});
