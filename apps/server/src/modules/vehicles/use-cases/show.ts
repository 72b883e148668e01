// GET /api/project/disposalApply/show/{id}: a disposal as the viewer sees it (its role), with its vehicles, the
// appraisal, the experts' opinions, the receivings, the viewer's open tasks and what it may do now. The owner and
// the exchange see every vehicle with its plate; the firm sees the vehicles it values; a dismantler those dealt to
// it; anyone else signed in, once the disposal was listed, the listed vehicles without VIN or engine number, plates
// masked.
import {
  EXPERT_OPINION_TAG,
  DISPOSAL_EXPERT_DATA_CLASS,
  PROJECT_STATUS_LABELS,
  VEHICLE_APPRAISAL_REPORT_TAG,
  VEHICLE_DISPOSAL_DATA_CLASS,
  type DisposalRole,
  type VehicleDisposalView,
} from '@cqjy/domain';
import type { Viewer } from '../../attachments/service.ts';
import { assigneeOf } from '../../tasks/service.ts';
import { disposalSubject, type VehiclesContext } from '../context.ts';
import * as repo from '../repo.ts';
import { toVehicle } from '../view.ts';

/** The vehicles a role is shown. */
function shownTo(role: DisposalRole, viewer: Viewer, items: readonly repo.ItemRow[]): repo.ItemRow[] {
  if (role === 'dismantler') return items.filter((item) => item.buyerCompanyId === viewer.companyId);
  if (role === 'public') return items.filter((item) => item.listedAt !== null);
  return [...items];
}

export async function showDisposal(
  ctx: VehiclesContext,
  viewer: Viewer,
  projectId: number,
): Promise<VehicleDisposalView> {
  const { project, disposal, items, role } = await ctx.reach(viewer, projectId);
  const shown = shownTo(role, viewer, items);
  const who = assigneeOf(viewer);
  const [records, itemTasks, disposalTasks, experts, reports, receivings, isEditable] = await Promise.all([
    role === 'public' || role === 'appraiser' ? [] : repo.listRecords(ctx.db, projectId),
    ctx.tasks.listOpenOfMany(
      'vehicleItem',
      shown.map((item) => item.id),
      who,
    ),
    ctx.tasks.listOpenOf(disposalSubject(projectId), who),
    role === 'public' ? [] : repo.listExperts(ctx.db, projectId),
    role === 'public'
      ? []
      : ctx.attachments.listRelated(viewer, {
          dataClass: VEHICLE_DISPOSAL_DATA_CLASS,
          dataId: String(projectId),
        }),
    role === 'owner' || role === 'exchange' || role === 'dismantler'
      ? repo.listReceivings(ctx.db, projectId)
      : [],
    role === 'owner' ? ctx.projects.isEditableBy(viewer, project) : false,
  ]);
  const recordTasks =
    role === 'dismantler'
      ? await ctx.tasks.listOpenOfMany(
          'dismantlingRecord',
          records.map((record) => record.id),
          who,
        )
      : [];
  const recordOf = new Map(records.map((record) => [record.itemId, record]));
  const taskOfItem = new Map(itemTasks.map((task) => [task.subjectId, task.id]));
  const taskOfRecord = new Map(recordTasks.map((task) => [task.subjectId, task.id]));
  const names = new Map<number, string>();
  for (const id of new Set([
    ...shown.flatMap((item) => (item.buyerCompanyId === null ? [] : [item.buyerCompanyId])),
    ...receivings.map((receiving) => receiving.companyId),
  ])) {
    names.set(id, await ctx.companyName(id));
  }
  const vehicles = shown.map((item) => {
    const record = recordOf.get(item.id);
    return toVehicle(item, role, {
      buyerName: item.buyerCompanyId === null ? '' : (names.get(item.buyerCompanyId) ?? ''),
      recordId: record?.id ?? null,
      taskId:
        taskOfItem.get(item.id) ?? (record === undefined ? undefined : taskOfRecord.get(record.id)) ?? null,
    });
  });
  const expertViews = [];
  for (const expert of experts) {
    const files = await ctx.attachments.listRelated(viewer, {
      dataClass: DISPOSAL_EXPERT_DATA_CLASS,
      dataId: String(expert.id),
    });
    expertViews.push({
      id: expert.id,
      expertName: expert.expertName,
      organisation: expert.organisation,
      opinion: expert.opinion,
      createdAt: expert.createdAt.toISOString(),
      files: files.filter((file) => file.tag === EXPERT_OPINION_TAG),
    });
  }
  const isAwaitingAppraisal =
    disposal !== undefined && project.status === 'appraising' && disposal.appraisalSubmittedAt === null;
  const isAwaitingConfirmation =
    disposal !== undefined && disposal.appraisalSubmittedAt !== null && disposal.resultConfirmedAt === null;
  const isSellable = (item: repo.ItemRow) => item.state === 'listed' && item.letterKind === null;
  return {
    projectId: project.id,
    projectName: project.name,
    projectCode: project.code,
    status: project.status,
    statusLabel: PROJECT_STATUS_LABELS[project.status],
    ownerName: await ctx.companyName(project.companyId),
    disclosureStart: project.disclosureStart?.toISOString() ?? null,
    disclosureEnd: project.disclosureEnd?.toISOString() ?? null,
    role,
    version: disposal?.version ?? 0,
    appraiserCompanyId: disposal?.appraiserCompanyId ?? null,
    appraiserName: await ctx.companyName(disposal?.appraiserCompanyId ?? null),
    appraisalBaseDate: disposal?.appraisalBaseDate ?? '',
    appraisalSubmittedAt: disposal?.appraisalSubmittedAt?.toISOString() ?? null,
    appraisalReturnReason: disposal?.appraisalReturnReason ?? '',
    resultConfirmedAt: disposal?.resultConfirmedAt?.toISOString() ?? null,
    reports: reports.filter((file) => file.tag === VEHICLE_APPRAISAL_REPORT_TAG),
    vehicles,
    experts: expertViews,
    receivings: receivings
      .filter((receiving) => role !== 'dismantler' || receiving.companyId === viewer.companyId)
      .map((receiving) => ({
        companyId: receiving.companyId,
        companyName: names.get(receiving.companyId) ?? '',
        receiveDate: receiving.receiveDate,
        place: receiving.place,
        transport: receiving.transport,
        handler: receiving.handler,
        handlerMobile: receiving.handlerMobile,
        remark: receiving.remark,
        submittedAt: receiving.submittedAt.toISOString(),
        vehicleCount: items.filter((item) => item.receivingId === receiving.id).length,
      })),
    taskId: disposalTasks[0]?.id ?? null,
    can: {
      editVehicles: isEditable,
      assign: role === 'exchange' && isAwaitingAppraisal,
      appraise: role === 'appraiser' && isAwaitingAppraisal,
      confirm: role === 'owner' && isAwaitingConfirmation,
      sign: role === 'owner' && items.some((item) => item.letterKind !== null),
      revoke: role === 'owner' && items.some(isSellable),
      deal: role === 'exchange' && project.status === 'disclosing' && items.some(isSellable),
      receive:
        role === 'dismantler' &&
        items.some((item) => item.state === 'dealt' && item.buyerCompanyId === viewer.companyId),
    },
  };
}
