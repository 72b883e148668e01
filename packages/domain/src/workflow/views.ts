// The answers of the workflow and project calls (workflow contract, issue 6), shared by the server's route
// schemas and the web's screens. Times are ISO 8601.
import type { AttachmentItem } from '../api.ts';
import type { ActionForm } from './actions.ts';
import type { ActionStatus, ProjectStatus, TaskStatus, TaskType } from './statuses.ts';

export type FileRef = { uuid: string; name: string };

export type ProjectSummary = {
  id: number;
  name: string;
  code: string;
  status: ProjectStatus;
  statusLabel: string;
};

export type ProjectView = ProjectSummary & {
  family: string;
  businessType: string;
  companyId: number;
  companyName: string;
  /** the member company representing the project, or null */
  agentCompanyId: number | null;
  agentCompanyName: string | null;
  disclosureStart: string | null;
  disclosureEnd: string | null;
  pausedAt: string | null;
  version: number;
  details: Record<string, unknown>;
  /** the project's own files by tag (the approval of a price, the approval of the transfer ...) */
  attachments: Record<string, AttachmentItem[]>;
  /** the signed letters of the project's approved and pending actions */
  signedLetters: FileRef[];
};

export type ActionView = {
  id: number;
  projectId: number;
  family: string;
  action: string;
  actionTitle: string;
  status: ActionStatus;
  statusLabel: string;
  form: ActionForm;
  version: number;
  attachments: Record<string, AttachmentItem[]>;
  letter: FileRef | null;
  signedLetter: FileRef | null;
  returns: { reason: string; by: string; at: string }[];
  revisions: { no: number; form: ActionForm; submittedAt: string }[];
  project: ProjectSummary;
  /** the caller's open task on the instance */
  openTask: { id: number; type: TaskType; routeName: string } | null;
};

export type TaskRow = {
  id: number;
  type: TaskType;
  typeLabel: string;
  actionId: number;
  family: string;
  action: string;
  actionTitle: string;
  projectId: number;
  projectName: string;
  projectCode: string;
  routeName: string;
  status: TaskStatus;
  applicantCompany: string;
  createdAt: string;
  doneAt: string | null;
};

export type TaskCounts = { todo: number; done: number; launch: number };

export type ProcessLogRow = {
  id: number;
  /** the action's title */
  stage: string;
  step: string;
  stepLabel: string;
  result: string;
  reason: string | null;
  actorName: string;
  companyName: string;
  at: string;
};

export type ProcessLogStage = { stage: string; actionId: number; rows: ProcessLogRow[] };

export type ProjectListItem = ProjectSummary & {
  family: string;
  companyName: string;
  disclosureEnd: string | null;
};

/** GET /api/project/{id}/actions: one application of the project, newest first, with where to open it. */
export type ProjectActionRow = {
  id: number;
  action: string;
  actionTitle: string;
  status: ActionStatus;
  statusLabel: string;
  createdAt: string;
  updatedAt: string;
  /** the caller's open task on it, if any */
  openTask: { id: number; type: TaskType; routeName: string } | null;
  /** the screen that shows it: the caller's task's, else the one of its state */
  routeName: string;
};
