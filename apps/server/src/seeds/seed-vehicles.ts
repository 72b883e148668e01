// The motor-vehicle disposal demo (机动车处置): two of the demo owner's disposals of scrapped official cars. The first
// was approved two working days ago and assigned to the demo assessment institution, whose 我的待办 holds 车辆评估;
// the second went through its appraisal, confirmation and listing and was dealt yesterday to the demo dismantler,
// whose 待办任务 holds its 接收申请 (its licence recorded, in force). Written as the vehicles module writes them:
// the vehicles with their states, the disposal's course, its tasks and its process log.
import {
  addWorkdays,
  vinCheckDigit,
  type MotorVehicleForm,
  type ProjectEvent,
  type VehicleState,
} from '@cqjy/domain';
import type { Db } from '../db/client.ts';
import { projects } from '../modules/projects/tables.ts';
import { tasks } from '../modules/tasks/tables.ts';
import { dismantlerLicences, disposalApplyItems, vehicleDisposals } from '../modules/vehicles/tables.ts';
import { processLogs } from '../modules/workflow/tables.ts';
import { insertCourse, type SeedParty } from './seed-courses.ts';

/** The codes of the demo disposals: the one with the appraiser, the one dealt to the dismantler. */
export const VEHICLE_DEMO_CODES = { appraising: 'GR2026BJ1000601', dealt: 'GR2026BJ1000602' } as const;

/** A VIN of GB 16735 ending in `serial`, with its check digit. */
function vinOf(serial: number): string {
  const draft = `LFV2A2150K3${String(serial).padStart(6, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft) ?? '0'}${draft.slice(9)}`;
}

const CARS = [
  { brandModel: '大众牌FV7160', registrationDate: '2009-03-12', mileage: 412_000 },
  { brandModel: '丰田牌TV7250', registrationDate: '2010-07-28', mileage: 386_500 },
  { brandModel: '别克牌SGM7241', registrationDate: '2011-01-06', mileage: 355_200 },
  { brandModel: '金杯牌SY6483', registrationDate: '2008-11-19', mileage: 468_300 },
] as const;

function formOf(name: string, contactName: string): MotorVehicleForm {
  return {
    name,
    applicantNature: 'stateEnterprise',
    approvalBody: '北京市人民政府国有资产监督管理委员会',
    approvalNo: '京国资〔2026〕36号',
    disposalReason: '所列公务车辆已达国家机动车强制报废标准，经批准申请报废处置。',
    vehicleLocation: '北京市朝阳区示范路8号停车场',
    disclosureDays: 10,
    contactName,
    contactMobile: '13800000001',
  };
}

export async function insertDemoVehicles(
  tx: Db,
  input: {
    owner: SeedParty;
    exchange: SeedParty;
    appraiser: SeedParty;
    dismantler: SeedParty;
    now: Date;
  },
): Promise<void> {
  const { owner, exchange, appraiser, dismantler, now } = input;
  await tx.insert(dismantlerLicences).values({
    companyId: dismantler.companyId,
    licenceNo: '京报废回收（2025）第018号',
    issuer: '北京市商务局',
    validFrom: '2025-01-01',
    validTo: '2030-12-31',
    updatedBy: dismantler.userId,
  });
  const disposals = [
    {
      code: VEHICLE_DEMO_CODES.appraising,
      name: `${owner.companyName}报废公务车辆处置（第一批）`,
      first: 1,
      count: 4,
    },
    {
      code: VEHICLE_DEMO_CODES.dealt,
      name: `${owner.companyName}报废公务车辆处置（第二批）`,
      first: 11,
      count: 3,
    },
  ];
  for (const disposal of disposals) {
    const isDealt = disposal.code === VEHICLE_DEMO_CODES.dealt;
    const approvedAt = addWorkdays(now, isDealt ? -15 : -2).date;
    const listedAt = addWorkdays(now, -10).date;
    const dealtAt = addWorkdays(now, -1).date;
    const [project] = await tx
      .insert(projects)
      .values({
        companyId: owner.companyId,
        family: 'motorVehicle',
        businessType: '6',
        name: disposal.name,
        code: disposal.code,
        status: isDealt ? 'dealt' : 'appraising',
        disclosureStart: isDealt ? listedAt : null,
        disclosureEnd: isDealt ? addWorkdays(listedAt, 10).date : null,
        details: { form: formOf(disposal.name, owner.name) },
      })
      .returning({ id: projects.id });
    if (project === undefined) throw new Error('the demo disposal was not stored');
    await insertCourse(tx, {
      projectId: project.id,
      family: 'motorVehicle',
      action: 'disclosure',
      form: { disclosureDays: 10 },
      applicant: owner,
      exchange,
      reviewedAt: approvedAt,
    });
    const assignedAt = new Date(approvedAt.getTime() + 3_600_000);
    const submittedAt = addWorkdays(approvedAt, 3).date;
    const confirmedAt = addWorkdays(approvedAt, 4).date;
    await tx.insert(vehicleDisposals).values({
      projectId: project.id,
      appraiserCompanyId: appraiser.companyId,
      assignedAt,
      ...(isDealt
        ? {
            appraisalBaseDate: '2026-11-01',
            appraisalSubmittedAt: submittedAt,
            resultConfirmedAt: confirmedAt,
          }
        : {}),
      version: isDealt ? 5 : 2,
    });
    const state: VehicleState = isDealt ? 'dealt' : 'registered';
    await tx.insert(disposalApplyItems).values(
      Array.from({ length: disposal.count }, (_, i) => {
        const serial = disposal.first + i;
        const car = CARS[i % CARS.length] ?? CARS[0];
        const value = 150_000 + i * 20_000;
        return {
          projectId: project.id,
          companyId: owner.companyId,
          no: i + 1,
          carNumber: `京N${String(80_000 + serial * 7).padStart(5, '0')}`,
          vin: vinOf(serial),
          engineNo: `EA${String(210_000 + serial * 13)}`,
          brandModel: car.brandModel,
          vehicleType: i === 3 ? 'bus' : 'car',
          registrationDate: car.registrationDate,
          mileage: car.mileage,
          condition: 'scrapped',
          state,
          createdBy: owner.userId,
          ...(isDealt
            ? {
                appraisedValue: value,
                appraisalOpinion: '车辆已达强制报废标准，按可回收材料残值评估。',
                listingPrice: value,
                listedAt,
                buyerCompanyId: dismantler.companyId,
                dealPrice: value + 5_000,
                dealtAt,
              }
            : {}),
        };
      }),
    );
    const task = {
      subject: 'vehicleDisposal' as const,
      subjectId: project.id,
      projectId: project.id,
      companyId: owner.companyId,
      type: 'Aon' as const,
      status: 'open' as const,
      createdAt: isDealt ? dealtAt : assignedAt,
      updatedAt: isDealt ? dealtAt : assignedAt,
    };
    await tx.insert(tasks).values(
      isDealt
        ? {
            ...task,
            step: 'vehicleReceiving' as const,
            routeName: 'disposalReceivingAon',
            routeQuery: { projectId: project.id },
            assigneeCompanyId: dismantler.companyId,
          }
        : {
            ...task,
            step: 'vehicleAppraise' as const,
            category: 'estimate',
            routeName: 'disposalAssessmentOpinion',
            routeQuery: { projectId: project.id },
            assigneeCompanyId: appraiser.companyId,
          },
    );
    // what the log says of the course so far, each row by whoever decided it
    const events: [ProjectEvent, SeedParty, string, Date][] = [
      ['vehicleAppraiserAssigned', exchange, appraiser.companyName, assignedAt],
      ...(isDealt
        ? ([
            ['vehicleAppraisalSubmitted', appraiser, `${disposal.count}辆`, submittedAt],
            ['vehicleResultConfirmed', owner, `${disposal.count}辆`, confirmedAt],
            ['vehicleListed', owner, `${disposal.count}辆`, listedAt],
            ['vehicleDealt', exchange, `${dismantler.companyName}：${disposal.count}辆`, dealtAt],
          ] as [ProjectEvent, SeedParty, string, Date][])
        : []),
    ];
    await tx.insert(processLogs).values(
      events.map(([event, party, reason, at]) => ({
        projectId: project.id,
        instanceId: null,
        companyId: owner.companyId,
        family: 'motorVehicle',
        action: 'event',
        step: event,
        reason,
        actorUserId: party.userId,
        actorName: party.name,
        actorCompanyName: party.companyName,
        at,
      })),
    );
  }
}
