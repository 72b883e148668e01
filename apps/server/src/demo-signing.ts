// The demo's signatures, prepared at start-up outside production, before the app is built (under the start-up
// lock, so one node of a cluster does it): the seeded operators marked as enrolled get the certificates and
// seals an enrolment issues them, then the seeded courses' letters are drawn and sealed as their applicants
// signed them (workflow/seeded-letters.ts). The seed's courses lie in the past (weeks, not years), so the demo
// authority issues as of DEMO_ENROLLED_DAYS ago: a letter sealed at its course's time is then signed within its
// certificate's validity, as a verifier checks. A real deployment enrols its operators through gate 7.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createAttachmentsService } from './modules/attachments/service.ts';
import { createAuditService } from './modules/audit/service.ts';
import { createSigningCredentials } from './modules/signatures/credentials.ts';
import { createUsersService } from './modules/users/service.ts';
import { sealSeededLetters } from './modules/workflow/seeded-letters.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { createStorage } from './platform/storage-drivers.ts';

/** How long before the first start the demo companies count as enrolled: longer than the seed's history. */
export const DEMO_ENROLLED_DAYS = 180;

export async function prepareDemoSignatures(deps: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  clock?: Clock;
}): Promise<{ issued: number; sealed: number }> {
  const { db, config, log } = deps;
  const clock = deps.clock ?? systemClock;
  const enrolledClock: Clock = {
    now: () => new Date(clock.now().getTime() - DEMO_ENROLLED_DAYS * 86_400_000),
  };
  const audit = createAuditService({ clock });
  const users = createUsersService({ db, audit, clock, config });
  const credentials = createSigningCredentials(
    { db, config, clock, log, audit, users },
    { authorityClock: enrolledClock },
  );
  const issued = await credentials.enrolMissing();
  const storage = createStorage(config);
  try {
    const sealed = await sealSeededLetters({
      db,
      log,
      users,
      attachments: createAttachmentsService({ db, storage, audit, clock }),
      findSigner: credentials.findSigner,
    });
    return { issued, sealed };
  } finally {
    await storage.close();
  }
}
