// The unified demo (综合类): the demo owner's lease (招租) of an office floor, entrusted to the demo member, disclosing
// since its approval three working days ago, with one buyer the member registered and e-signed that waits for the
// owner's qualification review; and a claim (债权) in draft, its debtor still to be named. Written as the engine and
// the intentions module write them (seed-courses.ts).
import {
  addWorkdays,
  closingDayOf,
  composeCreditCode,
  formatDate,
  type UnifiedProjectForm,
} from '@cqjy/domain';
import { intentionRegistrations } from '../modules/intentions/tables.ts';
import { projects } from '../modules/projects/tables.ts';
import type { Db } from '../db/client.ts';
import { insertCourse, type SeedParty } from './seed-courses.ts';

export const UNIFIED_DEMO_CODES = { lease: 'GR2026BJ1000701', claim: 'GR2026BJ1000702' } as const;

const DISCLOSURE_DAYS = 10;

export async function insertDemoUnified(
  tx: Db,
  input: { owner: SeedParty; member: SeedParty; exchange: SeedParty; now: Date },
): Promise<void> {
  const { owner, member, exchange, now } = input;
  const approvedAt = addWorkdays(now, -3).date;
  const startDate = formatDate(approvedAt);
  const lease: UnifiedProjectForm = {
    name: '示范大厦三层写字楼招租',
    category: 'lease',
    listingPrice: 360_000_00,
    disclosureStartDate: startDate,
    disclosureDays: DISCLOSURE_DAYS,
    disclosureEndDate: closingDayOf(startDate, DISCLOSURE_DAYS).day,
    leaseAddress: '北京市西城区示范路1号示范大厦三层',
    leaseArea: 1200,
    leaseUse: '办公',
    leaseTermMonths: 36,
    rentFreeMonths: 3,
    rentIncrease: '自第三年起租金递增3%',
    transfereeConditions: '依法设立并有效存续的企业法人，承租后不得转租。',
    contactName: '王经理',
    contactMobile: '13800000001',
    agentCompanyId: member.companyId,
    description: '示范大厦三层整层招租，建筑面积1200平方米，租期三年，首年租金36万元。',
  };
  const claim: UnifiedProjectForm = {
    name: '示范公司应收账款债权转让',
    category: 'claim',
    listingPrice: 1_000_000_00,
    claimPrincipal: 1_200_000_00,
    claimInterest: 86_000_00,
    claimSecurity: '抵押',
    contactName: '王经理',
    contactMobile: '13800000001',
  };
  const [leased] = await tx
    .insert(projects)
    .values({
      companyId: owner.companyId,
      family: 'unified',
      businessType: '9',
      name: lease.name,
      code: UNIFIED_DEMO_CODES.lease,
      status: 'disclosing',
      disclosureStart: approvedAt,
      disclosureEnd: addWorkdays(approvedAt, DISCLOSURE_DAYS).date,
      details: { form: lease },
      agentCompanyId: member.companyId,
      createdBy: owner.userId,
    })
    .returning({ id: projects.id });
  if (leased === undefined) throw new Error('the demo lease was not stored');
  await insertCourse(tx, {
    projectId: leased.id,
    family: 'unified',
    action: 'disclosure',
    form: { disclosureDays: DISCLOSURE_DAYS },
    applicant: owner,
    exchange,
    reviewedAt: approvedAt,
  });
  const registeredAt = addWorkdays(approvedAt, 1).date;
  await tx.insert(intentionRegistrations).values({
    projectId: leased.id,
    companyId: member.companyId,
    status: 'submitted',
    kind: 'company',
    name: '北京示范文化传媒有限公司',
    certType: 'creditCode',
    certNo: composeCreditCode('110102', '71000701'),
    contactName: '赵经理',
    contactMobile: '13900000001',
    amount: 360_000_00,
    signedAt: registeredAt,
    createdBy: member.userId,
    createdAt: registeredAt,
    updatedAt: registeredAt,
  });
  await tx.insert(projects).values({
    companyId: owner.companyId,
    family: 'unified',
    businessType: '9',
    name: claim.name,
    code: UNIFIED_DEMO_CODES.claim,
    status: 'draft',
    details: { form: claim },
    createdBy: owner.userId,
  });
}
