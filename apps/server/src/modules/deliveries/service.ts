// 交付 (projects/delivery.ts of the domain; /api/project/delivery/...): the handover of a dealt small-lot batch.
// The seller's side — the project's company and the member acting for it — records the pick-up with its photos;
// the buyer signs for the goods: the member whose registration won the hall confirms in the portal, or, for a buyer
// of an external platform's auction, the seller with the receipt that buyer signed on paper. The receipt moves the
// lots the batch drew from the ledger to 已交割, locks the delivery's files and is written in the process log.
//
// Who sees what: the seller's side, the winning member and the exchange; anyone else 404, as for a project that
// does not exist, and nothing changes. Every change is audited in its transaction and names the version it was
// read at (409 when it moved).
import {
  DELIVERY_DATA_CLASS,
  DELIVERY_PHOTO_TAG,
  DELIVERY_RECEIPT_TAG,
  DELIVERY_STATUS_LABELS,
  deliveryPath,
  formatChineseDate,
  formatMessage,
  isDeliveryFamily,
  MSG,
  SMALL_LOT_SHEET,
  ZDeliveryPickupForm,
  ZDeliveryReceiptForm,
  type Delivery,
  type DeliveryLot,
  type DeliveryPickupForm,
  type DeliveryReceiptForm,
  type DeliveryStatus,
} from '@cqjy/domain';
import { toAuditActor } from '../../platform/audit.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import type { Actor, AttachmentsService, Viewer } from '../attachments/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { IntentionsService } from '../intentions/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { ProjectsService } from '../projects/service.ts';
import type { LedgerService } from '../registries/ledger.ts';
import type { UsersService } from '../users/service.ts';
import type { WorkflowService } from '../workflow/service.ts';
import * as repo from './repo.ts';

export type DeliveriesDeps = Pick<PlatformDeps, 'db' | 'clock'> & {
  audit: AuditService;
  attachments: AttachmentsService;
  notifications: NotificationsService;
  users: Pick<UsersService, 'findCompany'>;
  projects: Pick<
    ProjectsService,
    'findById' | 'isVisibleTo' | 'isSellerSide' | 'lockStatus' | 'setDetail' | 'listSheetRows'
  >;
  intentions: Pick<IntentionsService, 'findWinner'>;
  ledger: Pick<LedgerService, 'moveLots'>;
  processLog: Pick<WorkflowService, 'recordProjectEvent' | 'describeActor'>;
};

export type DeliveriesService = ReturnType<typeof createDeliveriesService>;

type ProjectRow = NonNullable<Awaited<ReturnType<ProjectsService['findById']>>>;
type Winner = Awaited<ReturnType<IntentionsService['findWinner']>>;

/** The confirmed result the project's details keep (the last approved 结果确认): its buyer and price. */
function resultOf(project: ProjectRow): { buyerName: string; dealPrice: number | null } {
  const records: unknown = project.details.resultConfirm;
  const last: unknown = Array.isArray(records) ? records.at(-1) : undefined;
  if (typeof last !== 'object' || last === null) return { buyerName: '', dealPrice: null };
  const { transfereeName, dealPrice } = last as { transfereeName?: unknown; dealPrice?: unknown };
  return {
    buyerName: typeof transfereeName === 'string' ? transfereeName : '',
    dealPrice: typeof dealPrice === 'number' ? dealPrice : null,
  };
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

function lotOf(values: Record<string, unknown>): DeliveryLot {
  return {
    name: text(values.name),
    category: text(values.category),
    model: text(values.model),
    quantity: text(values.quantity),
    unit: text(values.unit),
    location: text(values.location),
  };
}

export function createDeliveriesService(deps: DeliveriesDeps) {
  const { db, clock, audit, attachments, notifications, users, projects, intentions, ledger, processLog } =
    deps;

  const isSeller = projects.isSellerSide;

  const isBuyer = (viewer: Viewer, winner: Winner): boolean =>
    winner !== undefined && winner.companyId === viewer.companyId;

  /** The project and its winner if the viewer may see its delivery, else undefined. */
  async function reach(viewer: Viewer, projectId: number) {
    const project = await projects.findById(projectId);
    if (project === undefined || !isDeliveryFamily(project.family)) return undefined;
    const winner = await intentions.findWinner(projectId);
    if (!projects.isVisibleTo(viewer, project) && !isBuyer(viewer, winner)) return undefined;
    return { project, winner };
  }

  /** The project and its winner if the viewer may see its delivery; else 404. */
  async function findReachable(viewer: Viewer, projectId: number) {
    const reached = await reach(viewer, projectId);
    if (reached === undefined) throw notFound();
    return reached;
  }

  // A delivery's files are seen by whoever sees the delivery; its photos and a paper receipt are added by the
  // seller's side until the goods are signed for.
  const recordProject = (dataId: string): number | undefined => {
    const id = Number(dataId);
    return Number.isSafeInteger(id) && id > 0 ? id : undefined;
  };
  attachments.registerRecordVisibility(DELIVERY_DATA_CLASS, async (viewer, record) => {
    const id = recordProject(record.dataId);
    return id !== undefined && (await reach(viewer, id)) !== undefined;
  });
  attachments.registerRecordWriteRule(DELIVERY_DATA_CLASS, async (viewer, record, tag) => {
    const id = recordProject(record.dataId);
    const project = id === undefined ? undefined : await projects.findById(id);
    if (id === undefined || project === undefined || !isDeliveryFamily(project.family)) return false;
    if (tag !== DELIVERY_PHOTO_TAG && tag !== DELIVERY_RECEIPT_TAG) return false;
    const row = await repo.find(db, id);
    return isSeller(viewer, project) && project.status === 'dealt' && row?.status !== 'received';
  });

  const filesOf = (viewer: Viewer, projectId: number) =>
    attachments.listRelated(viewer, { dataClass: DELIVERY_DATA_CLASS, dataId: String(projectId) });

  /** GET /api/project/delivery/{id}. */
  async function show(viewer: Viewer, projectId: number): Promise<Delivery> {
    const { project, winner } = await findReachable(viewer, projectId);
    const [row, files, lots] = await Promise.all([
      repo.find(db, projectId),
      filesOf(viewer, projectId),
      projects.listSheetRows(projectId, SMALL_LOT_SHEET.key),
    ]);
    const status: DeliveryStatus = row?.status ?? 'awaitingPickup';
    const result = resultOf(project);
    const isDealt = project.status === 'dealt';
    const receiver =
      row?.receivedByCompanyId == null ? undefined : await users.findCompany(row.receivedByCompanyId);
    return {
      projectId,
      projectName: project.name,
      projectCode: project.code ?? '',
      status,
      statusLabel: DELIVERY_STATUS_LABELS[status],
      buyerName: winner?.name ?? result.buyerName,
      dealPrice: result.dealPrice,
      isBuyerOnPortal: winner !== undefined,
      canRecordPickup: isDealt && isSeller(viewer, project) && status !== 'received',
      canConfirmReceipt:
        isDealt &&
        status === 'awaitingReceipt' &&
        (winner === undefined ? isSeller(viewer, project) : isBuyer(viewer, winner)),
      pickupDate: row?.pickupDate ?? null,
      place: row?.place ?? '',
      pickedUpBy: row?.pickedUpBy ?? '',
      remark: row?.remark ?? '',
      recordedAt: row?.recordedAt.toISOString() ?? null,
      receiptRemark: row?.receiptRemark ?? '',
      receivedAt: row?.receivedAt?.toISOString() ?? null,
      receivedByName: receiver?.name ?? '',
      photos: files.filter((file) => file.tag === DELIVERY_PHOTO_TAG),
      receipts: files.filter((file) => file.tag === DELIVERY_RECEIPT_TAG),
      lots: lots.map((lot) => lotOf(lot.values)),
      version: row?.version ?? 0,
    };
  }

  /**
   * The files of `tag` the delivery holds, as the server counts them (not as the browser says): a photo is a file
   * whose content was sniffed as an image.
   */
  async function countFiles(viewer: Viewer, projectId: number, tag: string): Promise<number> {
    const files = (await filesOf(viewer, projectId)).filter((file) => file.tag === tag);
    return tag === DELIVERY_PHOTO_TAG
      ? files.filter((file) => file.contentType.startsWith('image/')).length
      : files.length;
  }

  /** POST /api/project/delivery/pickup: the seller records (or corrects) the pick-up; the buyer's member is told. */
  async function recordPickup(
    actor: Actor,
    input: DeliveryPickupForm,
  ): Promise<{ id: number; version: number }> {
    const form = ZDeliveryPickupForm.parse(input);
    const { project, winner } = await findReachable(actor, form.projectId);
    if (!isSeller(actor, project)) throw refused(MSG.deliveryNotSeller);
    if (project.status !== 'dealt') throw refused(MSG.deliveryNotDealt);
    if ((await countFiles(actor, project.id, DELIVERY_PHOTO_TAG)) === 0)
      throw refused(MSG.deliveryPhotosRequired);
    const now = clock.now();
    const saved = await db.transaction(async (tx) => {
      await projects.lockStatus(tx, project.id, 'share');
      const current = await repo.lock(tx, project.id);
      if ((current?.version ?? 0) !== form.version) throw conflict();
      if (current?.status === 'received') throw refused(MSG.deliveryAlreadyReceived);
      const facts = {
        status: 'awaitingReceipt' as const,
        pickupDate: form.pickupDate,
        place: form.place,
        pickedUpBy: form.pickedUpBy,
        remark: form.remark,
        recordedBy: actor.userId,
        recordedAt: now,
        updatedAt: now,
      };
      const row =
        current === undefined
          ? await repo.insert(tx, { projectId: project.id, ...facts })
          : await repo.update(tx, project.id, form.version, facts);
      if (row === undefined) throw conflict();
      if (winner !== undefined) {
        await notifications.raise(tx, {
          companyId: winner.companyId,
          kind: 'delivery.pickup',
          title: formatMessage(MSG.deliveryPickupTitle, { project: project.name }),
          body: formatMessage(MSG.deliveryPickupBody, {
            project: project.name,
            date: formatChineseDate(form.pickupDate),
            place: form.place,
            name: form.pickedUpBy,
          }),
          link: deliveryPath(project.family, project.id),
        });
      }
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'delivery.pickup',
        result: 'ok',
        target: String(project.id),
        detail: {
          version: row.version,
          pickupDate: form.pickupDate,
          place: form.place,
          pickedUpBy: form.pickedUpBy,
        },
      });
      return row;
    });
    return { id: project.id, version: saved.version };
  }

  /**
   * POST /api/project/delivery/receipt: the goods signed for — by the winning member, or by the seller with the
   * paper receipt of a buyer off the portal. The lots turn 已交割, the files are locked, the log says so.
   */
  async function confirmReceipt(
    actor: Actor,
    input: DeliveryReceiptForm,
  ): Promise<{ id: number; version: number }> {
    const form = ZDeliveryReceiptForm.parse(input);
    const { project, winner } = await findReachable(actor, form.projectId);
    if (winner === undefined ? !isSeller(actor, project) : !isBuyer(actor, winner)) {
      throw refused(MSG.deliveryNotBuyer);
    }
    if (project.status !== 'dealt') throw refused(MSG.deliveryNotDealt);
    if (winner === undefined && (await countFiles(actor, project.id, DELIVERY_RECEIPT_TAG)) === 0) {
      throw refused(MSG.deliveryReceiptFileRequired);
    }
    const now = clock.now();
    const logActor = { userId: actor.userId, ...(await processLog.describeActor(actor)) };
    const saved = await db.transaction(async (tx) => {
      // for update, not share: the receipt writes the project's details, and two receipts each holding a share lock
      // would deadlock on that write; so the second waits here and then finds the version moved (409)
      await projects.lockStatus(tx, project.id, 'update');
      const current = await repo.lock(tx, project.id);
      if (current === undefined) throw refused(MSG.deliveryPickupFirst);
      if (current.version !== form.version) throw conflict();
      if (current.status === 'received') throw refused(MSG.deliveryAlreadyReceived);
      const row = await repo.update(tx, project.id, form.version, {
        status: 'received',
        receiptRemark: form.remark,
        receivedBy: actor.userId,
        receivedByCompanyId: actor.companyId,
        receivedAt: now,
        updatedAt: now,
      });
      if (row === undefined) throw conflict();
      await attachments.lockRecord(tx, { dataClass: DELIVERY_DATA_CLASS, dataId: String(project.id) });
      await ledger.moveLots(tx, {
        companyId: project.companyId,
        projectId: project.id,
        action: 'delivery.received',
        status: '已交割',
      });
      await projects.setDetail(
        tx,
        project.id,
        'delivery',
        {
          pickupDate: row.pickupDate,
          place: row.place,
          pickedUpBy: row.pickedUpBy,
          receivedAt: now.toISOString(),
        },
        now,
      );
      await processLog.recordProjectEvent(tx, {
        projectId: project.id,
        event: 'delivered',
        reason: form.remark === '' ? row.place : form.remark,
        actor: logActor,
        at: now,
      });
      const sellers = [project.companyId, project.agentCompanyId].filter(
        (id): id is number => id !== null && id !== actor.companyId,
      );
      for (const companyId of new Set(sellers)) {
        await notifications.raise(tx, {
          companyId,
          kind: 'delivery.received',
          title: formatMessage(MSG.deliveryReceivedTitle, { project: project.name }),
          body: formatMessage(MSG.deliveryReceivedBody, { project: project.name }),
          link: deliveryPath(project.family, project.id),
        });
      }
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'delivery.received',
        result: 'ok',
        target: String(project.id),
        detail: { version: row.version, byBuyer: winner !== undefined },
      });
      return row;
    });
    return { id: project.id, version: saved.version };
  }

  return { show, recordPickup, confirmReceipt };
}
