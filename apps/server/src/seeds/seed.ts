// First data of an empty database. Outside production: the demo companies and accounts of the README (every
// identity, fully onboarded, seed-accounts.ts, plus gate1..gate8 stopped at each onboarding gate, seed-gates.ts;
// transferor2 also holds a member identity to switch to), the demo projects of each family with the courses they
// went through (seed-bulk.ts, seed-equity.ts, seed-capital-increase.ts, seed-deal.ts; the courses seed-courses.ts)
// and the owner's notifications of those approvals (seed-notifications.ts). In production: only an initial
// administrator. Both are skipped as soon as any user exists, so restarts never duplicate anything. Reference data
// (the dictionaries) is brought up to date at every start in both modes; it only ever adds what is missing.
import { composeCreditCode } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { seedDictionaries } from '../modules/dictionaries/seed.ts';
import { users } from '../modules/users/tables.ts';
import { systemClock, type Clock } from '../platform/clock.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { Db } from '../db/client.ts';
import {
  DEMO_COMPANIES,
  DEMO_USERS,
  insertBuiltinRoles,
  insertCompanies,
  insertUsers,
  partyOf,
  type DemoRefs,
} from './seed-accounts.ts';
import { insertDemoApplication, storeDemoLicences } from './seed-applications.ts';
import { DEMO_PROJECT_ASSETS, DEMO_PROJECT_FORM, insertDemoProjects } from './seed-bulk.ts';
import { insertDemoCapitalIncrease } from './seed-capital-increase.ts';
import { insertDemoDeal } from './seed-deal.ts';
import { insertDemoDocuments } from './seed-documents.ts';
import { insertDemoEquityProjects } from './seed-equity.ts';
import { buildGateSeeds } from './seed-gates.ts';
import { insertDemoNotifications } from './seed-notifications.ts';
import { insertDemoRegistries } from './seed-registries.ts';
import { insertDemoSmallLots } from './seed-small.ts';
import { insertDemoVehicles } from './seed-vehicles.ts';
import { insertDemoUnified } from './seed-unified.ts';

export { DEMO_PROJECT_PERMISSIONS } from './seed-accounts.ts';

export type SeedOutcome = { isSeeded: boolean; users: number };

async function hasAnyUser(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (rows[0]?.n ?? 0) > 0;
}

/** Demo companies and accounts (password DEMO_PASSWORD); skipped when any user exists. */
export async function seedDemo(
  db: Db,
  config: Pick<Config, 'demoPassword' | 'storage' | 'storageDir'>,
  /** the demo's dates are the clock's: a test's fixed clock sees the demo data as of its own day */
  clock: Clock = systemClock,
): Promise<SeedOutcome> {
  await seedDictionaries(db, { isWithSamples: true });
  if (await hasAnyUser(db)) return { isSeeded: false, users: 0 };
  // One hash for every demo account: they share the password anyway, and hashing is the slow part of seeding.
  const passwordHash = await hashPassword(config.demoPassword);
  const gates = buildGateSeeds();
  const allUsers = [...DEMO_USERS, ...gates.users];
  const allCompanies = [...DEMO_COMPANIES, ...gates.companies];
  // The applications awaiting review: their licence bytes are stored before the transaction.
  const pending = allCompanies.flatMap((seed) =>
    seed.application === undefined || seed.creditCode === undefined
      ? []
      : [
          {
            key: seed.key,
            name: seed.name,
            creditCode: composeCreditCode(seed.creditCode.region, seed.creditCode.serial),
            application: seed.application,
          },
        ],
  );
  const licences = await storeDemoLicences(config, pending);
  await db.transaction(async (tx) => {
    const roleIds = await insertBuiltinRoles(tx);
    const companyIds = await insertCompanies(tx, allCompanies);
    const userIds = await insertUsers(tx, allUsers, { passwordHash, companyIds, roleIds });
    for (const company of pending) {
      const applicant = allUsers.find((user) => user.company === company.key);
      const licence = licences.get(company.name);
      if (applicant === undefined || licence === undefined) throw new Error(`no applicant of ${company.key}`);
      await insertDemoApplication(tx, {
        companyId: companyIds.get(company.key) ?? 0,
        company,
        application: company.application,
        licence,
        applicantUserId: userIds.get(applicant.username)?.userId ?? 0,
        reviewerUserId: userIds.get('admin')?.userId ?? 0,
        now: clock.now(),
      });
    }
    const demo: DemoRefs = {
      companyIds,
      parties: {
        transferor: partyOf('transferor', userIds, companyIds),
        member: partyOf('member', userIds, companyIds),
        admin: partyOf('admin', userIds, companyIds),
      },
    };
    const now = clock.now();
    await insertDemoProjects(tx, demo, now);
    await insertDemoEquityProjects(tx, demo, now);
    await insertDemoCapitalIncrease(tx, {
      owner: demo.parties.transferor,
      member: demo.parties.member,
      exchange: demo.parties.admin,
      now,
    });
    await insertDemoRegistries(tx, {
      transferor: companyIds.get('transferor') ?? 0,
      member: companyIds.get('member') ?? 0,
      land: companyIds.get('land') ?? 0,
    });
    const owner = demo.parties.transferor;
    await insertDemoDeal(tx, {
      owner,
      exchange: demo.parties.admin,
      agentCompanyId: companyIds.get('agent') ?? null,
      now,
      form: DEMO_PROJECT_FORM,
      assets: DEMO_PROJECT_ASSETS,
    });
    await insertDemoSmallLots(tx, {
      agent: partyOf('agent', userIds, companyIds),
      exchange: demo.parties.admin,
      appraiser: partyOf('assessment', userIds, companyIds),
      bidders: {
        winner: partyOf('agent2', userIds, companyIds),
        loser: partyOf('member', userIds, companyIds),
      },
      principalName: owner.companyName,
      now,
    });
    await insertDemoVehicles(tx, {
      owner,
      exchange: demo.parties.admin,
      appraiser: partyOf('assessment', userIds, companyIds),
      dismantler: partyOf('disassembly', userIds, companyIds),
      now,
    });
    await insertDemoUnified(tx, {
      owner,
      member: demo.parties.member,
      exchange: demo.parties.admin,
      now,
    });
    await insertDemoNotifications(tx, {
      companyId: owner.companyId,
      userId: owner.userId,
      clock,
    });
    await insertDemoDocuments(tx, { owner, exchange: demo.parties.admin, now });
  });
  return { isSeeded: true, users: allUsers.length };
}

/** Production: the built-in roles and one administrator, from ADMIN_PASSWORD; skipped when any user exists. */
export async function seedProduction(db: Db, config: Pick<Config, 'adminPassword'>): Promise<SeedOutcome> {
  await seedDictionaries(db, { isWithSamples: false });
  if (await hasAnyUser(db)) return { isSeeded: false, users: 0 };
  if (config.adminPassword === undefined || config.adminPassword.length < 8) {
    throw new Error('数据库中还没有任何账号：首次以生产模式启动时须设置 ADMIN_PASSWORD（至少 8 位）');
  }
  const passwordHash = await hashPassword(config.adminPassword);
  await db.transaction(async (tx) => {
    const roleIds = await insertBuiltinRoles(tx);
    const companyIds = await insertCompanies(tx, [
      { key: 'exchange', name: '产权交易所', identity: 'admin' },
    ]);
    await insertUsers(
      tx,
      [{ username: 'admin', nickname: '交易所管理员', mobile: null, company: 'exchange', role: 'admin' }],
      { passwordHash, companyIds, roleIds },
    );
  });
  return { isSeeded: true, users: 1 };
}

export async function seedDatabase(
  db: Db,
  config: Pick<Config, 'isProduction' | 'demoPassword' | 'adminPassword' | 'storage' | 'storageDir'>,
): Promise<SeedOutcome> {
  return config.isProduction ? seedProduction(db, config) : seedDemo(db, config);
}
