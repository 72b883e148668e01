// The bulk demo: the transferor's disclosing project (its form and asset list, which the deal demo reuses) and
// the second owner's draft.
import {
  addWorkdays,
  formatDate,
  PROJECT_CODE,
  yearSerialCode,
  type BulkProjectForm,
  type SheetValues,
} from '@cqjy/domain';
import { eq } from 'drizzle-orm';
import { projectAssets, projects } from '../modules/projects/tables.ts';
import type { Db } from '../db/client.ts';
import type { DemoRefs } from './seed-accounts.ts';
import { insertCourse } from './seed-courses.ts';

/** The demo project's form: what its owner filled in before it was approved for disclosure. */
export const DEMO_PROJECT_FORM: BulkProjectForm = {
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
export const DEMO_PROJECT_ASSETS: SheetValues[] = [
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

/**
 * The workflow demo: one bulk project of the demo transferor's company with its asset list and the demo agent
 * member acting for it, disclosing since 5 working days ago for 20 working days (its disclosure's course in the
 * process log), so every action (abort, supplement, end ...) can be tried at once.
 */
export async function insertDemoProjects(tx: Db, demo: DemoRefs, now: Date): Promise<void> {
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
