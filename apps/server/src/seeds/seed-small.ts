// The small-lot demo: the agent member's ledger (台账) of 36 lots it keeps for the demo owner, most 在库; three of
// them listed in a batch that is disclosing (its disclosure approved three working days ago), two in a batch won in
// the hall by the buyer agent2 registered (member's was outbid) and confirmed yesterday (dealt, the lots 已成交),
// which waits for its delivery: the agent records the pick-up, agent2 signs for the goods. The projects are the
// agent's own (started from its ledger), their lot lists the lots' columns, each lot linked to its project.
import {
  addWorkdays,
  SMALL_LEDGER_REGISTRY,
  SMALL_LOT_COLUMNS,
  checkSheetRow,
  hasHazardousLot,
  lotRowOf,
  type SheetValues,
  type LedgerStatus,
  type SmallProjectForm,
} from '@cqjy/domain';
import { intentionRegistrations } from '../modules/intentions/tables.ts';
import { projectAssets, projects } from '../modules/projects/tables.ts';
import { registryRows } from '../modules/registries/tables.ts';
import { tasks } from '../modules/tasks/tables.ts';
import type { Db } from '../db/client.ts';
import { insertCourse, type SeedParty } from './seed-courses.ts';
import { registryRowOf } from './seed-registries.ts';

type LotCells = Record<string, string>;

/** The codes of the demo batches: the disclosing one and the dealt one. */
export const SMALL_DEMO_CODES = {
  disclosing: 'GR2026BJ1000501',
  dealt: 'GR2026BJ1000502',
  draft: 'GR2026BJ1000503',
} as const;

/** The lots' kinds, each a line of the ledger several times over (one per storage place). */
const LOT_KINDS: readonly LotCells[] = [
  {
    name: '废旧钢材',
    category: '废旧物资',
    unit: '吨',
    quantity: '12.5',
    startingPrice: '31250',
    condition: '报废',
  },
  {
    name: '废旧电缆',
    category: '废旧物资',
    unit: '吨',
    quantity: '3.2',
    startingPrice: '48000',
    condition: '报废',
  },
  {
    name: '废矿物油',
    category: '废旧物资',
    unit: '吨',
    quantity: '1.8',
    startingPrice: '5400',
    condition: '报废',
    wasteCode: '900-249-08',
  },
  {
    name: '闲置空压机',
    category: '闲置设备',
    unit: '台',
    quantity: '2',
    startingPrice: '26000',
    condition: '一般',
  },
  {
    name: '闲置变压器',
    category: '闲置设备',
    unit: '台',
    quantity: '1',
    startingPrice: '38000',
    condition: '良好',
  },
  {
    name: '冷轧钢板',
    category: '原材料',
    unit: '吨',
    quantity: '6',
    startingPrice: '27000',
    condition: '全新',
  },
  {
    name: '库存轴承',
    category: '库存商品',
    unit: '套',
    quantity: '400',
    startingPrice: '16000',
    condition: '全新',
  },
  {
    name: '办公桌椅',
    category: '办公用品',
    unit: '套',
    quantity: '60',
    startingPrice: '9000',
    condition: '一般',
  },
  {
    name: '台式电脑',
    category: '办公用品',
    unit: '台',
    quantity: '45',
    startingPrice: '13500',
    condition: '较差',
  },
];

const PLACES = [
  '示范工业园一号仓库',
  '示范工业园二号仓库',
  '丰台区示范路18号库房',
  '大兴区物流中心',
] as const;

/** 36 lots: every kind at every place, the appraisal a tenth above the starting price. */
function ledgerLots(principalName: string): LotCells[] {
  return PLACES.flatMap((place, p) =>
    LOT_KINDS.map((kind, k) => ({
      ...kind,
      name: `${kind.name}（${String(p * LOT_KINDS.length + k + 1).padStart(2, '0')}）`,
      principalName,
      location: place,
      appraisedValue: String(Math.round(Number(kind.startingPrice) * 1.1)),
      status: '在库',
    })),
  );
}

/** A lot's cells as its project's lot list stores them: checked by the lot columns' rule (money in fen). */
function lotListRow(cells: LotCells): SheetValues {
  const { values, errors } = checkSheetRow(SMALL_LOT_COLUMNS, cells);
  if (errors[0] !== undefined) throw new Error(`demo lot: ${errors[0]}`);
  return lotRowOf(values);
}

function batchForm(lots: readonly LotCells[], principalName: string, name: string): SmallProjectForm {
  const rows = lots.map(lotListRow);
  const sum = (key: string) => rows.reduce((total, row) => total + Number(row[key] ?? 0), 0);
  const isScrap = hasHazardousLot(rows);
  return {
    name,
    principalName,
    disposalMethod: 'auction',
    listingPrice: sum('startingPrice'),
    appraisalPrice: sum('appraisedValue'),
    disclosureDays: 10,
    viewingPlace: lots[0]?.location ?? '',
    viewingFrom: '2026-12-01',
    viewingTo: '2026-12-11',
    viewingContact: '赵经理',
    viewingMobile: '13800000004',
    paymentDays: 5,
    pickupDays: 10,
    pickupTerms: '买受人自备车辆和装卸工具，凭成交确认书提货，提货时须遵守仓库安全管理规定。',
    ...(isScrap
      ? {
          isScrap,
          wasteCategory: 'HW08 废矿物油与含矿物油废物',
          buyerLicence: '危险废物经营许可证（HW08类）',
        }
      : {}),
    contactName: '赵经理',
    contactMobile: '13800000004',
    description: `${principalName}委托处置的${name}，可在看样期内预约现场查看。`,
  };
}

export async function insertDemoSmallLots(
  tx: Db,
  input: {
    agent: SeedParty;
    exchange: SeedParty;
    /** the assessment institution the draft batch names to estimate its lots */
    appraiser: Pick<SeedParty, 'companyId' | 'companyName'>;
    /** the members whose buyers bid for the dealt batch in the hall: the winner's signs for the goods */
    bidders: { winner: SeedParty; loser: SeedParty };
    principalName: string;
    now: Date;
  },
): Promise<void> {
  const { agent, exchange, appraiser, bidders, principalName, now } = input;
  const lots = ledgerLots(principalName);
  // the batches: three lots disclosing, two dealt awaiting delivery, four in a draft awaiting the appraiser's estimate
  const batches = [
    {
      code: SMALL_DEMO_CODES.disclosing,
      lots: lots.slice(0, 3),
      status: 'disclosing',
      ledger: '挂牌中',
      started: addWorkdays(now, -3).date,
    },
    {
      code: SMALL_DEMO_CODES.dealt,
      lots: lots.slice(3, 5),
      status: 'dealt',
      ledger: '已成交',
      started: addWorkdays(now, -12).date,
    },
    { code: SMALL_DEMO_CODES.draft, lots: lots.slice(5, 9), status: 'draft', ledger: '挂牌中', started: now },
  ] as const satisfies readonly {
    code: string;
    lots: LotCells[];
    status: 'disclosing' | 'dealt' | 'draft';
    ledger: LedgerStatus;
    started: Date;
  }[];
  const linked = new Map<LotCells, Record<string, string | number>>();
  for (const batch of batches) {
    const first = batch.lots[0]?.name ?? '';
    const named = batchForm(batch.lots, principalName, `${first}等${batch.lots.length}项标的`);
    const isDraft = batch.status === 'draft';
    // the draft asks the appraiser for its estimate: no appraisal of its own yet
    const { appraisalPrice: _appraisal, ...unappraised } = named;
    const form: SmallProjectForm = isDraft ? { ...unappraised, appraisalFirm: appraiser.companyName } : named;
    // the hall's result confirmed yesterday: the buyer and the price, kept in the details as the engine keeps them
    const resultConfirm = {
      transfereeName: '北京再生资源回收利用有限公司',
      dealPrice: Math.round((form.listingPrice ?? 0) * 1.2),
      content: '经网络竞价，北京再生资源回收利用有限公司以最高报价竞得。',
    };
    const confirmedAt = addWorkdays(now, -1).date;
    const [project] = await tx
      .insert(projects)
      .values({
        companyId: agent.companyId,
        family: 'small',
        businessType: '5',
        name: form.name,
        code: batch.code,
        status: batch.status,
        disclosureStart: isDraft ? null : batch.started,
        disclosureEnd: isDraft ? null : addWorkdays(batch.started, 10).date,
        details:
          batch.status === 'dealt'
            ? { form, resultConfirm: [{ ...resultConfirm, approvedAt: confirmedAt.toISOString() }] }
            : { form },
      })
      .returning({ id: projects.id });
    if (project === undefined) throw new Error('the demo small-lot batch was not stored');
    const { code } = batch;
    await tx.insert(projectAssets).values(
      batch.lots.map((lot) => ({
        projectId: project.id,
        companyId: agent.companyId,
        category: 'lot',
        values: lotListRow(lot),
      })),
    );
    for (const lot of batch.lots) {
      linked.set(lot, {
        projectId: project.id,
        projectCode: code,
        projectFamily: 'small',
        status: batch.ledger,
      });
    }
    if (isDraft) {
      // 出具评估报告 waits in the appraiser's 我的待办, as the projects module opens it when a form names the firm
      await tx.insert(tasks).values({
        subject: 'evaluation',
        subjectId: project.id,
        step: 'evaluationReport',
        projectId: project.id,
        companyId: agent.companyId,
        type: 'Aon',
        category: 'estimate',
        routeName: 'estimateList',
        routeQuery: { id: project.id },
        status: 'open',
        assigneeCompanyId: appraiser.companyId,
        createdAt: now,
        updatedAt: now,
      });
      continue;
    }
    await insertCourse(tx, {
      projectId: project.id,
      family: 'small',
      action: 'disclosure',
      form: { disclosureDays: 10 },
      applicant: agent,
      exchange,
      reviewedAt: batch.started,
    });
    if (batch.status === 'dealt') {
      // the hall's two buyers, each registered by its member and qualified: the winner and the one outbid
      await tx.insert(intentionRegistrations).values(
        [
          {
            party: bidders.winner,
            name: resultConfirm.transfereeName,
            certNo: '91110000MA01RECY5X',
            won: true,
          },
          {
            party: bidders.loser,
            name: '北京金属回收再利用有限公司',
            certNo: '91110000MA01METL3K',
            won: false,
          },
        ].map(({ party, name, certNo, won }) => ({
          projectId: project.id,
          companyId: party.companyId,
          status: won ? ('won' as const) : ('lost' as const),
          kind: 'company' as const,
          name,
          certType: 'creditCode' as const,
          certNo,
          contactName: party.name,
          contactMobile: '13900000000',
          ownerOpinion: '符合受让方资格条件',
          ownerReviewedAt: batch.started,
          reviewedAt: batch.started,
          reviewedBy: exchange.operatorId,
          createdBy: party.userId,
          createdAt: batch.started,
          updatedAt: confirmedAt,
        })),
      );
      await insertCourse(tx, {
        projectId: project.id,
        family: 'small',
        action: 'resultConfirm',
        form: resultConfirm,
        applicant: agent,
        exchange,
        reviewedAt: confirmedAt,
      });
    }
  }
  await tx.insert(registryRows).values(
    lots.map((cells) => {
      const link = linked.get(cells);
      return registryRowOf(
        SMALL_LEDGER_REGISTRY.key,
        agent.companyId,
        link === undefined ? cells : { ...cells, status: String(link.status) },
        link ?? {},
      );
    }),
  );
}
