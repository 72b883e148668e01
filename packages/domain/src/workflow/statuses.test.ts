import { describe, expect, it } from 'vitest';
import {
  ACTION_EVENT,
  ACTION_STATUS,
  ACTION_TRANSITIONS,
  canTransition,
  EDITABLE_ACTION_STATUSES,
  nextActionStatus,
  OPEN_ACTION_STATUSES,
  WITHDRAWABLE_ACTION_STATUSES,
  DISCARDABLE_ACTION_STATUSES,
  type ActionEvent,
  type ActionStatus,
} from './statuses.ts';

const ALL_STATUSES = Object.values(ACTION_STATUS);
const ALL_EVENTS = Object.values(ACTION_EVENT);

describe('the transitions of an action instance', () => {
  it.each<[ActionEvent, ActionStatus, ActionStatus]>([
    ['edit', 'draft', 'draft'],
    ['edit', 'returned', 'returned'],
    ['submitLetter', 'draft', 'letterGenerated'],
    ['submitLetter', 'returned', 'letterGenerated'],
    ['submitUnsigned', 'draft', 'underReview'],
    ['submitUnsigned', 'returned', 'underReview'],
    ['sign', 'letterGenerated', 'underReview'],
    ['pass', 'underReview', 'approved'],
    ['back', 'underReview', 'returned'],
    ['withdraw', 'letterGenerated', 'cancelled'],
    ['withdraw', 'returned', 'cancelled'],
  ])('%s from %s leads to %s', (event, from, to) => {
    expect(nextActionStatus(event, from)).toBe(to);
    expect(canTransition(event, from)).toBe(true);
  });

  it('allows nothing else', () => {
    const allowed = ALL_EVENTS.flatMap((event) =>
      ALL_STATUSES.filter((from) => canTransition(event, from)).map((from) => `${event}:${from}`),
    );
    expect(allowed).toHaveLength(11);
  });

  it.each<[ActionEvent, ActionStatus]>([
    ['edit', 'letterGenerated'],
    ['edit', 'underReview'],
    ['submitLetter', 'letterGenerated'],
    ['submitUnsigned', 'underReview'],
    ['sign', 'draft'],
    ['sign', 'underReview'],
    ['pass', 'letterGenerated'],
    ['back', 'returned'],
    ['withdraw', 'underReview'],
    ['withdraw', 'approved'],
    // a draft is discarded (deleted), not withdrawn
    ['withdraw', 'draft'],
  ])('refuses %s from %s', (event, from) => {
    expect(nextActionStatus(event, from)).toBeNull();
    expect(canTransition(event, from)).toBe(false);
  });

  it('leaves approved and cancelled final', () => {
    for (const event of ALL_EVENTS) {
      expect(nextActionStatus(event, 'approved')).toBeNull();
      expect(nextActionStatus(event, 'cancelled')).toBeNull();
    }
  });

  it('names every event and only statuses of ACTION_STATUS', () => {
    expect(Object.keys(ACTION_TRANSITIONS).sort()).toEqual([...ALL_EVENTS].sort());
    for (const { from, to } of Object.values(ACTION_TRANSITIONS)) {
      for (const status of from) expect(ALL_STATUSES).toContain(status);
      if (to !== null) expect(ALL_STATUSES).toContain(to);
    }
  });
});

describe('the lists derived from the table', () => {
  it('keeps the lists the screens read', () => {
    expect(EDITABLE_ACTION_STATUSES).toEqual(['draft', 'returned']);
    expect(WITHDRAWABLE_ACTION_STATUSES).toEqual(['letterGenerated', 'returned']);
    expect(DISCARDABLE_ACTION_STATUSES).toEqual(['draft']);
    expect(OPEN_ACTION_STATUSES).toEqual(['draft', 'letterGenerated', 'underReview', 'returned']);
  });

  it('edits, submits and withdraws exactly where the lists say', () => {
    for (const status of ALL_STATUSES) {
      expect(canTransition('edit', status)).toBe(EDITABLE_ACTION_STATUSES.includes(status));
      expect(canTransition('submitLetter', status)).toBe(EDITABLE_ACTION_STATUSES.includes(status));
      expect(canTransition('submitUnsigned', status)).toBe(EDITABLE_ACTION_STATUSES.includes(status));
      expect(canTransition('withdraw', status)).toBe(WITHDRAWABLE_ACTION_STATUSES.includes(status));
    }
  });

  it('counts as open every status with a way out', () => {
    for (const status of ALL_STATUSES) {
      const hasWayOut = ALL_EVENTS.some((event) => canTransition(event, status));
      expect(OPEN_ACTION_STATUSES.includes(status)).toBe(hasWayOut);
    }
  });
});
