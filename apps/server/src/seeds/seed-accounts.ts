// The demo companies and their accounts (the README's, every identity fully onboarded; transferor2 also holds a
// member identity to switch to), and how they are written: the built-in roles, the companies, one main operator
// each. The production seed writes its single administrator with the same functions.
import {
  composeCreditCode,
  DEFAULT_ROLE_CODES,
  IDENTITY,
  SMALL_LOT_BUSINESS_TYPE,
  type IdentityName,
  type ProjectPermission,
} from '@cqjy/domain';
import { ROLE_NAMES, type RoleKey } from '../modules/users/roles.ts';
import { companies, operators, roles, users } from '../modules/users/tables.ts';
import type { Db } from '../db/client.ts';
import { applicationColumns, type DemoApplication } from './seed-applications.ts';
import type { SeedParty } from './seed-courses.ts';

export type CompanySeed = {
  key: string;
  name: string;
  identity: IdentityName;
  isAgent?: boolean;
  examineStatus?: number | null;
  /** region and organisation serial of a generated credit code; none for a real company filled in later */
  creditCode?: { region: string; serial: string };
  /** asset types per business type, replacing those of DEMO_PROJECT_PERMISSIONS */
  projectAssetTypes?: Record<string, string[]>;
  /** the exchange asks for advanced company authentication (SH-6.4); not yet done: companyAuthStatus 0 */
  advancedAuthFlag?: boolean;
  /** the account-opening application of a company awaiting review, with its licence and history */
  application?: DemoApplication;
};

export type UserSeed = {
  username: string;
  nickname: string;
  mobile: string | null;
  company: string;
  role: RoleKey;
  idType?: number;
  setupPassword?: boolean;
  pendingPhone?: string | null;
  authStatus?: number;
  prompt?: boolean;
  mainOperatorAuth?: boolean;
  /** further identities of the same person, in other companies */
  otherIdentities?: { company: string; role: RoleKey }[];
};

/** Project business types '1'..'11' with asset types '1' and '2' (refined by the project modules). */
export const DEMO_PROJECT_PERMISSIONS: ProjectPermission[] = Array.from({ length: 11 }, (_, i) => ({
  businessType: String(i + 1),
  projectAssetType: ['1', '2'],
}));

function buildProjectPermissions(overrides: Record<string, string[]> = {}): ProjectPermission[] {
  return DEMO_PROJECT_PERMISSIONS.map((entry) => ({
    businessType: entry.businessType,
    projectAssetType: overrides[entry.businessType] ?? entry.projectAssetType,
  }));
}

export const DEMO_COMPANIES: CompanySeed[] = [
  {
    key: 'exchange',
    name: '示范产权交易所',
    identity: 'admin',
    creditCode: { region: '110000', serial: '10000001' },
  },
  {
    key: 'ops',
    name: '示范产权交易所运维中心',
    identity: 'opsAdmin',
    creditCode: { region: '110000', serial: '10000002' },
  },
  {
    key: 'transferor',
    name: '北京示范国有资产经营有限公司',
    identity: 'transferor',
    examineStatus: 3,
    creditCode: { region: '110105', serial: '20000001' },
  },
  {
    key: 'transferor2',
    name: '华北示范实业集团有限公司',
    identity: 'transferor',
    examineStatus: 3,
    creditCode: { region: '130100', serial: '20000002' },
  },
  {
    key: 'member',
    name: '示范产权经纪有限公司',
    identity: 'member',
    creditCode: { region: '110108', serial: '30000001' },
    // no small-lot asset type: the ledger menu stays hidden (SH-4.14)
    projectAssetTypes: { [SMALL_LOT_BUSINESS_TYPE]: [] },
  },
  {
    key: 'agent',
    name: '示范综合服务代理有限公司',
    identity: 'member',
    isAgent: true,
    creditCode: { region: '110108', serial: '30000002' },
    projectAssetTypes: { [SMALL_LOT_BUSINESS_TYPE]: ['1'] },
  },
  {
    // a second agent member: a member represents one buyer of a project, so two competing buyers need two
    key: 'agent2',
    name: '示范联合产权经纪有限公司',
    identity: 'member',
    isAgent: true,
    creditCode: { region: '110108', serial: '30000003' },
    projectAssetTypes: { [SMALL_LOT_BUSINESS_TYPE]: ['1'] },
  },
  {
    key: 'assessment',
    name: '示范资产评估有限公司',
    identity: 'assessment',
    creditCode: { region: '110102', serial: '40000001' },
    // the demo of the advanced-authentication prompt (SH-8.11): signs in normally, then is asked to authenticate
    advancedAuthFlag: true,
  },
  {
    key: 'disassembly',
    name: '示范报废机动车回收拆解有限公司',
    identity: 'disassembly',
    creditCode: { region: '110112', serial: '50000001' },
  },
  {
    key: 'land',
    name: '示范土地储备中心',
    identity: 'land',
    creditCode: { region: '110000', serial: '60000001' },
  },
];

export const DEMO_USERS: UserSeed[] = [
  {
    username: 'transferor',
    nickname: '转让方演示',
    mobile: '13800000001',
    company: 'transferor',
    role: 'transferor',
  },
  {
    username: 'transferor2',
    nickname: '转让方演示二',
    mobile: '13800000002',
    company: 'transferor2',
    role: 'transferor',
    otherIdentities: [{ company: 'member', role: 'member' }],
  },
  { username: 'member', nickname: '会员演示', mobile: '13800000003', company: 'member', role: 'member' },
  { username: 'agent', nickname: '代理会员演示', mobile: '13800000004', company: 'agent', role: 'agent' },
  {
    username: 'agent2',
    nickname: '代理会员演示二',
    mobile: '13800000010',
    company: 'agent2',
    role: 'agent',
  },
  {
    username: 'assessment',
    nickname: '评估机构演示',
    mobile: '13800000005',
    company: 'assessment',
    role: 'assessment',
  },
  {
    username: 'disassembly',
    nickname: '拆解企业演示',
    mobile: '13800000006',
    company: 'disassembly',
    role: 'disassembly',
  },
  { username: 'land', nickname: '土地资产管理演示', mobile: '13800000007', company: 'land', role: 'land' },
  { username: 'admin', nickname: '交易所管理员', mobile: '13800000008', company: 'exchange', role: 'admin' },
  { username: 'opsadmin', nickname: '运维管理员', mobile: '13800000009', company: 'ops', role: 'opsAdmin' },
];

/** The built-in roles (company_id null), one per identity plus the agent member; answers their ids by key. */
export async function insertBuiltinRoles(tx: Db): Promise<Map<RoleKey, number>> {
  const keys = Object.keys(DEFAULT_ROLE_CODES) as RoleKey[];
  const rows = await tx
    .insert(roles)
    .values(
      keys.map((key) => ({ companyId: null, name: ROLE_NAMES[key], codes: [...DEFAULT_ROLE_CODES[key]] })),
    )
    .returning({ id: roles.id, name: roles.name });
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  return new Map(keys.map((key) => [key, byName.get(ROLE_NAMES[key]) ?? 0]));
}

export async function insertCompanies(tx: Db, seeds: CompanySeed[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const seed of seeds) {
    const rows = await tx
      .insert(companies)
      .values({
        name: seed.name,
        identityType: IDENTITY[seed.identity],
        creditCode:
          seed.creditCode === undefined
            ? null
            : composeCreditCode(seed.creditCode.region, seed.creditCode.serial),
        isAgent: seed.isAgent ?? false,
        examineStatus: seed.examineStatus ?? null,
        companyAuthStatus: seed.advancedAuthFlag === true ? 0 : 1,
        advancedAuthFlag: seed.advancedAuthFlag ?? false,
        projectPermissions: buildProjectPermissions(seed.projectAssetTypes),
        ...(seed.application === undefined ? {} : applicationColumns(seed.application)),
      })
      .returning({ id: companies.id });
    ids.set(seed.key, rows[0]?.id ?? 0);
  }
  return ids;
}

async function insertOnboardedUser(
  tx: Db,
  seed: UserSeed,
  refs: { passwordHash: string; companyId: number; roleId: number },
): Promise<{ userId: number; operatorId: number }> {
  const rows = await tx
    .insert(users)
    .values({
      username: seed.username,
      nickname: seed.nickname,
      mobile: seed.mobile,
      passwordHash: refs.passwordHash,
      idType: seed.idType ?? 0,
      authStatus: seed.authStatus ?? 1,
      validated: true,
      setupPassword: seed.setupPassword ?? true,
      pendingPhone: seed.pendingPhone ?? null,
    })
    .returning({ id: users.id });
  const userId = rows[0]?.id ?? 0;
  const operator = await tx
    .insert(operators)
    .values({
      userId,
      companyId: refs.companyId,
      roleId: refs.roleId,
      manager: true,
      mainOperatorAuth: seed.mainOperatorAuth ?? true,
      prompt: seed.prompt ?? false,
      isDefault: true,
    })
    .returning({ id: operators.id });
  return { userId, operatorId: operator[0]?.id ?? 0 };
}

export async function insertUsers(
  tx: Db,
  seeds: UserSeed[],
  refs: { passwordHash: string; companyIds: Map<string, number>; roleIds: Map<RoleKey, number> },
): Promise<Map<string, { userId: number; operatorId: number }>> {
  const ids = new Map<string, { userId: number; operatorId: number }>();
  for (const seed of seeds) {
    const { userId, operatorId } = await insertOnboardedUser(tx, seed, {
      passwordHash: refs.passwordHash,
      companyId: refs.companyIds.get(seed.company) ?? 0,
      roleId: refs.roleIds.get(seed.role) ?? 0,
    });
    for (const other of seed.otherIdentities ?? []) {
      await tx.insert(operators).values({
        userId,
        companyId: refs.companyIds.get(other.company) ?? 0,
        roleId: refs.roleIds.get(other.role) ?? 0,
        mainOperatorAuth: true,
        prompt: false,
        isDefault: false,
      });
    }
    ids.set(seed.username, { userId, operatorId });
  }
  return ids;
}

/** What the demo projects refer to: the companies by key, and the operators who took their courses' steps. */
export type DemoRefs = {
  companyIds: Map<string, number>;
  parties: Record<'transferor' | 'member' | 'admin', SeedParty>;
};

/** A demo user as the process log names them: their nickname and their company's name. */
export function partyOf(
  username: string,
  userIds: Map<string, { userId: number; operatorId: number }>,
  companyIds: Map<string, number>,
): SeedParty {
  const user = DEMO_USERS.find((u) => u.username === username);
  const company = DEMO_COMPANIES.find((c) => c.key === user?.company);
  const ids = userIds.get(username);
  if (user === undefined || company === undefined || ids === undefined)
    throw new Error(`no demo ${username}`);
  return {
    ...ids,
    companyId: companyIds.get(company.key) ?? 0,
    name: user.nickname,
    companyName: company.name,
  };
}
