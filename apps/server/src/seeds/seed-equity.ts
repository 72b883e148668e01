// The equity demo: the transferor's two state-owned equity projects entrusted to the demo member.
import {
  addWorkdays,
  composeCreditCode,
  SHARE_WHOLE,
  type EquityProjectForm,
  type SheetValues,
} from '@cqjy/domain';
import { projectAssets, projects } from '../modules/projects/tables.ts';
import { tasks } from '../modules/tasks/tables.ts';
import type { Db } from '../db/client.ts';
import type { DemoRefs } from './seed-accounts.ts';
import { insertCourse } from './seed-courses.ts';

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
export async function insertDemoEquityProjects(tx: Db, demo: DemoRefs, now: Date): Promise<void> {
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
