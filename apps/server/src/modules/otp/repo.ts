// Queries on otp_codes.
import type { OtpPurpose } from '@cqjy/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { otpCodes } from './tables.ts';

export type OtpRow = typeof otpCodes.$inferSelect;

/** Serialises every send to one mobile until the end of the transaction (the resend rule needs it). */
export async function lockMobile(tx: Db, mobile: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${mobile}`}))`);
}

/** When the last code of any purpose was sent to this mobile. */
export async function findLastSentAt(tx: Db, mobile: string): Promise<Date | undefined> {
  const rows = await tx
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(eq(otpCodes.mobile, mobile))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return rows[0]?.createdAt;
}

export async function supersedeOpen(
  tx: Db,
  input: { mobile: string; purpose: OtpPurpose; at: Date },
): Promise<void> {
  await tx
    .update(otpCodes)
    .set({ supersededAt: input.at })
    .where(
      and(
        eq(otpCodes.mobile, input.mobile),
        eq(otpCodes.purpose, input.purpose),
        isNull(otpCodes.consumedAt),
        isNull(otpCodes.supersededAt),
      ),
    );
}

export async function insertCode(tx: Db, row: typeof otpCodes.$inferInsert): Promise<void> {
  await tx.insert(otpCodes).values(row);
}

/** The code a check is about: the newest one not replaced by a newer send, locked for the checking transaction. */
export async function findCurrentForUpdate(
  tx: Db,
  input: { mobile: string; purpose: OtpPurpose },
): Promise<OtpRow | undefined> {
  const rows = await tx
    .select()
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.mobile, input.mobile),
        eq(otpCodes.purpose, input.purpose),
        isNull(otpCodes.supersededAt),
      ),
    )
    .orderBy(desc(otpCodes.createdAt))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function countFailedTry(tx: Db, id: string): Promise<number> {
  const rows = await tx
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(eq(otpCodes.id, id))
    .returning({ attempts: otpCodes.attempts });
  return rows[0]?.attempts ?? 0;
}

export async function markConsumed(tx: Db, id: string, at: Date): Promise<void> {
  await tx.update(otpCodes).set({ consumedAt: at }).where(eq(otpCodes.id, id));
}
