// The answers of the workflow and project calls (workflow contract, issue 6): one zod schema each, which the
// server's routes answer through, and its type, which the web's screens read, so that both are checked against the
// same declaration. Times are ISO 8601. The schemas of the statuses are here rather than in statuses.ts, which the
// web's route table loads before any zod is needed.
import { z } from 'zod';
import { ZAttachmentItem } from '../attachment-item.ts';
import { ZActionForm } from './action-forms.ts';
import { TASK_SUBJECT } from '../tasks.ts';
import { ACTION_STATUS, PROJECT_STATUS, TASK_STATUS, TASK_TYPE } from './statuses.ts';

export const zProjectStatus = z.enum(PROJECT_STATUS);
export const zActionStatus = z.enum(ACTION_STATUS);
export const zTaskType = z.enum(TASK_TYPE);
export const zTaskStatus = z.enum(TASK_STATUS);

/** A project's or an instance's files by tag. */
export const zAttachmentsByTag = z.record(z.string(), z.array(ZAttachmentItem));

export const ZFileRef = z.object({ uuid: z.string(), name: z.string() });

export type FileRef = z.infer<typeof ZFileRef>;

export const ZProjectSummary = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  status: zProjectStatus,
  statusLabel: z.string(),
});

export type ProjectSummary = z.infer<typeof ZProjectSummary>;

export const ZProjectView = ZProjectSummary.extend({
  family: z.string(),
  businessType: z.string(),
  companyId: z.number(),
  companyName: z.string(),
  /** the member company representing the project, or null */
  agentCompanyId: z.number().nullable(),
  agentCompanyName: z.string().nullable(),
  disclosureStart: z.string().nullable(),
  disclosureEnd: z.string().nullable(),
  pausedAt: z.string().nullable(),
  version: z.number(),
  details: z.record(z.string(), z.unknown()),
  /** the project's own files by tag (the approval of a price, the approval of the transfer ...) */
  attachments: zAttachmentsByTag,
  /** the signed letters of the project's approved and pending actions */
  signedLetters: z.array(ZFileRef),
});

export type ProjectView = z.infer<typeof ZProjectView>;

/** A task of the caller's, open on an instance, with the screen it opens. */
const ZOpenTask = z.object({ id: z.number(), type: zTaskType, routeName: z.string() });

export const ZActionView = z.object({
  id: z.number(),
  projectId: z.number(),
  family: z.string(),
  action: z.string(),
  actionTitle: z.string(),
  status: zActionStatus,
  statusLabel: z.string(),
  form: ZActionForm,
  version: z.number(),
  attachments: zAttachmentsByTag,
  letter: ZFileRef.nullable(),
  signedLetter: ZFileRef.nullable(),
  returns: z.array(z.object({ reason: z.string(), by: z.string(), at: z.string() })),
  revisions: z.array(
    z.object({
      no: z.number(),
      form: ZActionForm,
      /** the project's form as submitted with this revision (null for revisions older than the record) */
      projectForm: z.record(z.string(), z.unknown()).nullable(),
      submittedAt: z.string(),
    }),
  ),
  project: ZProjectSummary,
  /** the caller's open task on the instance */
  openTask: ZOpenTask.nullable(),
});

export type ActionView = z.infer<typeof ZActionView>;

export const ZTaskRow = z.object({
  id: z.number(),
  type: zTaskType,
  typeLabel: z.string(),
  /** what the task is about (tasks.ts TASK_SUBJECT) and that record's id */
  subject: z.enum(TASK_SUBJECT),
  subjectId: z.number(),
  /** the workflow application's id, for the engine's tasks; null for the other subjects' */
  actionId: z.number().nullable(),
  /** the project's family, for the tasks about a project */
  family: z.string().nullable(),
  action: z.string().nullable(),
  /** 业务类型: the application's title, or the step's (开户审核, 意向登记资格审核 ...) */
  actionTitle: z.string(),
  projectId: z.number().nullable(),
  /** the project's name, or for a task about no project the name of what it is about (the applicant company) */
  projectName: z.string(),
  projectCode: z.string(),
  routeName: z.string(),
  /** the task's screen (taskPath) */
  path: z.string(),
  status: zTaskStatus,
  applicantCompany: z.string(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});

export type TaskRow = z.infer<typeof ZTaskRow>;

export const ZTaskCounts = z.object({ todo: z.number(), done: z.number(), launch: z.number() });

export type TaskCounts = z.infer<typeof ZTaskCounts>;

export const ZProcessLogRow = z.object({
  id: z.number(),
  /** the action's title */
  stage: z.string(),
  step: z.string(),
  stepLabel: z.string(),
  result: z.string(),
  reason: z.string().nullable(),
  actorName: z.string(),
  companyName: z.string(),
  at: z.string(),
});

export type ProcessLogRow = z.infer<typeof ZProcessLogRow>;

export const ZProcessLogStage = z.object({
  stage: z.string(),
  actionId: z.number(),
  rows: z.array(ZProcessLogRow),
});

export type ProcessLogStage = z.infer<typeof ZProcessLogStage>;

export const ZProjectListItem = ZProjectSummary.extend({
  family: z.string(),
  companyName: z.string(),
  disclosureEnd: z.string().nullable(),
});

export type ProjectListItem = z.infer<typeof ZProjectListItem>;

/** GET /api/project/{id}/actions: one application of the project, newest first, with where to open it. */
export const ZProjectActionRow = z.object({
  id: z.number(),
  action: z.string(),
  actionTitle: z.string(),
  status: zActionStatus,
  statusLabel: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** the caller's open task on it, if any */
  openTask: ZOpenTask.nullable(),
  /** the screen that shows it: the caller's task's, else the one of its state */
  routeName: z.string(),
});

export type ProjectActionRow = z.infer<typeof ZProjectActionRow>;
