// What every part of the workflow engine shares: who the caller is, which instances it may see or act on (its
// applicant company's; the exchange sees all and acts on none), who did it as the process log keeps it, the log
// rows and the tasks a transition writes. The attachment rules of an instance's files are registered here too.
import { createHash } from 'node:crypto';
import {
  ACTION_DATA_CLASS,
  findAction,
  IDENTITY,
  stepPath,
  taskNotice,
  type ActionConfig,
  type AttachmentItem,
  type LetterSupplement,
  type ProcessStep,
  type TaskType,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { notFound, refused } from '../../platform/errors.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AttachmentsService } from '../attachments/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { OtpService } from '../otp/service.ts';
import type { UsersService } from '../users/service.ts';
import type { ProjectsService } from '../projects/service.ts';
import type { TaskRowDb, TasksService } from '../tasks/service.ts';
import type { SignaturesService } from '../signatures/service.ts';
import * as repo from './repo.ts';

/** A signed-in caller and where the call came from. */
export type Actor = SessionContext & RequestOrigin;

export type WorkflowDeps = Pick<PlatformDeps, 'db' | 'clock'> & {
  audit: AuditService;
  users: UsersService;
  otp: OtpService;
  attachments: AttachmentsService;
  notifications: NotificationsService;
  tasks: TasksService;
  projects: ProjectsService;
  signatures: Pick<SignaturesService, 'loadSigner'>;
};

/** Who did it, as the process log keeps it: the person's name and their company's. */
export type ActorNames = { actorName: string; actorCompanyName: string };

export type WorkflowContext = ReturnType<typeof createWorkflowContext>;

export function isExchange(actor: Pick<Actor, 'identityType'>): boolean {
  return actor.identityType === IDENTITY.admin;
}

/** Whether `task` is one of the instance's (the engine's tasks are about their application). */
export function isTaskOf(
  task: TaskRowDb | undefined,
  instance: Pick<repo.InstanceRow, 'id'>,
): task is TaskRowDb {
  return task !== undefined && task.subject === 'action' && task.subjectId === instance.id;
}

/** The engine's tasks of an instance: those about the application. */
export function subjectOf(instance: Pick<repo.InstanceRow, 'id'>): { subject: 'action'; subjectId: number } {
  return { subject: 'action', subjectId: instance.id };
}

export function requireConfig(family: string, action: string): ActionConfig {
  const config = findAction(family, action);
  if (config === undefined) throw notFound();
  return config;
}

export function groupByTag(files: readonly AttachmentItem[]): Record<string, AttachmentItem[]> {
  const byTag: Record<string, AttachmentItem[]> = {};
  for (const file of files) (byTag[file.tag] ??= []).push(file);
  return byTag;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function createWorkflowContext(deps: WorkflowDeps) {
  const { db, clock, users, attachments, projects, notifications, tasks } = deps;

  // An instance's files (application materials, letters) are seen by the applicant company and the exchange.
  attachments.registerRecordVisibility(ACTION_DATA_CLASS, async (viewer, record) => {
    const id = Number(record.dataId);
    const row = Number.isSafeInteger(id) ? await repo.findInstance(db, id) : undefined;
    return row !== undefined && (row.companyId === viewer.companyId || isExchange(viewer));
  });

  // Only the applicant company adds files (application materials) to its instance.
  attachments.registerRecordWriteRule(ACTION_DATA_CLASS, async (viewer, record) => {
    const id = Number(record.dataId);
    const row = Number.isSafeInteger(id) ? await repo.findInstance(db, id) : undefined;
    return row !== undefined && row.companyId === viewer.companyId;
  });

  async function describeActor(actor: Pick<Actor, 'userId' | 'companyId'>): Promise<ActorNames> {
    const [user, company] = await Promise.all([
      users.findUser(actor.userId),
      users.findCompany(actor.companyId),
    ]);
    return {
      actorName: user?.realName ?? user?.nickname ?? user?.username ?? '',
      actorCompanyName: company?.name ?? '',
    };
  }

  /** The instance of this action if the caller may see it (its applicant company or the exchange), else 404. */
  async function findVisibleInstance(
    actor: Actor,
    config: ActionConfig,
    id: number,
  ): Promise<repo.InstanceRow> {
    const row = await repo.findInstance(db, id);
    if (
      row === undefined ||
      row.family !== config.family ||
      row.action !== config.action ||
      !(row.companyId === actor.companyId || isExchange(actor))
    ) {
      throw notFound();
    }
    return row;
  }

  /** The instance if the caller's company applied for it; anyone else (the exchange too) is told it is not there. */
  async function findOwnInstance(actor: Actor, config: ActionConfig, id: number): Promise<repo.InstanceRow> {
    const row = await findVisibleInstance(actor, config, id);
    if (row.companyId !== actor.companyId) throw notFound();
    return row;
  }

  async function writeLog(
    tx: Db,
    instance: repo.InstanceRow,
    step: ProcessStep,
    who: ActorNames & { userId: number },
    reason: string | null,
  ): Promise<void> {
    await repo.insertLog(tx, {
      projectId: instance.projectId,
      instanceId: instance.id,
      companyId: instance.companyId,
      family: instance.family,
      action: instance.action,
      step,
      reason,
      actorUserId: who.userId,
      actorName: who.actorName,
      actorCompanyName: who.actorCompanyName,
      at: clock.now(),
    });
  }

  /**
   * Opens the instance's next task: the applicant's own, or the exchange's review, which the exchange is told of
   * (消息提醒 任务提醒, opening the review screen) in the same transaction.
   */
  async function openTask(
    tx: Db,
    instance: repo.InstanceRow,
    type: TaskType,
    routeName: string,
  ): Promise<TaskRowDb> {
    const isReview = type === 'Review';
    const task = await tasks.open(tx, {
      subject: 'action',
      subjectId: instance.id,
      action: instance.action,
      projectId: instance.projectId,
      companyId: instance.companyId,
      type,
      routeName,
      routeQuery: { id: instance.id },
      assignee: isReview ? { identity: IDENTITY.admin } : { companyId: instance.companyId },
    });
    const exchangeId = isReview ? await users.findExchangeCompanyId(tx) : null;
    if (exchangeId !== null) {
      const [project, applicant] = await Promise.all([
        projects.findById(instance.projectId, tx),
        users.findCompany(instance.companyId, tx),
      ]);
      await notifications.raise(tx, {
        companyId: exchangeId,
        ...taskNotice({
          actionTitle: findAction(instance.family, instance.action)?.title ?? instance.action,
          projectName: project?.name ?? '',
          projectCode: project?.code ?? '',
          applicant: applicant?.name ?? '',
        }),
        link: stepPath(routeName, { id: instance.id, taskId: task.id }, instance.family),
      });
    }
    return task;
  }

  // What another module requires of a project before an action may be submitted and approved (a capital
  // increase's agreement needs the selection result of its investors), by family/action.
  const preconditions = new Map<string, Precondition>();

  function registerPrecondition(families: readonly string[], action: string, check: Precondition): void {
    for (const family of families) preconditions.set(`${family}/${action}`, check);
  }

  /** Refuses with the registered check's message when the project does not yet allow the action. */
  async function requirePrecondition(tx: Db, config: ActionConfig, application: Application): Promise<void> {
    const message = await preconditions.get(`${config.family}/${config.action}`)?.(tx, application);
    if (message != null) throw refused(message);
  }

  // What another module does when an action of some families is approved, in the approval's transaction (a
  // contract approved bills the service fee), by family/action.
  const approvalEffects = new Map<string, ApprovalEffect[]>();

  function registerApprovalEffect(families: readonly string[], action: string, effect: ApprovalEffect): void {
    for (const family of families) {
      const key = `${family}/${action}`;
      approvalEffects.set(key, [...(approvalEffects.get(key) ?? []), effect]);
    }
  }

  async function runApprovalEffects(tx: Db, config: ActionConfig, approved: ApprovedAction): Promise<void> {
    for (const effect of approvalEffects.get(`${config.family}/${config.action}`) ?? []) {
      await effect(tx, approved);
    }
  }

  // What another module adds to an action's letter from the records it owns (a vehicle disposal's application
  // names its vehicles), by family/action.
  const letterSupplements = new Map<string, LetterSupplier>();

  function registerLetterSupplement(
    families: readonly string[],
    action: string,
    supply: LetterSupplier,
  ): void {
    for (const family of families) letterSupplements.set(`${family}/${action}`, supply);
  }

  async function supplementOf(config: ActionConfig, application: { projectId: number }) {
    return letterSupplements.get(`${config.family}/${config.action}`)?.(db, application);
  }

  return {
    ...deps,
    describeActor,
    findVisibleInstance,
    findOwnInstance,
    writeLog,
    openTask,
    registerPrecondition,
    requirePrecondition,
    registerApprovalEffect,
    runApprovalEffects,
    registerLetterSupplement,
    supplementOf,
  };
}

/** What a precondition judges: the project, the application's form and the tags of the files it carries. */
export type Application = {
  projectId: number;
  form: Readonly<Record<string, unknown>>;
  fileTags: ReadonlySet<string>;
};

/**
 * A module's check of an application before it is submitted and again when approved: null when it may go on, else
 * the message refusing it.
 */
export type Precondition = (db: Db, application: Application) => Promise<string | null>;

/** An approved action as another module hears of it: the project after the effect, the form, when. */
export type ApprovedAction = {
  projectId: number;
  companyId: number;
  family: string;
  action: string;
  form: Readonly<Record<string, unknown>>;
  approvedAt: Date;
};

export type ApprovalEffect = (tx: Db, approved: ApprovedAction) => Promise<void>;

/** A module's part of an action's letter, read when the letter is drawn. */
export type LetterSupplier = (db: Db, application: { projectId: number }) => Promise<LetterSupplement>;
