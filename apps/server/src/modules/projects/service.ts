// The projects module owns the project rows the workflow engine acts on: who may see a project (its owner
// company, the agent member acting for it, and the exchange; anyone else is told it does not exist), the drafts of
// every family with a project kind (create, update, delete while editable, copy), their submission for the
// pre-disclosure and the formal disclosure after the kind's rule checks, the project's view and status, the list
// scoped in SQL to the caller, and the guarded state change an approved action makes. What differs between
// families is the kind's configuration (packages/domain/src/projects/kinds): no family is named here. The
// workflow engine reaches projects only through this service.
//
// Each job is a use case (use-cases/: read, drafts, submit, update-from-otc, remind-deadlines); who reaches which
// project is access.ts, how it is answered view.ts. This file wires them to the deps, and registers the project's
// files' rules and the home page's counter and calendar.
import { APPRAISAL_REPORT_TAG, PROJECT_DATA_CLASS, type ProjectStatus } from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { bindDeps } from '../../platform/use-cases.ts';
import { findEditable, findOwn, findVisible, isEditableBy, isSellerSide, isVisibleTo } from './access.ts';
import {
  announceChange,
  type DisclosureGateway,
  type ProjectChangeListener,
  type ProjectPatch,
  type ProjectsDeps,
  type ProjectsServiceDeps,
} from './deps.ts';
import { createEvaluations } from './evaluations.ts';
import * as projectLists from './repo-lists.ts';
import * as sheetRows from './repo-sheets.ts';
import * as repo from './repo.ts';
import { copyProject, createProject, insertDraft, removeDraft, updateProject } from './use-cases/drafts.ts';
import {
  countStatuses,
  countVisible,
  listDisclosureEvents,
  listEvaluations,
  listMembers,
  listOwnerProjects,
  listProjects,
  searchOptions,
  showForm,
  showProject,
  showStatus,
  showTransferor,
} from './use-cases/read.ts';
import { listCategories, workDate } from './use-cases/kind-helpers.ts';
import { remindDeadlines } from './use-cases/remind-deadlines.ts';
import {
  cancelDisclosure,
  submitAgain,
  submitFormal,
  submitFromTask,
  submitProject,
} from './use-cases/submit.ts';
import { updateFromOtc } from './use-cases/update-from-otc.ts';

export { isExchange, requireKind } from './access.ts';
export {
  DISCLOSURE_ACTION_OF,
  type DisclosureAction,
  type DisclosureGateway,
  type ProjectChangeListener,
  type ProjectListQuery,
  type ProjectPatch,
  type ProjectRow,
  type SessionActor,
} from './deps.ts';
export { toSummary } from './view.ts';

export type ProjectsService = ReturnType<typeof createProjectsService>;

export function createProjectsService(moduleDeps: ProjectsServiceDeps) {
  const deps: ProjectsDeps = {
    ...moduleDeps,
    evaluations: createEvaluations(moduleDeps),
    disclosure: { gateway: undefined },
    changeListeners: [],
  };
  const { db, attachments, homepage, evaluations } = deps;

  // A project's own files (the signed letters) are seen by whoever sees the project; its appraisal reports also by
  // the assessment institution it names (评估项目).
  attachments.registerRecordVisibility(PROJECT_DATA_CLASS, async (viewer, record, tag) => {
    const id = Number(record.dataId);
    const row = Number.isSafeInteger(id) ? await repo.findById(db, id) : undefined;
    if (row === undefined) return false;
    return (
      isVisibleTo(viewer, row) ||
      (tag === APPRAISAL_REPORT_TAG && (await evaluations.isEngagedAppraiser(viewer, row)))
    );
  });

  // Only the owner company adds files to its project (the price approval, asset lists), and the appraisal firm it
  // names its appraisal report until it submits it: nobody slips a file into another company's project.
  attachments.registerRecordWriteRule(PROJECT_DATA_CLASS, async (viewer, record, tag) => {
    const id = Number(record.dataId);
    const row = Number.isSafeInteger(id) ? await repo.findById(db, id) : undefined;
    if (row === undefined) return false;
    return (
      row.companyId === viewer.companyId ||
      (tag === APPRAISAL_REPORT_TAG && (await evaluations.isAwaitingFrom(viewer, row)))
    );
  });

  /** A use case with the module's deps bound: what the routes, the other modules and the housekeeping call. */
  const bound = bindDeps(deps);

  homepage.registerCounter('projects', bound(countVisible));
  homepage.registerCalendarSource(bound(listDisclosureEvents));

  return {
    isVisibleTo,
    isSellerSide,
    updateFromOtc: bound(updateFromOtc),
    findVisible: bound(findVisible),
    showStatus: bound(showStatus),
    findEditable: bound(findEditable),
    isEditableBy: bound(isEditableBy),
    findOwn: bound(findOwn),
    listMembers: bound(listMembers),
    show: bound(showProject),
    list: bound(listProjects),
    listOwnerProjects: bound(listOwnerProjects),
    searchOptions,
    createProject: bound(createProject),
    updateProject: bound(updateProject),
    showForm: bound(showForm),
    remove: bound(removeDraft),
    submitProject: bound(submitProject),
    submitFormal: bound(submitFormal),
    submitAgain: bound(submitAgain),
    submitFromTask: bound(submitFromTask),
    copyProject: bound(copyProject),
    listCategories: bound(listCategories),
    workDate,
    cancelDisclosure: bound(cancelDisclosure),
    showTransferor: bound(showTransferor),
    countStatuses: bound(countStatuses),
    listEvaluations: bound(listEvaluations),
    /** the engaged appraisal firm submits its appraisal (评估项目) */
    submitEvaluation: evaluations.submit,
    remindDeadlines: bound(remindDeadlines),
    /** a record another module keeps in a project's details (the deal's result), in the caller's transaction */
    setDetail: repo.setDetail,
    registerDisclosure: (gateway: DisclosureGateway): void => {
      deps.disclosure.gateway = gateway;
    },
    /** The row without a visibility check, for the engine's own reads inside a transition. */
    findById: (id: number, tx: Db = db) => repo.findById(tx, id),
    /** Changes state in the caller's transaction; undefined when the project changed since `expectedVersion`. */
    updateGuarded: async (tx: Db, id: number, expectedVersion: number, patch: ProjectPatch) => {
      const row = await repo.updateGuarded(tx, id, expectedVersion, patch);
      if (row !== undefined) await announceChange(deps, tx, row);
      return row;
    },
    /** Registers a listener told of every change of a project row, in the transaction that made it. */
    onChanged: (listener: ProjectChangeListener): void => {
      deps.changeListeners.push(listener);
    },
    /** A new draft of the caller's company in the caller's transaction (a plan turned into a project). */
    insertDraft: bound(insertDraft),
    /** Adds rows to a draft's list sheets in the caller's transaction (assets that start a project). */
    insertSheetRows: (tx: Db, rows: readonly sheetRows.NewProjectSheetRow[]) =>
      sheetRows.insertSheetRows(tx, rows),
    /** Every row of one of a project's list sheets (a dealt batch's lots, as its delivery lists them). */
    listSheetRows: (projectId: number, category: string) =>
      sheetRows.listAllSheetRows(db, projectId, category),
    /** Locks the project's row in the caller's transaction and answers its status (undefined: no project). */
    lockStatus: (tx: Db, id: number, strength: 'share' | 'update') =>
      repo.lockProjectStatus(tx, id, strength),
    /** Every company's projects of some families in one status, with the owner's name (public announcements). */
    listInStatus: (families: readonly string[], status: ProjectStatus) =>
      projectLists.listByFamiliesInStatus(db, families, status),
    /** The ids of every company's projects in any of the statuses (the public site's first publication). */
    listIdsInStatuses: (statuses: readonly ProjectStatus[]) => projectLists.listIdsInStatuses(db, statuses),
  };
}
