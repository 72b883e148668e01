// The vehicles module owns the course of a motor-vehicle disposal (机动车处置) beyond its application, which is the
// engine's: the vehicles (entered, imported), their appraisal by the assessment institution the exchange assigns
// and its confirmation by the owner, the listing and revocation letters (single and batch signatures), the deal
// with a qualified dismantler, its receiving application and licence, and the dismantling records (/api/record).
// Who sees what is context.ts' roleOf: the owner and the exchange everything, the firm and the dismantler their
// part, the members and dismantlers a listed disposal's vehicles with plates masked; anyone else 404.
//
// Each job is a use case (use-cases/: items, appraisal, listing, deal, records, show); this file registers the
// files' rules and wires the use cases to the deps. The engine's hooks (the application's precondition, letter
// and approval) are wired by the composition root with the functions this service answers.
import {
  DISMANTLER_LICENCE_DATA_CLASS,
  DISMANTLER_LICENCE_TAG,
  DISPOSAL_EXPERT_DATA_CLASS,
  DISPOSAL_ITEM_DATA_CLASS,
  disposalLetterSupplement,
  EXPERT_OPINION_TAG,
  IDENTITY,
  MSG,
  readProjectForm,
  RECEIVING_FILE_TAG,
  RECORD_DATA_CLASS,
  REGISTRATION_CERTIFICATE_TAG,
  trimmedText,
  VEHICLE_APPRAISAL_REPORT_TAG,
  VEHICLE_DISPOSAL_DATA_CLASS,
  VEHICLE_PHOTO_TAG,
  type LetterSupplement,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { bindDeps } from '../../platform/use-cases.ts';
import type { Viewer } from '../attachments/service.ts';
import { createVehiclesContext, type VehiclesDeps } from './context.ts';
import * as repo from './repo.ts';
import {
  deleteExpertOpinion,
  saveAppraisal,
  saveExpertOpinion,
  submitAppraisal,
} from './use-cases/appraisal.ts';
import { assignAppraiser, listAppraisers, startDisposal } from './use-cases/assignment.ts';
import { confirmResult, returnResult } from './use-cases/confirmation.ts';
import { confirmDeal, listDismantlers, saveLicence, showLicence, submitReceiving } from './use-cases/deal.ts';
import {
  buildTemplate,
  deleteItem,
  importItems,
  previewImport,
  saveItem,
  showItem,
  updateItem,
} from './use-cases/items.ts';
import { checkSignCode, revoke, sendSignCode, signatureAndSubmit, signOne } from './use-cases/listing.ts';
import {
  checkRecordSignCode,
  sendRecordSignCode,
  signRecord,
  submitRecord,
  terminateRecord,
} from './use-cases/record-signing.ts';
import {
  backStep,
  listRecords,
  showRecord,
  tryReachRecord,
  updateRecord,
  verifyStep,
} from './use-cases/records.ts';
import { showDisposal } from './use-cases/show.ts';

export type { VehiclesDeps } from './context.ts';

export type VehiclesService = ReturnType<typeof createVehiclesService>;

const idOf = (dataId: string): number | undefined => {
  const id = Number(dataId);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

export function createVehiclesService(deps: VehiclesDeps) {
  const ctx = createVehiclesContext(deps);
  const { db, attachments } = ctx;

  /** The viewer's role on the project, or null where it may not see it (or there is none). */
  async function roleOn(viewer: Viewer, projectId: number | undefined) {
    return projectId === undefined ? null : ((await ctx.tryReach(viewer, projectId))?.role ?? null);
  }

  // A vehicle's photos, certificate and letters: seen by those who work on it (its owner, the exchange, the firm,
  // the dismantler it was dealt to), never the public; added by the owner while the application may change.
  attachments.registerRecordVisibility(DISPOSAL_ITEM_DATA_CLASS, async (viewer, record) => {
    const item = await repo.findItem(db, idOf(record.dataId) ?? 0);
    if (item === undefined) return false;
    const role = await roleOn(viewer, item.projectId);
    return (
      role !== null &&
      role !== 'public' &&
      (role !== 'dismantler' || item.buyerCompanyId === viewer.companyId)
    );
  });
  attachments.registerRecordWriteRule(DISPOSAL_ITEM_DATA_CLASS, async (viewer, record, tag) => {
    const item = await repo.findItem(db, idOf(record.dataId) ?? 0);
    if (item === undefined || item.companyId !== viewer.companyId) return false;
    if (tag !== VEHICLE_PHOTO_TAG && tag !== REGISTRATION_CERTIFICATE_TAG) return false;
    const project = await deps.projects.findById(item.projectId);
    return project !== undefined && deps.projects.isEditableBy(viewer, project);
  });

  // A disposal's report (the firm's) and receiving files (a dismantler's): seen by the owner, the exchange, the
  // firm and the dismantlers; the report added by the firm while its appraisal is awaited, a handover record by a
  // dismantler with vehicles dealt to it.
  attachments.registerRecordVisibility(VEHICLE_DISPOSAL_DATA_CLASS, async (viewer, record) => {
    const role = await roleOn(viewer, idOf(record.dataId));
    return role !== null && role !== 'public';
  });
  attachments.registerRecordWriteRule(VEHICLE_DISPOSAL_DATA_CLASS, async (viewer, record, tag) => {
    const projectId = idOf(record.dataId);
    if (projectId === undefined) return false;
    const view = await roleOn(viewer, projectId);
    if (tag === VEHICLE_APPRAISAL_REPORT_TAG && view === 'appraiser') {
      const disposal = await repo.findDisposal(db, projectId);
      return disposal?.appraisalSubmittedAt === null;
    }
    return tag === RECEIVING_FILE_TAG && view === 'dismantler';
  });

  // An expert's signed opinion: seen by those who see the appraisal, added by the firm that recorded it.
  attachments.registerRecordVisibility(DISPOSAL_EXPERT_DATA_CLASS, async (viewer, record) => {
    const expert = await repo.findExpert(db, idOf(record.dataId) ?? 0);
    const role = expert === undefined ? null : await roleOn(viewer, expert.projectId);
    return role !== null && role !== 'public' && role !== 'dismantler';
  });
  attachments.registerRecordWriteRule(DISPOSAL_EXPERT_DATA_CLASS, async (viewer, record, tag) => {
    const expert = await repo.findExpert(db, idOf(record.dataId) ?? 0);
    return tag === EXPERT_OPINION_TAG && expert !== undefined && expert.companyId === viewer.companyId;
  });

  // A record's photos and letters: its dismantler adds them while keeping it; the owner and the exchange read.
  attachments.registerRecordVisibility(RECORD_DATA_CLASS, async (viewer, record) => {
    const id = idOf(record.dataId);
    return id !== undefined && (await tryReachRecord(ctx, viewer, id)) !== undefined;
  });
  attachments.registerRecordWriteRule(RECORD_DATA_CLASS, async (viewer, record) => {
    const found = await repo.findRecord(db, idOf(record.dataId) ?? 0);
    return found !== undefined && found.companyId === viewer.companyId && found.status === 'editing';
  });

  // A dismantler's licence scan: its own company adds it (the exchange sees every file).
  attachments.registerRecordWriteRule(DISMANTLER_LICENCE_DATA_CLASS, (viewer, record, tag) =>
    Promise.resolve(
      tag === DISMANTLER_LICENCE_TAG &&
        viewer.identityType === IDENTITY.disassembly &&
        record.dataId === String(viewer.companyId),
    ),
  );

  /** The engine's precondition of the application (at its submission and approval): at least one vehicle. */
  async function checkApplication(tx: Db, application: { projectId: number }): Promise<string | null> {
    return (await repo.countItems(tx, application.projectId)) === 0 ? MSG.vehicleNoneListed : null;
  }

  /**
   * The engine's precondition of a re-disclosure (重新披露): the listing period passed with listed vehicles left
   * unsold.
   */
  async function checkRediscovery(tx: Db, application: { projectId: number }): Promise<string | null> {
    const project = await ctx.findDisposalProject(application.projectId, tx);
    const isOver = project.disclosureEnd !== null && project.disclosureEnd <= ctx.clock.now();
    const items = await repo.listItems(tx, project.id);
    return isOver && items.some((item) => item.state === 'listed') ? null : MSG.vehicleRediscoveryRefused;
  }

  /** What the application's letter adds: the approval, the reason and every vehicle. */
  async function applicationLetter(tx: Db, application: { projectId: number }): Promise<LetterSupplement> {
    const project = await ctx.findDisposalProject(application.projectId, tx);
    const form = readProjectForm(project);
    return disposalLetterSupplement({
      reason: trimmedText(form.disposalReason),
      approvalBody: trimmedText(form.approvalBody),
      vehicles: await repo.listItems(tx, project.id),
    });
  }

  const bound = bindDeps(ctx);

  return {
    checkApplication,
    checkRediscovery,
    applicationLetter,
    startDisposal: bound(startDisposal),
    show: bound(showDisposal),
    showItem: bound(showItem),
    saveItem: bound(saveItem),
    updateItem: bound(updateItem),
    deleteItem: bound(deleteItem),
    template: buildTemplate,
    previewImport: bound(previewImport),
    importItems: bound(importItems),
    listAppraisers: bound(listAppraisers),
    assignAppraiser: bound(assignAppraiser),
    saveAppraisal: bound(saveAppraisal),
    submitAppraisal: bound(submitAppraisal),
    saveExpertOpinion: bound(saveExpertOpinion),
    deleteExpertOpinion: bound(deleteExpertOpinion),
    confirmResult: bound(confirmResult),
    returnResult: bound(returnResult),
    sendSignCode: bound(sendSignCode),
    checkSignCode: bound(checkSignCode),
    signOne: bound(signOne),
    signatureAndSubmit: bound(signatureAndSubmit),
    revoke: bound(revoke),
    listDismantlers: bound(listDismantlers),
    confirmDeal: bound(confirmDeal),
    submitReceiving: bound(submitReceiving),
    showLicence: bound(showLicence),
    saveLicence: bound(saveLicence),
    showRecord: bound(showRecord),
    listRecords: bound(listRecords),
    updateRecord: bound(updateRecord),
    verifyStep: bound(verifyStep),
    backStep: bound(backStep),
    submitRecord: bound(submitRecord),
    sendRecordSignCode: bound(sendRecordSignCode),
    checkRecordSignCode: bound(checkRecordSignCode),
    signRecord: bound(signRecord),
    terminateRecord: bound(terminateRecord),
  };
}
