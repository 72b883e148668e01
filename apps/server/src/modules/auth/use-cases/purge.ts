import { type AuthDeps, type AuthPurgeReport, ENDED_SESSION_RETENTION_S } from '../deps.ts';
import * as repo from '../repo.ts';

/**
 * Deletes what can no longer be used: anonymous sessions that ended, signed-in sessions that ended more than
 * ENDED_SESSION_RETENTION_S ago, and captchas expired or used. A token of a deleted session is unknown, which
 * every check answers as it answered an ended one.
 */
export async function purgeEnded({ db, clock }: AuthDeps): Promise<AuthPurgeReport> {
  const now = clock.now();
  // sessions first: their captchas go with them and are not counted twice
  const anonymousSessions = await repo.deleteEndedSessions(db, { isAnonymous: true, endedBefore: now });
  const signedInSessions = await repo.deleteEndedSessions(db, {
    isAnonymous: false,
    endedBefore: new Date(now.getTime() - ENDED_SESSION_RETENTION_S * 1000),
  });
  const captchas = await repo.deleteSpentCaptchas(db, now);
  return { anonymousSessions, signedInSessions, captchas };
}
