// An arrival, from the bank's notice or a statement line, judged once against the deposit its receiving account
// names (the domain's judgeArrival) and recorded once by its serial; a matched one records the registration's
// deposit arrived in the same transaction, so the ledger and the registration never disagree.
import {
  BANK_NOTICE_HEADERS,
  bankNoticeSigningText,
  bankNoticeTimeRefusal,
  formatDate,
  isPastSigning,
  judgeArrival,
  MSG,
  registrationOfAccount,
  ZBankArrival,
  type BankArrival,
  type DepositArrivalOutcome,
  type DepositTarget,
  type IntentionStatus,
} from '@cqjy/domain';
import type { DepositRecordResult } from '@cqjy/domain/contracts/deposits';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/client.ts';
import { SYSTEM_ACTOR, type AuditActor } from '../../../platform/audit.ts';
import { conflict, refused, unauthorized, type AppError } from '../../../platform/errors.ts';
import type { DepositsDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** The statuses past signing that are out of the race: money arriving for them is owed back, not counted. */
const OUT_OF_RACE: readonly IntentionStatus[] = ['withdrawn', 'disqualified', 'won', 'lost'];

/** The deposit the account names (read in `executor`), as judgeArrival takes it, with its registration. */
export async function findTarget(deps: DepositsDeps, executor: Db, account: string) {
  const id = registrationOfAccount(deps.bank.settlementPrefix, account);
  const item = id === null ? undefined : await deps.intentions.findItem(id, executor);
  if (item === undefined || !isPastSigning(item.status)) return { item: undefined, target: null };
  const target: DepositTarget = {
    depositAmount: item.depositAmount,
    depositDeadline: item.depositDeadline,
    isArrived: item.depositPaidAt !== null,
    isInRace: !OUT_OF_RACE.includes(item.status),
  };
  return { item, target };
}

/**
 * Records `arrival` in `tx` once: `duplicate` when its serial was recorded before (by a notice or a statement),
 * else its judgement; a matched arrival records the deposit arrived (the amount, its +08:00 day, the serial as the
 * bank's reference). Each recorded arrival is audited.
 */
export async function recordArrival(
  deps: DepositsDeps,
  tx: Db,
  arrival: BankArrival,
  source: 'notice' | 'statement',
  /** the operator importing a statement; none for the bank's notice */
  recorder: AuditActor = SYSTEM_ACTOR,
): Promise<DepositRecordResult> {
  const { item, target } = await findTarget(deps, tx, arrival.account);
  const outcome: DepositArrivalOutcome = judgeArrival(arrival, target);
  const id = await repo.insertArrival(tx, {
    ...arrival,
    arrivedAt: new Date(arrival.arrivedAt),
    source,
    registrationId: item?.id ?? null,
    outcome,
    recordedBy: recorder.operatorId,
    createdAt: deps.clock.now(),
  });
  if (id === null) return 'duplicate';
  if (outcome === 'matched' && item !== undefined) {
    const receipt = {
      amount: arrival.amount,
      arrivedOn: formatDate(arrival.arrivedAt),
      reference: arrival.serial,
      version: item.version,
    };
    await deps.intentions.recordDepositNotice(recorder, item.id, receipt, tx);
  }
  await deps.audit.append(tx, {
    ...recorder,
    action: 'deposit.arrival',
    result: 'ok',
    target: arrival.serial,
    detail: { source, outcome, registrationId: item?.id ?? null, amount: arrival.amount },
  });
  return outcome;
}

/** What a notice carries besides its body: its headers and where it came from. */
export type BankNotice = {
  rawBody: string;
  timestamp: string | undefined;
  signature: string | undefined;
  ip: string | null;
};

function isSignedBy(key: string, notice: BankNotice): boolean {
  const { timestamp, signature } = notice;
  if (timestamp === undefined || signature === undefined || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', key)
    .update(bankNoticeSigningText(timestamp, notice.rawBody))
    .digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/**
 * POST /api/deposit/bank/notify: a notice unsigned, wrongly signed or out of its time window answers 401, a
 * replay (the same signature again) 409, a body that is no arrival its message; each refusal is audited and
 * changes nothing else. A signed notice records its arrival once.
 */
export async function receiveNotice(
  deps: DepositsDeps,
  notice: BankNotice,
): Promise<{ serial: string; result: DepositRecordResult }> {
  const { db, clock, audit, bank } = deps;
  const now = clock.now();
  const refuse = async (error: AppError, reason: string): Promise<never> => {
    await audit.append(db, {
      ...SYSTEM_ACTOR,
      ip: notice.ip,
      action: 'deposit.notice',
      result: 'fail',
      detail: { reason, [BANK_NOTICE_HEADERS.timestamp]: notice.timestamp ?? null },
    });
    throw error;
  };
  const timeRefusal = bankNoticeTimeRefusal(notice.timestamp, now.getTime());
  if (bank.key === undefined || !isSignedBy(bank.key, notice)) {
    return refuse(unauthorized(MSG.depositNoticeUnsigned), 'unsigned');
  }
  if (timeRefusal !== null) return refuse(unauthorized(timeRefusal), 'late');
  let body: unknown;
  try {
    body = JSON.parse(notice.rawBody);
  } catch {
    return refuse(refused(MSG.badRequest), 'malformed');
  }
  const parsed = ZBankArrival.safeParse(body);
  if (!parsed.success) return refuse(refused(parsed.error.issues[0]?.message ?? MSG.badRequest), 'invalid');
  const arrival = parsed.data;
  const signature = (notice.signature ?? '').toLowerCase();
  const result = await db.transaction(async (tx) => {
    const isNew = await repo.keepNoticeSignature(tx, { signature, serial: arrival.serial, receivedAt: now });
    return isNew ? recordArrival(deps, tx, arrival, 'notice', { ...SYSTEM_ACTOR, ip: notice.ip }) : null;
  });
  if (result === null) return refuse(conflict(MSG.depositNoticeReplayed), 'replayed');
  return { serial: arrival.serial, result };
}
