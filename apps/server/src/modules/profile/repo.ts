// Queries on password_reset_tickets. Using a ticket is one conditional update (`where used_at is null`), so two
// requests racing with the same ticket cannot both set a password.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResetTickets } from './tables.ts';

export type TicketRow = typeof passwordResetTickets.$inferSelect;

export async function insertTicket(db: Db, values: typeof passwordResetTickets.$inferInsert): Promise<void> {
  await db.insert(passwordResetTickets).values(values);
}

/**
 * Uses up the ticket of `ticketHash` when it is unused, unexpired and was handed to `sessionId`; answers the
 * user it was issued for, or undefined when it is none of those.
 */
export async function consumeTicket(
  db: Db,
  input: { ticketHash: string; sessionId: number; at: Date },
): Promise<number | undefined> {
  const rows = await db
    .update(passwordResetTickets)
    .set({ usedAt: input.at })
    .where(
      and(
        eq(passwordResetTickets.ticketHash, input.ticketHash),
        eq(passwordResetTickets.sessionId, input.sessionId),
        isNull(passwordResetTickets.usedAt),
        gt(passwordResetTickets.expiresAt, input.at),
      ),
    )
    .returning({ userId: passwordResetTickets.userId });
  return rows[0]?.userId;
}

/** A newer proof replaces the user's open tickets: only the last one sets the password. */
export async function retireOpenTickets(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .update(passwordResetTickets)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTickets.userId, userId), isNull(passwordResetTickets.usedAt)));
}
