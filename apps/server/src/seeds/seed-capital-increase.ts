// The capital-increase demo: the demo transferor's open capital increase of its subsidiary, formally disclosed
// 10 working days ago for 40 (its disclosure's course in the process log), with three investors registered: one
// by the owner and qualified by the exchange, one by the demo member for its customer and one natural person by
// the owner, both awaiting the exchange's audit — so the audit, the selection, the agreement and the payment can
// all be tried at once. Like the other demo projects it carries no stored files.
import {
  addWorkdays,
  composeCreditCode,
  IDENTITY,
  type CapitalIncreaseProjectForm,
  type InvestorStatus,
} from '@cqjy/domain';
import { investors } from '../modules/investors/tables.ts';
import { projects } from '../modules/projects/tables.ts';
import { tasks } from '../modules/tasks/tables.ts';
import type { Db } from '../db/client.ts';
import { insertCourse, type SeedParty } from './seed-courses.ts';

export const DEMO_CAPITAL_INCREASE_CODE = 'GR2026BJ1000401';

const DEMO_CAPITAL_INCREASE_FORM: CapitalIncreaseProjectForm = {
  name: '北京示范新能源有限公司增资项目',
  enterpriseName: '北京示范新能源有限公司',
  creditCode: composeCreditCode('110108', '20150901'),
  legalRepresentative: '陈立',
  region: '110100',
  industry: 'D',
  economyType: '2',
  enterpriseType: '1',
  scale: '2',
  foundedOn: '2015-09-01',
  shareholders: [{ name: '北京示范国有资产经营有限公司', share: 1_000_000 }],
  capitalBefore: 200_000_000_00,
  capitalAdded: 50_000_000_00,
  capitalAfter: 250_000_000_00,
  raiseMin: 120_000_000_00,
  raiseMax: 160_000_000_00,
  offeredShare: 200_000,
  increaseType: '1',
  existingShareholdersJoin: false,
  employeesJoin: false,
  fundUse: '用于储能电站项目建设及补充流动资金。',
  investorCount: 2,
  investorConditions:
    '意向投资方应为依法设立并有效存续的境内企业法人或自然人，具有良好的财务状况和支付能力。',
  selectionMethod: 'evaluation',
  depositAmount: 20_000_000_00,
  depositDeadline: '2027-02-26',
  disclosureDays: 40,
  announcement: '北京示范新能源有限公司拟通过公开增资引入不超过2家投资方，募集资金1.2亿元至1.6亿元。',
  contactName: '王经理',
  contactMobile: '13800000001',
};

type DemoInvestor = {
  by: 'owner' | 'member';
  status: InvestorStatus;
  investorType: string;
  kind: 'person' | 'company';
  name: string;
  certType: 'creditCode' | 'idCard';
  certNo: string;
  contactName: string;
  contactMobile: string;
  amount: number;
  share: number;
  auditReason?: string;
};

const DEMO_INVESTORS: DemoInvestor[] = [
  {
    by: 'owner',
    status: 'qualified',
    investorType: '1',
    kind: 'company',
    name: '北京示范能源投资有限公司',
    certType: 'creditCode',
    certNo: composeCreditCode('110105', '30120001'),
    contactName: '赵经理',
    contactMobile: '13900000011',
    amount: 70_000_000_00,
    share: 100_000,
    auditReason: '符合投资方资格条件',
  },
  {
    by: 'member',
    status: 'submitted',
    investorType: '1',
    kind: 'company',
    name: '上海示范创业投资有限公司',
    certType: 'creditCode',
    certNo: composeCreditCode('310115', '30120002'),
    contactName: '钱经理',
    contactMobile: '13900000012',
    amount: 65_000_000_00,
    share: 100_000,
  },
  {
    by: 'owner',
    status: 'submitted',
    investorType: '2',
    kind: 'person',
    name: '孙明',
    certType: 'idCard',
    certNo: '11010519491231002X',
    contactName: '孙明',
    contactMobile: '13900000013',
    amount: 30_000_000_00,
    share: 50_000,
  },
];

export async function insertDemoCapitalIncrease(
  tx: Db,
  input: { owner: SeedParty; member: SeedParty; exchange: SeedParty; now: Date },
): Promise<void> {
  const { owner, member, exchange, now } = input;
  const start = addWorkdays(now, -10).date;
  const [project] = await tx
    .insert(projects)
    .values({
      companyId: owner.companyId,
      family: 'capOpen',
      businessType: '3',
      name: DEMO_CAPITAL_INCREASE_FORM.name,
      code: DEMO_CAPITAL_INCREASE_CODE,
      status: 'disclosing',
      disclosureStart: start,
      disclosureEnd: addWorkdays(start, 40).date,
      details: { form: DEMO_CAPITAL_INCREASE_FORM },
    })
    .returning({ id: projects.id });
  if (project === undefined) throw new Error('the demo capital increase was not stored');
  await insertCourse(tx, {
    projectId: project.id,
    family: 'capOpen',
    action: 'disclosure',
    form: { disclosureDays: 40 },
    applicant: owner,
    exchange,
    reviewedAt: start,
  });
  const registeredAt = addWorkdays(now, -2).date;
  const stored = await tx
    .insert(investors)
    .values(
      DEMO_INVESTORS.map(({ by, auditReason, ...investor }) => {
        const registrant = by === 'member' ? member : owner;
        return {
          ...investor,
          projectId: project.id,
          companyId: registrant.companyId,
          memberCompanyId: by === 'member' ? member.companyId : null,
          createdBy: registrant.userId,
          submittedAt: registeredAt,
          auditReason: auditReason ?? '',
          auditedAt: investor.status === 'qualified' ? addWorkdays(now, -1).date : null,
          auditedBy: investor.status === 'qualified' ? exchange.userId : null,
          // created, submitted (and audited)
          version: investor.status === 'qualified' ? 3 : 2,
          createdAt: registeredAt,
          updatedAt: registeredAt,
        };
      }),
    )
    .returning({ id: investors.id, status: investors.status, companyId: investors.companyId });
  // the submitted ones wait for the exchange's audit in its 待办任务, as the investors module opens them
  const waiting = stored.filter((investor) => investor.status === 'submitted');
  if (waiting.length > 0) {
    await tx.insert(tasks).values(
      waiting.map((investor) => ({
        subject: 'investor' as const,
        subjectId: investor.id,
        step: 'investorAudit' as const,
        projectId: project.id,
        companyId: investor.companyId,
        type: 'Review' as const,
        routeName: 'capOpenInvestorAudit',
        routeQuery: { projectId: project.id },
        status: 'open' as const,
        assigneeIdentity: IDENTITY.admin,
        createdAt: registeredAt,
        updatedAt: registeredAt,
      })),
    );
  }
}
