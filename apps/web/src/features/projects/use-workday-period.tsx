// A period the form counts in working days (KindWorkdayPeriod; the unified family's disclosure): as the owner
// types, the kind's work/date call fills the other end of the period on the PRC calendar. The first day with the
// working days gives the closing day; a closing day typed gives the working days. Only what the owner types asks
// (antd's onValuesChange: a value the form sets itself is no change of the user's, so one direction never sets
// off the other), once the typing has paused; a later change supersedes a call on its way, and a failing call
// leaves the fields as typed. A closing day counted over a year whose holidays are not yet published is said so
// under the closing day's field.
import { useEffect, useRef, useState } from 'react';
import type { FormInstance } from 'antd';
import { Typography } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import type { KindWorkdayPeriod } from '@cqjy/domain/projects/kinds/kind';
import { DISCLOSURE_DAYS_MAX } from '@cqjy/domain/workflow/actions';
import { countWorkDate, type WorkDateQuestion } from './api.ts';
import type { FieldAids } from './category-field.tsx';
import type { FormValues } from './form-values.ts';

/** How long the typing pauses before the call is made. */
export const WORK_DATE_DEBOUNCE_MS = 400;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Which end the owner typed last: the days or the first day (the closing day follows), or the closing day. */
type Direction = 'toEnd' | 'toDays';

const dayOf = (value: unknown): string | undefined =>
  typeof value === 'string' && DAY.test(value) ? value : undefined;

/** The working days as typed, if a whole number the call takes. */
function daysOf(value: unknown): number | undefined {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (!/^\d+$/.test(text)) return undefined;
  const days = Number(text);
  return days >= 1 && days <= DISCLOSURE_DAYS_MAX ? days : undefined;
}

/** What to ask of the form's values now, or nothing while the period is not far enough typed. */
export function workDateQuestion(
  period: KindWorkdayPeriod,
  values: FormValues,
  direction: Direction,
): WorkDateQuestion | undefined {
  const startDate = dayOf(values[period.start]);
  if (startDate === undefined) return undefined;
  const days = daysOf(values[period.days]);
  const endDate = dayOf(values[period.end]);
  if (direction === 'toEnd' && days !== undefined) return { startDate, days };
  // the closing day typed (or the first day changed with no days to count) gives the days
  if (endDate !== undefined && endDate > startDate && (direction === 'toDays' || days === undefined)) {
    return { startDate, endDate };
  }
  return undefined;
}

/** Drops the call waiting for the typing to pause and the one on its way. */
function stop(
  timer: { current: ReturnType<typeof setTimeout> | null },
  inFlight: { current: AbortController | null },
): void {
  if (timer.current !== null) clearTimeout(timer.current);
  timer.current = null;
  inFlight.current?.abort();
  inFlight.current = null;
}

export type WorkdayPeriodAids = FieldAids & {
  /** to be called with the form's onValuesChange (the values the owner changed) */
  onValuesChange(changed: FormValues): void;
};

const NONE: WorkdayPeriodAids = { controls: {}, notes: {}, onValuesChange: () => {} };

export function useWorkdayPeriod(
  form: FormInstance<FormValues>,
  family: ProjectFamily,
  period: KindWorkdayPeriod | undefined,
  /** the closing day the form holds now */
  endValue: unknown,
): WorkdayPeriodAids {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const pending = useRef<Direction | null>(null);
  // the closing day of the last answer that was provisional: the warning holds while the form keeps that day
  const [provisionalEnd, setProvisionalEnd] = useState<string | null>(null);

  const cancel = (): void => stop(timer, inFlight);
  // leaving the page, or another family chosen: nothing asked for the former period is applied
  useEffect(
    () => () => {
      stop(timer, inFlight);
      pending.current = null;
    },
    [family, period],
  );

  if (period === undefined) return NONE;

  const ask = async (direction: Direction): Promise<void> => {
    const question = workDateQuestion(period, form.getFieldsValue(true) as FormValues, direction);
    if (question === undefined) return;
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const answer = await countWorkDate(family, question, controller.signal);
      if (controller.signal.aborted || inFlight.current !== controller) return;
      const target = 'days' in question ? period.end : period.days;
      form.setFieldsValue({ [target]: 'days' in question ? answer.endDate : String(answer.days) });
      if (form.getFieldError(target).length > 0) void form.validateFields([target]).catch(() => {});
      setProvisionalEnd(answer.isProvisional ? answer.endDate : null);
    } catch {
      // a refusal or a failed call: the fields stay as typed (the rules speak at 提交)
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  };

  const onValuesChange = (changed: FormValues): void => {
    const direction: Direction | null =
      period.end in changed
        ? 'toDays'
        : period.days in changed
          ? 'toEnd'
          : period.start in changed
            ? (pending.current ?? 'toEnd')
            : null;
    if (direction === null) return;
    cancel();
    pending.current = direction;
    timer.current = setTimeout(() => {
      timer.current = null;
      pending.current = null;
      void ask(direction);
    }, WORK_DATE_DEBOUNCE_MS);
  };

  const isProvisional = provisionalEnd !== null && endValue === provisionalEnd;
  return {
    controls: {},
    notes: isProvisional
      ? {
          [period.end]: (
            <Typography.Text type="warning" style={{ fontSize: 12 }}>
              {MSG.workDateProvisional}
            </Typography.Text>
          ),
        }
      : {},
    onValuesChange,
  };
}
