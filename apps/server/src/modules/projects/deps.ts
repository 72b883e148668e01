// What the projects module's use cases are given (service.ts wires them): the platform's services, the appraisal
// firms' side of a project (evaluations.ts) and the workflow engine's side of the disclosures, which the engine
// registers after this module is made (no cycle); and the types their calls carry.
import type {
  ActionStatus,
  DisclosureStage,
  ProjectFormView,
  ProjectListSort,
  ProjectStatus,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import type { OtcClient } from '../../platform/otc.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { DictionariesService } from '../dictionaries/service.ts';
import type { HomepageService } from '../homepage/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { TasksService } from '../tasks/service.ts';
import type { UsersService } from '../users/service.ts';
import type { Viewer, AttachmentsService } from '../attachments/service.ts';
import type { createEvaluations } from './evaluations.ts';
import type * as repo from './repo.ts';

export type ProjectRow = repo.ProjectRow;
export type ProjectPatch = repo.ProjectPatch;

/** What createProjectsService is given. */
export type ProjectsServiceDeps = Pick<PlatformDeps, 'db' | 'clock' | 'log'> & {
  users: UsersService;
  attachments: AttachmentsService;
  audit: AuditService;
  homepage: HomepageService;
  dictionaries: DictionariesService;
  notifications: NotificationsService;
  tasks: TasksService;
  /** the exchange's trading system; absent when the portal is not connected to one */
  otc?: OtcClient | undefined;
};

/**
 * Told of every change of a project row, in the transaction that made it (the public disclosure site publishes
 * from it): a module that keeps something derived from projects registers one with `onChanged`.
 */
export type ProjectChangeListener = (tx: Db, row: ProjectRow) => Promise<void>;

/** Tells the listeners of a changed row, in order, in the caller's transaction. */
export async function announceChange(deps: Pick<ProjectsDeps, 'changeListeners'>, tx: Db, row: ProjectRow) {
  for (const listener of deps.changeListeners) await listener(tx, row);
}

/** The deps of the use cases: the module's, its appraisal engagements and the engine's disclosures once registered. */
export type ProjectsDeps = ProjectsServiceDeps & {
  evaluations: ReturnType<typeof createEvaluations>;
  changeListeners: ProjectChangeListener[];
  /** set by registerDisclosure; undefined until the workflow engine registers it */
  disclosure: { gateway: DisclosureGateway | undefined };
};

export type ProjectListQuery = {
  page: number;
  size: number;
  keyword?: string | undefined;
  status?: ProjectStatus | undefined;
  family?: string | undefined;
  /** any of these (我的项目 narrowed to the projects a screen's action can start on) */
  statuses?: readonly ProjectStatus[] | undefined;
  families?: readonly string[] | undefined;
  sort?: ProjectListSort | undefined;
};

/** A signed-in caller and where the call came from (the workflow engine's actor). */
export type SessionActor = SessionContext & RequestOrigin;

/** The disclosure applications a project form submits: the pre-disclosure and the formal disclosure. */
export type DisclosureAction = 'preDisclosure' | 'disclosure';

/** The action a submission of `stage` applies for. */
export const DISCLOSURE_ACTION_OF: Record<DisclosureStage, DisclosureAction> = {
  pre: 'preDisclosure',
  formal: 'disclosure',
};

type OpenTask = NonNullable<ProjectFormView['openTask']>;

/** The workflow engine's side of the disclosures applied for from the form, registered by the engine (no cycle). */
export type DisclosureGateway = {
  /** the project's open disclosure application (either stage), with the caller's open task on it */
  find(
    actor: Viewer,
    projectId: number,
  ): Promise<{ action: DisclosureAction; status: ActionStatus; openTask: OpenTask | null } | null>;
  /** withdraws the open disclosure application before it is signed (or while returned); false when none */
  cancel(actor: SessionActor, projectId: number): Promise<boolean>;
  /** creates (or reuses a returned) application of `action` and submits it: letter made, e-signature task open */
  start(
    actor: SessionActor,
    project: ProjectRow,
    input: { action: DisclosureAction; days: number },
  ): Promise<{ actionId: number; taskId: number }>;
};
