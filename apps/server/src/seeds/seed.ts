// First data of an empty database. Outside production: the demo companies and accounts of the README (every
// identity, fully onboarded, plus gate1..gate8 stopped at each onboarding gate; transferor2 also holds a member
// identity to switch to), the demo projects with the courses they went through (seed-courses.ts) and the owner's
// notifications of those approvals (seed-notifications.ts). In production: only an initial administrator. Both are
// skipped as soon as any user exists, so restarts never duplicate anything. Reference data (the dictionaries) is
// brought up to date at every start in both modes; it only ever adds what is missing.
import {
  addWorkdays,
  composeCreditCode,
  formatDate,
  DEFAULT_ROLE_CODES,
  IDENTITY,
  SHARE_WHOLE,
  SMALL_LOT_BUSINESS_TYPE,
  PROJECT_CODE,
  yearSerialCode,
  type SheetValues,
  type BulkProjectForm,
  type EquityProjectForm,
  type IdentityName,
  type ProjectPermission,
} from '@cqjy/domain';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { seedDictionaries } from '../modules/dictionaries/seed.ts';
import { projectAssets, projects } from '../modules/projects/tables.ts';
import { tasks } from '../modules/tasks/tables.ts';
import { ROLE_NAMES, type RoleKey } from '../modules/users/roles.ts';
import { companies, operators, roles, users } from '../modules/users/tables.ts';
import { systemClock } from '../platform/clock.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { Db } from '../db/client.ts';
import {
  applicationColumns,
  beijingStateEnterprise,
  insertDemoApplication,
  storeDemoLicences,
  type DemoApplication,
} from './seed-applications.ts';
import { insertDemoRegistries } from './seed-registries.ts';
import { insertDemoCapitalIncrease } from './seed-capital-increase.ts';
import { insertDemoDeal } from './seed-deal.ts';
import { insertDemoDocuments } from './seed-documents.ts';
import { insertCourse, type SeedParty } from './seed-courses.ts';
import { insertDemoNotifications } from './seed-notifications.ts';

type CompanySeed = {
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

type UserSeed = {
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

export type SeedOutcome = { isSeeded: boolean; users: number };

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

const DEMO_COMPANIES: CompanySeed[] = [
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

const DEMO_USERS: UserSeed[] = [
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

const GATE_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八'];

const gateMobile = (n: number): string => `138000001${String(n).padStart(2, '0')}`;

/**
 * gate1's application, waiting in 开户审核: complete, so the reviewer sees every fact and file and may approve it
 * (or return it). Its first submission was returned for the address, as real ones often are.
 */
const GATE1_APPLICATION: DemoApplication = {
  legalPerson: '周建华',
  address: '北京市朝阳区建国路93号院万达广场B座1508室',
  contactName: '刘晓燕',
  contactMobile: gateMobile(1),
  // 北京市国资委 (a provincial SASAC), so the state-funded enterprise comes from the Beijing list
  regulatoryBodies: 'A02003',
  regulatoryBodiesProvince: '110000',
  regulatoryBodiesCity: null,
  ...beijingStateEnterprise('北京京澜城市建设集团有限公司'),
  licence: {
    kind: '其他有限责任公司',
    capital: '人民币伍仟万元整',
    foundedOn: '2016年04月18日',
    term: '2016年04月18日至长期',
    scope:
      '以自有资金从事投资活动；企业管理；工程管理服务；建筑材料销售；机械设备租赁；技术服务、技术开发、技术咨询、' +
      '技术交流、技术转让、技术推广。（除依法须经批准的项目外，凭营业执照依法自主开展经营活动）',
    authority: '北京市朝阳区市场监督管理局',
    issuedOn: '2023年09月12日',
  },
  firstAddress: '北京市朝阳区建国路93号',
  returnReason: '注册地址须与营业执照住所一致，请写明楼座及房号后重新提交',
};

/**
 * gateN stops at onboarding gate N of spec 000 section 4 and passes every gate before it. Gate 1 lives on the
 * company (account-opening review), so each gate user has a company of its own.
 */
function buildGateSeeds(): { companies: CompanySeed[]; users: UserSeed[] } {
  const gateCompanies: CompanySeed[] = GATE_NUMERALS.map((numeral, i) => {
    const n = i + 1;
    const isLand = n === 8;
    return {
      key: `gate${n}`,
      name: isLand ? `示范引导${numeral}号土地储备中心` : `示范引导${numeral}号实业有限公司`,
      identity: isLand ? 'land' : 'transferor',
      examineStatus: isLand ? null : n === 1 ? 1 : 3,
      creditCode: { region: '110105', serial: String(70000000 + n) },
      ...(n === 1 ? { application: GATE1_APPLICATION } : {}),
    };
  });
  const gateUsers: UserSeed[] = GATE_NUMERALS.map((numeral, i) => {
    const n = i + 1;
    return {
      username: `gate${n}`,
      nickname: `引导演示${numeral}`,
      mobile: gateMobile(n),
      company: `gate${n}`,
      role: n === 8 ? 'land' : 'transferor',
      idType: n === 2 ? 1 : 0,
      setupPassword: n !== 3,
      pendingPhone: n === 4 ? `139000001${String(n).padStart(2, '0')}` : null,
      authStatus: n === 5 ? 2 : 1,
      prompt: n === 6,
      mainOperatorAuth: n !== 7,
    };
  });
  return { companies: gateCompanies, users: gateUsers };
}

async function hasAnyUser(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (rows[0]?.n ?? 0) > 0;
}

/** The built-in roles (company_id null), one per identity plus the agent member; answers their ids by key. */
async function insertBuiltinRoles(tx: Db): Promise<Map<RoleKey, number>> {
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

async function insertCompanies(tx: Db, seeds: CompanySeed[]): Promise<Map<string, number>> {
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

async function insertUsers(
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
type DemoRefs = {
  companyIds: Map<string, number>;
  parties: Record<'transferor' | 'member' | 'admin', SeedParty>;
};

/** A demo user as the process log names them: their nickname and their company's name. */
function partyOf(
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

/** The demo project's form: what its owner filled in before it was approved for disclosure. */
const DEMO_PROJECT_FORM: BulkProjectForm = {
  name: '北京示范国有资产经营有限公司废旧设备一批',
  assetCategory: 'machinery',
  listingPrice: 1_860_000_00,
  appraisalPrice: 1_920_000_00,
  disclosureDays: 20,
  paymentMode: 'lump',
  contactName: '王经理',
  contactMobile: '13800000001',
  description: '数控机床、起重设备等废旧设备一批，存放于北京市大兴区示范工业园一号厂房，可预约现场踏勘。',
};

/** The deposit (保证金) each buyer of the demo project owes: 100,000 yuan, within 30% of its listing price. */
const DEMO_DEPOSIT = 100_000_00;

/** Its asset list (machinery), as an import would have stored it: money in fen; the appraisals add up to the form's. */
const DEMO_PROJECT_ASSETS: SheetValues[] = [
  {
    name: '数控车床',
    model: 'CK6140',
    manufacturer: '沈阳机床',
    quantity: 4,
    unit: '台',
    purchaseDate: '2012-05-10',
    originalValue: 480_000_000,
    netValue: 48_000_000,
    appraisalValue: 60_000_000,
    storage: '一号厂房',
  },
  {
    name: '桥式起重机',
    model: 'QD10t-22.5m',
    manufacturer: '河南卫华',
    quantity: 2,
    unit: '台',
    purchaseDate: '2010-09-01',
    originalValue: 360_000_000,
    netValue: 18_000_000,
    appraisalValue: 52_000_000,
    storage: '一号厂房',
  },
  {
    name: '空气压缩机',
    model: 'GA37',
    manufacturer: '阿特拉斯',
    quantity: 3,
    unit: '台',
    purchaseDate: '2014-03-20',
    originalValue: 210_000_000,
    netValue: 21_000_000,
    appraisalValue: 30_000_000,
    storage: '二号厂房',
  },
  {
    name: '叉车',
    model: 'CPCD30',
    manufacturer: '杭叉',
    quantity: 5,
    unit: '辆',
    purchaseDate: '2015-07-15',
    originalValue: 600_000_000,
    netValue: 60_000_000,
    appraisalValue: 50_000_000,
    storage: '二号厂房',
    note: '含随车工具',
  },
];

/** The owner's state-owned equity, as its form was filled in before its pre-disclosure and formal disclosure. */
function demoEquityForm(input: {
  name: string;
  target: string;
  serial: string;
  /** the owner's share of the target and the share it offers (SHARE_WHOLE is 100%) */
  held: number;
  offered: number;
  /** the appraised net assets of the target; the offered share's appraisal, and the price, is its part of them */
  netAssets: number;
  agentCompanyId: number | null;
}): EquityProjectForm {
  const creditCode = composeCreditCode('110000', input.serial);
  const price = Math.round((input.netAssets * input.offered) / SHARE_WHOLE);
  return {
    name: input.name,
    targetName: input.target,
    targetCreditCode: creditCode,
    targetLegalRepresentative: '李明',
    targetRegisteredCapital: 50_000_000_00,
    targetFoundedOn: '2008-06-18',
    targetRegion: '110100',
    targetIndustry: 'I',
    targetEconomyType: '2',
    targetEnterpriseType: '1',
    targetScale: '2',
    targetEmployees: 186,
    targetBusinessScope: '技术开发、技术服务；软件开发；计算机系统集成。',
    transferors: [
      {
        name: '北京示范国有资产经营有限公司',
        creditCode: composeCreditCode('110000', '10000001'),
        heldShare: input.held,
        offeredShare: input.offered,
      },
    ],
    appraisalFirm: '示范资产评估有限公司',
    appraisalBaseDate: '2026-06-30',
    netAssetValue: input.netAssets,
    shareAppraisalValue: price,
    listingPrice: price,
    approvalType: '1',
    approvalBody: '北京市人民政府国有资产监督管理委员会',
    approvalDocumentNo: '京国资产权〔2026〕18号',
    approvalDate: '2026-09-15',
    transfereeConditions: '意向受让方应为依法设立并有效存续的企业法人，具有良好的财务状况和商业信用。',
    depositAmount: Math.floor(price / 10),
    depositDeadline: '2027-01-20',
    paymentMode: 'lump',
    employeePlacement: '本次转让不涉及职工安置，标的企业职工劳动关系保持不变。',
    preDisclosureDays: 20,
    disclosureDays: 20,
    announcement: `北京示范国有资产经营有限公司拟公开转让所持${input.target}股权，现予以披露。`,
    contactName: '王经理',
    contactMobile: '13800000001',
    agentCompanyId: input.agentCompanyId ?? undefined,
  };
}

/** The buyer the demo member registered on the disclosing equity project, as its registration was approved. */
const DEMO_REGISTRATION = { transfereeName: '北京意向投资有限公司', amount: 32_500_000_00 };

const DEMO_STRUCTURES: SheetValues[] = [
  { name: '北京示范国有资产经营有限公司', type: '国有', capital: 30_000_000_00, share: 600_000 },
  { name: '北京示范投资管理有限公司', type: '国有', capital: 15_000_000_00, share: 300_000 },
  { name: '职工持股平台', type: '其他', capital: 5_000_000_00, share: 100_000 },
];

const DEMO_FINANCIALS: SheetValues[] = [
  {
    period: '2025年度',
    reportType: '年度审计报告',
    totalAssets: 180_000_000_00,
    totalLiabilities: 95_000_000_00,
    ownersEquity: 85_000_000_00,
    revenue: 126_000_000_00,
    operatingProfit: 9_800_000_00,
    netProfit: 7_600_000_00,
    auditFirm: '示范会计师事务所',
  },
  {
    period: '2026年9月30日',
    reportType: '最近一期财务报表',
    totalAssets: 186_000_000_00,
    totalLiabilities: 98_000_000_00,
    ownersEquity: 88_000_000_00,
    revenue: 91_000_000_00,
    operatingProfit: 5_200_000_00,
    netProfit: 4_100_000_00,
  },
];

/**
 * The equity demo: two state-owned equity projects of the demo transferor entrusted to the demo member. One is in
 * its formal disclosure (pre-disclosed earlier, formally disclosed since 3 working days ago for 20), with its
 * shareholder structure and financial data, one buyer the member registered and a second registration the
 * exchange sent back to the member (the member's 待办); the other is being pre-disclosed (since 2 working days ago
 * for 20), its appraisal firm the demo assessment company. Each approval is in the project's process log.
 */
async function insertDemoEquityProjects(tx: Db, demo: DemoRefs, now: Date): Promise<void> {
  const { companyIds, parties } = demo;
  const companyId = companyIds.get('transferor') ?? 0;
  const agentCompanyId = companyIds.get('member') ?? null;
  const preApproved = addWorkdays(now, -25).date;
  const formalStart = addWorkdays(now, -3).date;
  const preStart = addWorkdays(now, -2).date;
  const registeredAt = addWorkdays(now, -1).date;
  const rows = await tx
    .insert(projects)
    .values([
      {
        companyId,
        agentCompanyId,
        family: 'stock',
        businessType: '1',
        name: '北京示范科技有限公司40%股权',
        code: 'GR2026BJ1000301',
        status: 'disclosing',
        disclosureStart: formalStart,
        disclosureEnd: addWorkdays(formalStart, 20).date,
        details: {
          form: demoEquityForm({
            name: '北京示范科技有限公司40%股权',
            target: '北京示范科技有限公司',
            serial: '20080618',
            held: 600_000,
            offered: 400_000,
            netAssets: 80_000_000_00,
            agentCompanyId,
          }),
          preDisclosure: { disclosureDays: 20, approvedAt: preApproved.toISOString() },
          registration: [{ ...DEMO_REGISTRATION, approvedAt: registeredAt.toISOString() }],
        },
      },
      {
        companyId,
        agentCompanyId,
        family: 'stock',
        businessType: '1',
        name: '北京示范物流有限公司100%股权',
        code: 'GR2026BJ1000302',
        status: 'preDisclosing',
        disclosureStart: preStart,
        disclosureEnd: addWorkdays(preStart, 20).date,
        details: {
          form: demoEquityForm({
            name: '北京示范物流有限公司100%股权',
            target: '北京示范物流有限公司',
            serial: '20100301',
            held: SHARE_WHOLE,
            offered: SHARE_WHOLE,
            netAssets: 45_000_000_00,
            agentCompanyId,
          }),
          preDisclosure: { disclosureDays: 20, approvedAt: preStart.toISOString() },
        },
      },
    ])
    .returning({ id: projects.id });
  const [disclosing, preDisclosing] = rows;
  if (disclosing === undefined || preDisclosing === undefined) {
    throw new Error('the equity demo projects were not stored');
  }
  await tx.insert(projectAssets).values([
    ...DEMO_STRUCTURES.map((values) => ({
      projectId: disclosing.id,
      companyId,
      category: 'structures',
      values,
    })),
    ...DEMO_FINANCIALS.map((values) => ({
      projectId: disclosing.id,
      companyId,
      category: 'financials',
      values,
    })),
  ]);
  const owner = { family: 'stock', applicant: parties.transferor, exchange: parties.admin };
  const member = { family: 'stock', applicant: parties.member, exchange: parties.admin };
  const period = { disclosureDays: 20 };
  // the disclosing one: pre-disclosed, formally disclosed, one buyer registered by the member and a second
  // registration the exchange sent back to the member
  await insertCourse(tx, {
    ...owner,
    projectId: disclosing.id,
    action: 'preDisclosure',
    form: period,
    reviewedAt: preApproved,
  });
  await insertCourse(tx, {
    ...owner,
    projectId: disclosing.id,
    action: 'disclosure',
    form: period,
    reviewedAt: formalStart,
  });
  await insertCourse(tx, {
    ...member,
    projectId: disclosing.id,
    action: 'registration',
    form: { reason: '意向受让方已提交受让申请及相关材料', ...DEMO_REGISTRATION },
    reviewedAt: registeredAt,
  });
  await insertCourse(tx, {
    ...member,
    projectId: disclosing.id,
    action: 'registration',
    form: {
      reason: '意向受让方已提交受让申请',
      transfereeName: '上海示范创业投资有限公司',
      amount: 32_800_000_00,
    },
    reviewedAt: new Date(registeredAt.getTime() + 3 * 3_600_000),
    returnReason: '请补充意向受让方的营业执照及近一年的资信证明',
  });
  // the pre-disclosed one; its appraisal firm has its report to give before the formal disclosure (its
  // 出具评估报告 waits in the firm's 我的待办, as the projects module opens it when the owner names the firm)
  await insertCourse(tx, {
    ...owner,
    projectId: preDisclosing.id,
    action: 'preDisclosure',
    form: period,
    reviewedAt: preStart,
  });
  await tx.insert(tasks).values({
    subject: 'evaluation',
    subjectId: preDisclosing.id,
    step: 'evaluationReport',
    projectId: preDisclosing.id,
    companyId,
    type: 'Aon',
    category: 'estimate',
    routeName: 'estimateList',
    routeQuery: { id: preDisclosing.id },
    status: 'open',
    assigneeCompanyId: companyIds.get('assessment') ?? null,
    createdAt: preStart,
    updatedAt: preStart,
  });
}

/**
 * The workflow demo: one bulk project of the demo transferor's company with its asset list and the demo agent
 * member acting for it, disclosing since 5 working days ago for 20 working days (its disclosure's course in the
 * process log), so every action (abort, supplement, end ...) can be tried at once.
 */
async function insertDemoProjects(tx: Db, demo: DemoRefs, now: Date): Promise<void> {
  const { companyIds, parties } = demo;
  const start = addWorkdays(now, -5).date;
  const companyId = companyIds.get('transferor') ?? 0;
  const agentCompanyId = companyIds.get('agent') ?? null;
  const [project] = await tx
    .insert(projects)
    .values({
      companyId,
      family: 'bulk',
      businessType: '2',
      name: DEMO_PROJECT_FORM.name,
      code: 'GR2026BJ1000123',
      status: 'disclosing',
      disclosureStart: start,
      disclosureEnd: addWorkdays(start, 20).date,
      details: {
        form: {
          ...DEMO_PROJECT_FORM,
          // each buyer's deposit falls due on the disclosure's last day
          depositAmount: DEMO_DEPOSIT,
          depositDeadline: formatDate(addWorkdays(start, 20).date),
          agentCompanyId: agentCompanyId ?? undefined,
        },
      },
      // the demo agent member acts for the owner on this project (it sees it, read only)
      agentCompanyId,
    })
    .returning({ id: projects.id });
  if (project === undefined) throw new Error('the demo project was not stored');
  await tx.insert(projectAssets).values(
    DEMO_PROJECT_ASSETS.map((values) => ({
      projectId: project.id,
      companyId,
      category: 'machinery' as const,
      values,
    })),
  );
  // its formal disclosure, applied for from the project form and approved when the disclosure started
  await insertCourse(tx, {
    projectId: project.id,
    family: 'bulk',
    action: 'disclosure',
    form: { disclosureDays: DEMO_PROJECT_FORM.disclosureDays ?? 20 },
    applicant: parties.transferor,
    exchange: parties.admin,
    reviewedAt: start,
  });
  await insertSecondOwnerDraft(tx, companyIds.get('transferor2') ?? 0, now);
}

/**
 * The second owner (华北示范实业集团) has begun a project of its own: a bulk draft it may finish and submit, so its
 * first page shows work of its own.
 */
async function insertSecondOwnerDraft(tx: Db, companyId: number, now: Date): Promise<void> {
  const form: Partial<BulkProjectForm> = {
    name: '华北示范实业集团闲置办公设备一批',
    assetCategory: 'machinery',
    listingPrice: 86_000_00,
    disclosureDays: 20,
    paymentMode: 'lump',
    contactName: '李经理',
    description: '台式电脑、打印机、办公桌椅等闲置办公设备一批，存放于天津市河西区示范大厦。',
  };
  const [draft] = await tx
    .insert(projects)
    .values({
      companyId,
      family: 'bulk',
      businessType: '2',
      name: form.name ?? '',
      code: `draft-${companyId}`,
      status: 'draft',
      details: { form },
    })
    .returning({ id: projects.id });
  if (draft === undefined) throw new Error("the second owner's draft was not stored");
  await tx
    .update(projects)
    .set({ code: yearSerialCode(PROJECT_CODE, now, draft.id) })
    .where(eq(projects.id, draft.id));
}

/** Demo companies and accounts (password DEMO_PASSWORD); skipped when any user exists. */
export async function seedDemo(
  db: Db,
  config: Pick<Config, 'demoPassword' | 'storage' | 'storageDir'>,
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
        now: new Date(),
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
    const now = new Date();
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
    await insertDemoNotifications(tx, {
      companyId: owner.companyId,
      userId: owner.userId,
      clock: systemClock,
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
