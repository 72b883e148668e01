// What every use case of the vehicles module shares: its deps, who a caller is to a disposal (its owner, the
// exchange, the assessment institution assigned, a dismantler it was dealt to, or once listed a member or a
// dismantler: the public of its sale), the project row of a disposal, the names the process log gives a person,
// and the letter signing.
import {
  formatMessage,
  IDENTITY,
  isLicenceValidOn,
  maskCarNumber,
  MSG,
  formatDate,
  type DisposalRole,
  type NotificationKind,
  type ProjectEvent,
  type TaskSubject,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import type { AttachmentsService, Viewer } from '../attachments/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { OtpService } from '../otp/service.ts';
import type { ProjectRow, ProjectsService } from '../projects/service.ts';
import { createLetterSigning } from '../signatures/seal-letter.ts';
import type { SignaturesService } from '../signatures/service.ts';
import { assigneeOf, type TasksService } from '../tasks/service.ts';
import type { UsersService } from '../users/service.ts';
import type { WorkflowService } from '../workflow/service.ts';
import * as repo from './repo.ts';

export type Actor = SessionContext & RequestOrigin;

export type VehiclesDeps = Pick<PlatformDeps, 'db' | 'clock'> & {
  audit: AuditService;
  attachments: AttachmentsService;
  notifications: NotificationsService;
  tasks: TasksService;
  users: UsersService;
  otp: OtpService;
  signatures: Pick<SignaturesService, 'loadSigner'>;
  projects: Pick<
    ProjectsService,
    'findById' | 'findEditable' | 'isEditableBy' | 'updateGuarded' | 'lockStatus'
  >;
  processLog: Pick<WorkflowService, 'recordProjectEvent' | 'describeActor'>;
};

export const FAMILY = 'motorVehicle';

export type VehiclesContext = ReturnType<typeof createVehiclesContext>;

/** The tasks of a disposal's own steps (assign, appraise, confirm, receive) and of one vehicle's letter. */
export const disposalSubject = (projectId: number) => ({
  subject: 'vehicleDisposal' as const,
  subjectId: projectId,
});
export const itemSubject = (itemId: number) => ({ subject: 'vehicleItem' as const, subjectId: itemId });
export const recordSubject = (recordId: number) => ({
  subject: 'dismantlingRecord' as const,
  subjectId: recordId,
});

export function isExchange(viewer: Pick<Viewer, 'identityType'>): boolean {
  return viewer.identityType === IDENTITY.admin;
}

/** Today in +08:00, 'YYYY-MM-DD'. */
export const todayOf = (now: Date): string => formatDate(now);

export function createVehiclesContext(deps: VehiclesDeps) {
  const { db, users, processLog, notifications } = deps;
  const letterSigning = createLetterSigning(deps);

  /** The vehicle disposal project `id`, whoever asks (the callers judge who may); 404 for another family. */
  async function findDisposalProject(id: number, tx: Db = db): Promise<ProjectRow> {
    const project = await deps.projects.findById(id, tx);
    if (project === undefined || project.family !== FAMILY) throw notFound();
    return project;
  }

  /**
   * Who the viewer is to the disposal, or null when it may not see it (answered 404): the exchange, the owner, the
   * firm assigned to appraise it, a dismantler some vehicle was dealt to, and once listed any member or dismantler.
   */
  function roleOf(
    viewer: Pick<Viewer, 'companyId' | 'identityType'>,
    project: ProjectRow,
    disposal: repo.DisposalRow | undefined,
    items: readonly Pick<repo.ItemRow, 'buyerCompanyId'>[],
  ): DisposalRole | null {
    if (isExchange(viewer)) return 'exchange';
    if (project.companyId === viewer.companyId) return 'owner';
    if (viewer.identityType === IDENTITY.assessment && disposal?.appraiserCompanyId === viewer.companyId) {
      return 'appraiser';
    }
    if (
      viewer.identityType === IDENTITY.disassembly &&
      items.some((item) => item.buyerCompanyId === viewer.companyId)
    ) {
      return 'dismantler';
    }
    // the listing's readers on the portal are the sale's parties: the members who bring buyers, the dismantlers
    // who may buy; another owner, a firm or a land manager has no business with it (404, as for any foreign row)
    const isSaleParty =
      viewer.identityType === IDENTITY.member || viewer.identityType === IDENTITY.disassembly;
    return project.disclosureStart !== null && isSaleParty ? 'public' : null;
  }

  /** The disposal, its course and its vehicles with the viewer's role; undefined where it may not see it. */
  async function tryReach(viewer: Pick<Viewer, 'companyId' | 'identityType'>, projectId: number) {
    const project = await deps.projects.findById(projectId);
    if (project === undefined || project.family !== FAMILY) return undefined;
    const [disposal, items] = await Promise.all([
      repo.findDisposal(db, projectId),
      repo.listItems(db, projectId),
    ]);
    const role = roleOf(viewer, project, disposal, items);
    return role === null ? undefined : { project, disposal, items, role };
  }

  /** The disposal as tryReach answers it; 404 for whoever may not see it. */
  async function reach(viewer: Pick<Viewer, 'companyId' | 'identityType'>, projectId: number) {
    const reached = await tryReach(viewer, projectId);
    if (reached === undefined) throw notFound();
    return reached;
  }

  /** The names a process log row gives the caller (read before the transaction that records the row). */
  const describe = async (actor: Actor) => ({
    ...(await processLog.describeActor(actor)),
    userId: actor.userId,
  });

  /** A decision about the disposal in its process log, in the deciding transaction. */
  async function logEvent(
    tx: Db,
    input: {
      projectId: number;
      event: ProjectEvent;
      actor: Awaited<ReturnType<typeof describe>> | null;
      reason: string;
      at: Date;
    },
  ): Promise<void> {
    await processLog.recordProjectEvent(tx, input);
  }

  /** Tells a company of a step of the disposal, with the template's parameters and a link. */
  async function tell(
    tx: Db,
    input: {
      companyId: number;
      kind: NotificationKind;
      title: string;
      body: string;
      params: Record<string, string | number>;
      link: string;
      at: Date;
    },
  ): Promise<void> {
    await notifications.raise(tx, {
      companyId: input.companyId,
      kind: input.kind,
      title: formatMessage(input.title, input.params),
      body: formatMessage(input.body, input.params),
      link: input.link,
      createdAt: input.at,
    });
  }

  /** The dismantler's licence, refused unless it is in force on `day` (State Council order 715). */
  async function requireValidLicence(companyId: number, day: string, tx: Db = db): Promise<repo.LicenceRow> {
    const licence = await repo.findLicence(tx, companyId);
    if (licence === undefined) throw refused(MSG.vehicleLicenceMissing);
    if (!isLicenceValidOn(licence, day)) {
      throw refused(formatMessage(MSG.vehicleLicenceExpired, { date: licence.validTo }));
    }
    return licence;
  }

  /**
   * Closes the subject's open tasks of one party (a company, or every company of an identity) as `result`: the
   * disposal's tasks belong to several parties at once (two dismantlers' receivings), so none closes another's.
   */
  async function closeTasksOf(
    tx: Db,
    ref: { subject: TaskSubject; subjectId: number },
    who: { companyId: number; identityType: number },
    done: { result: string; decider: Actor; at: Date },
  ): Promise<void> {
    for (const task of await deps.tasks.listOpenOf(ref, assigneeOf(who), tx)) {
      if ((await deps.tasks.closeOne(tx, task.id, done)) === undefined)
        throw conflict(MSG.workflowTaskHandled);
    }
  }

  const companyName = async (id: number | null, tx: Db = db): Promise<string> =>
    id === null ? '' : ((await users.findCompany(id, tx))?.name ?? '');

  return {
    ...deps,
    letterSigning,
    findDisposalProject,
    roleOf,
    tryReach,
    reach,
    describe,
    logEvent,
    tell,
    requireValidLicence,
    closeTasksOf,
    companyName,
  };
}

/** A vehicle's plate as a message names it to anyone: masked. */
export const platePublic = (item: Pick<repo.ItemRow, 'carNumber'>): string => maskCarNumber(item.carNumber);
