// The workflow engine (BLUEPRINT section 4, spec 001 sections 3 to 7): one implementation for every action of
// the registry with an application step. An instance moves draft -> letterGenerated (submitted, letter made) ->
// underReview (signed) -> approved | returned (-> update, submit again ...), or cancelled when the applicant
// withdraws it. Each transition is one transaction guarded by the row's version (stale: 409), opening and closing
// the tasks, writing the process log and the audit row; the approval applies the action's effect to the project
// in the same transaction. Who may act: the applicant company's operators on their own instances (another
// company: 404), the exchange (identity 999) reviews and never its own company's; nothing is signed before it is
// submitted. The applicant is the project's owner company, or for the member's actions (intention registration,
// the member's qualification opinion) the member company representing the project. PDF work and object storage
// happen outside the transactions; SMS only after commit (otp service).
import { createHash } from 'node:crypto';
import {
  ACTION_DATA_CLASS,
  ACTION_STATUS_LABELS,
  applyEffect,
  cleanActionForm,
  composeLetter,
  EDITABLE_ACTION_STATUSES,
  WITHDRAWABLE_ACTION_STATUSES,
  findAction,
  formatDate,
  IDENTITY,
  isActionAllowed,
  LETTER_TAG,
  missingAttachmentMessages,
  MSG,
  PROCESS_RESULT_LABELS,
  PROCESS_STEP_LABELS,
  PROJECT_DATA_CLASS,
  SIGNED_LETTER_TAG,
  TASK_TYPE_LABELS,
  validateActionForm,
  validateReturnReason,
  type ActionConfig,
  type ActionForm,
  type ActionView,
  type AttachmentItem,
  type PageResult,
  type ProcessLogRow,
  type ProcessLogStage,
  type ProjectActionRow,
  type ProcessStep,
  type SignOffResult,
  type SignRequest,
  type TaskCounts,
  type TaskListKind,
  type TaskRow,
  type TaskType,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { conflict, forbidden, notFound, refused } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { renderLetter } from '../../platform/pdf/letter.ts';
import { signPdf } from '../../platform/pdf/pades.ts';
import { renderSealPng } from '../../platform/signing/seal.ts';
import { describeOtpCheck } from '../otp/service.ts';
import { toSummary, type ProjectRow, type ProjectsService } from '../projects/service.ts';
import type { SignaturesService } from '../signatures/service.ts';
import * as repo from './repo.ts';

/** A signed-in caller and where the call came from. */
export type Actor = SessionContext & RequestOrigin;

export type WorkflowDeps = Pick<
  ModuleDeps,
  'db' | 'clock' | 'audit' | 'users' | 'otp' | 'attachments' | 'homepage'
> & {
  projects: ProjectsService;
  signatures: Pick<SignaturesService, 'loadSigner'>;
};

export type WorkflowService = ReturnType<typeof createWorkflowService>;

export type TaskListQuery = {
  page: number;
  size: number;
  keyword?: string | undefined;
  family?: string | undefined;
};

/** Seal image resolution: 300 px over the 120 pt seal box prints sharply. */
const SEAL_PX = 300;

function isExchange(actor: Pick<Actor, 'identityType'>): boolean {
  return actor.identityType === IDENTITY.admin;
}

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((e) => (e as { code?: unknown } | null)?.code === '23505');
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

function groupByTag(files: readonly AttachmentItem[]): Record<string, AttachmentItem[]> {
  const byTag: Record<string, AttachmentItem[]> = {};
  for (const file of files) (byTag[file.tag] ??= []).push(file);
  return byTag;
}

export function createWorkflowService(deps: WorkflowDeps) {
  const { db, clock, audit, users, otp, attachments, homepage, projects, signatures } = deps;

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

  const assignee = (actor: Pick<Actor, 'companyId' | 'identityType'>): repo.Assignee => ({
    companyId: actor.companyId,
    identityType: actor.identityType,
  });

  // The task counts on the home page are the task centre's.
  for (const kind of ['todo', 'done', 'launch'] as const) {
    homepage.registerCounter(kind, (session) => repo.countTasks(db, kind, assignee(session)));
  }

  /** Who did it, as the process log keeps it: the person's name and their company's. */
  async function describeActor(actor: Actor): Promise<{ actorName: string; actorCompanyName: string }> {
    const [user, company] = await Promise.all([
      users.findUser(actor.userId),
      users.findCompany(actor.companyId),
    ]);
    return {
      actorName: user?.realName ?? user?.nickname ?? user?.username ?? '',
      actorCompanyName: company?.name ?? '',
    };
  }

  function requireConfig(family: string, action: string): ActionConfig {
    const config = findAction(family, action);
    if (config === undefined) throw notFound();
    return config;
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
    who: { actorName: string; actorCompanyName: string; userId: number },
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

  function openTask(
    tx: Db,
    instance: repo.InstanceRow,
    type: TaskType,
    routeName: string,
  ): Promise<repo.TaskRowDb> {
    const isReview = type === 'Review';
    return repo.insertTask(tx, {
      instanceId: instance.id,
      projectId: instance.projectId,
      companyId: instance.companyId,
      type,
      routeName,
      status: 'open',
      assigneeCompanyId: isReview ? null : instance.companyId,
      assigneeIdentity: isReview ? IDENTITY.admin : null,
    });
  }

  // --- application -------------------------------------------------------------------------------------------

  async function create(
    actor: Actor,
    config: ActionConfig,
    projectId: number,
  ): Promise<{ id: number; version: number }> {
    const project = await projects.findVisible(actor, projectId);
    // Only the action's applicant applies (the project's own company, or for the member's actions the member
    // representing the project), through its family's calls; the exchange reviews.
    const applicantCompanyId = config.applicant === 'agent' ? project.agentCompanyId : project.companyId;
    if (applicantCompanyId !== actor.companyId || project.family !== config.family) throw notFound();
    if (!isActionAllowed(config, project.status)) throw refused(MSG.workflowProjectStatusRefused);
    const key = { projectId, family: config.family, action: config.action };
    if ((await repo.findOpenInstance(db, key)) !== undefined) throw refused(MSG.workflowInstanceOpen);
    try {
      return await db.transaction(async (tx) => {
        const row = await repo.insertInstance(tx, {
          ...key,
          companyId: actor.companyId,
          status: 'draft',
          form: {},
          createdBy: actor.userId,
        });
        await audit.append(tx, {
          ...toAuditActor(actor),
          action: 'workflow.create',
          result: 'ok',
          target: String(row.id),
          detail: key,
        });
        return { id: row.id, version: row.version };
      });
    } catch (error) {
      // Another create of the same project and action won the race: the open-instance index refused this one.
      if (isUniqueViolation(error)) throw refused(MSG.workflowInstanceOpen);
      throw error;
    }
  }

  /** save (draft) and update (draft or returned): the form replaces the stored one. */
  async function saveForm(
    actor: Actor,
    config: ActionConfig,
    input: { id: number; version: number; form: unknown },
    auditAction: 'workflow.save' | 'workflow.update',
  ): Promise<{ id: number; version: number }> {
    const instance = await findOwnInstance(actor, config, input.id);
    if (!EDITABLE_ACTION_STATUSES.includes(instance.status)) throw refused(MSG.workflowNotEditable);
    const message = validateActionForm(config, input.form, 'draft');
    if (message !== null) throw refused(message);
    const form = cleanActionForm(config, input.form as ActionForm);
    return db.transaction(async (tx) => {
      const row = await repo.updateInstanceGuarded(tx, instance.id, input.version, { form });
      if (row === undefined) throw conflict();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: auditAction,
        result: 'ok',
        target: String(row.id),
        detail: { family: config.family, action: config.action, version: row.version },
      });
      return { id: row.id, version: row.version };
    });
  }

  /**
   * Submits a draft or returned instance: the form and the required files are checked, the letter is rendered
   * and stored (tag letter), a new revision is recorded, and the applicant gets the e-signature task.
   */
  async function submit(
    actor: Actor,
    config: ActionConfig,
    input: { id: number; version: number },
  ): Promise<{ id: number; version: number; taskId: number }> {
    const instance = await findOwnInstance(actor, config, input.id);
    if (!EDITABLE_ACTION_STATUSES.includes(instance.status)) throw refused(MSG.workflowNotSubmittable);
    if (instance.version !== input.version) throw conflict();
    const message = validateActionForm(config, instance.form, 'submit');
    if (message !== null) throw refused(message);
    const record = { dataClass: ACTION_DATA_CLASS, dataId: String(instance.id) };
    const files = await attachments.listRelated(actor, record);
    const missing = missingAttachmentMessages(config.attachments, groupByTag(files));
    if (missing[0] !== undefined) throw refused(missing[0]);
    const project = await projects.findVisible(actor, instance.projectId);
    if (!isActionAllowed(config, project.status)) throw refused(MSG.workflowProjectStatusRefused);

    const now = clock.now();
    if (!config.isSigned) return submitUnsigned(actor, config, instance, input.version, now);
    const [who, exchange] = await Promise.all([describeActor(actor), users.findExchangeName()]);
    const letter = await renderLetter(
      composeLetter({
        config,
        form: instance.form,
        project,
        applicant: who.actorCompanyName,
        exchange,
        day: formatDate(now),
      }),
    );
    const letterSha256 = sha256(letter.pdf);
    const stored = await attachments.putBytes(letter.pdf);
    const revisionNo = instance.revisionNo + 1;

    return db.transaction(async (tx) => {
      const file = await attachments.recordGenerated(tx, {
        stored,
        fileName: `${config.letterTitle}（第${revisionNo}版）.pdf`,
        contentType: 'application/pdf',
        ext: 'pdf',
        tag: LETTER_TAG,
        record,
        companyId: instance.companyId,
        createdBy: actor.userId,
      });
      const row = await repo.updateInstanceGuarded(tx, instance.id, input.version, {
        status: 'letterGenerated',
        revisionNo,
        letterId: file.uuid,
        letterSha256,
        letterLayout: { pageIndex: letter.pageIndex, sealRect: letter.sealRect },
        signedLetterId: null,
      });
      if (row === undefined) throw conflict();
      const task = await recordSubmission(tx, actor, config, row, {
        who,
        now,
        letter: { id: file.uuid, sha256: letterSha256 },
        next: 'EicSre',
      });
      return { id: row.id, version: row.version, taskId: task.id };
    });
  }

  /**
   * Submits an action without a letter (the asset handover has application and return screens only): a new
   * revision, and the exchange gets the review task at once.
   */
  async function submitUnsigned(
    actor: Actor,
    config: ActionConfig,
    instance: repo.InstanceRow,
    version: number,
    now: Date,
  ): Promise<{ id: number; version: number; taskId: number }> {
    const who = await describeActor(actor);
    return db.transaction(async (tx) => {
      const row = await repo.updateInstanceGuarded(tx, instance.id, version, {
        status: 'underReview',
        revisionNo: instance.revisionNo + 1,
      });
      if (row === undefined) throw conflict();
      const task = await recordSubmission(tx, actor, config, row, { who, now, letter: null, next: 'Review' });
      return { id: row.id, version: row.version, taskId: task.id };
    });
  }

  /**
   * What every submission records once its instance is updated (row.revisionNo is the new revision): the
   * revision with its form and letter, the return task it answers closed, the next task opened (the applicant's
   * signature, or the exchange's review when there is no letter), the process log and the audit row.
   */
  async function recordSubmission(
    tx: Db,
    actor: Actor,
    config: ActionConfig,
    row: repo.InstanceRow,
    input: {
      who: { actorName: string; actorCompanyName: string };
      now: Date;
      letter: { id: string; sha256: string } | null;
      next: 'EicSre' | 'Review';
    },
  ): Promise<repo.TaskRowDb> {
    await repo.insertRevision(tx, {
      instanceId: row.id,
      companyId: row.companyId,
      no: row.revisionNo,
      form: row.form,
      letterId: input.letter?.id ?? null,
      submittedAt: input.now,
    });
    // A resubmission handles the return task it answers.
    await repo.closeOpenTasks(tx, row.id, {
      status: 'done',
      result: 'resubmitted',
      doneBy: actor.operatorId,
      doneCompanyId: actor.companyId,
      at: input.now,
    });
    const task = await openTask(tx, row, input.next, config.routes.EicSre);
    await writeLog(tx, row, 'submit', { ...input.who, userId: actor.userId }, null);
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'workflow.submit',
      result: 'ok',
      target: String(row.id),
      detail: {
        family: config.family,
        action: config.action,
        revision: row.revisionNo,
        letterSha256: input.letter?.sha256 ?? null,
      },
    });
    return task;
  }

  /**
   * Withdraws an instance not yet signed (draft, letter generated) or returned; its open tasks are cancelled, and
   * a letter waiting for its signature can no longer be signed.
   */
  async function terminate(
    actor: Actor,
    config: ActionConfig,
    input: { id: number; version: number },
  ): Promise<{ id: number; version: number }> {
    const instance = await findOwnInstance(actor, config, input.id);
    if (!WITHDRAWABLE_ACTION_STATUSES.includes(instance.status)) throw refused(MSG.workflowNotWithdrawable);
    const who = await describeActor(actor);
    return db.transaction(async (tx) => {
      const row = await repo.updateInstanceGuarded(tx, instance.id, input.version, { status: 'cancelled' });
      if (row === undefined) throw conflict();
      await repo.closeOpenTasks(tx, row.id, {
        status: 'cancelled',
        result: 'withdrawn',
        doneBy: actor.operatorId,
        doneCompanyId: actor.companyId,
        at: clock.now(),
      });
      await writeLog(tx, row, 'terminate', { ...who, userId: actor.userId }, null);
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'workflow.terminate',
        result: 'ok',
        target: String(row.id),
        detail: { family: config.family, action: config.action },
      });
      return { id: row.id, version: row.version };
    });
  }

  // --- e-signature -------------------------------------------------------------------------------------------

  async function requireOwnMobile(actor: Actor): Promise<string> {
    const user = await users.findUser(actor.userId);
    if (user?.mobile === null || user?.mobile === undefined) throw refused(MSG.mobileNotBound);
    return user.mobile;
  }

  /** An instance of the caller's company awaiting its signature, whatever its action. */
  async function findSignable(
    actor: Actor,
    dataId: number,
  ): Promise<repo.InstanceRow & { letterSha256: string }> {
    const row = await repo.findInstance(db, dataId);
    if (row === undefined || row.companyId !== actor.companyId) throw notFound();
    if (row.status !== 'letterGenerated' || row.letterSha256 === null) throw refused(MSG.workflowNotSignable);
    return { ...row, letterSha256: row.letterSha256 };
  }

  /** Sends a sign code to the caller's own mobile, bound to the sha256 of the instance's current letter. */
  async function sendSignCode(actor: Actor, dataId: number): Promise<{ isSent: boolean }> {
    const instance = await findSignable(actor, dataId);
    const mobile = await requireOwnMobile(actor);
    return otp.issue({
      mobile,
      purpose: 'sign',
      sessionId: actor.sessionId,
      actor: toAuditActor(actor),
      isDelivered: true,
      binding: instance.letterSha256,
    });
  }

  /** Checks a sign code against the instance's letter without using it up. */
  async function checkSignCode(actor: Actor, input: { dataId: number; otp: string }): Promise<void> {
    const instance = await findSignable(actor, input.dataId);
    const mobile = await requireOwnMobile(actor);
    const outcome = await otp.check({
      mobile,
      purpose: 'sign',
      code: input.otp,
      isConsuming: false,
      binding: instance.letterSha256,
    });
    if (outcome !== 'ok') throw refused(describeOtpCheck(outcome));
  }

  /**
   * The applicant e-signs the letter: the code (bound to this letter) is used up, the letter is signed with the
   * company's credential and seal and stored (tag signedLetter, on the instance and on the project), and the
   * exchange gets the review task.
   */
  async function sign(
    actor: Actor,
    config: ActionConfig,
    request: SignRequest,
  ): Promise<{ id: number; version: number }> {
    const instance = await findOwnInstance(actor, config, request.dataId);
    if (
      instance.status !== 'letterGenerated' ||
      instance.letterId === null ||
      instance.letterLayout === null
    ) {
      throw refused(MSG.workflowNotSignable);
    }
    const task = await repo.findTask(db, request.task.id);
    if (task?.instanceId !== instance.id || task.type !== 'EicSre') throw notFound();
    if (task.status !== 'open') throw conflict(MSG.workflowTaskHandled);
    const mobile = await requireOwnMobile(actor);
    // The signer first: a company not enrolled is refused before its code is spent.
    const signer = await signatures.loadSigner(actor.companyId, actor.operatorId);
    if (signer.privateKeyPem === null) throw refused(MSG.signatureNotEnrolled);
    await otp.assertCode({
      mobile,
      purpose: 'sign',
      code: request.otp,
      isConsuming: true,
      binding: instance.letterSha256 ?? undefined,
    });
    const download = await attachments.openDownload(actor, instance.letterId, false);
    const unsigned = await readAll(download.stream);
    // The stored letter must be the one the code was bound to.
    if (sha256(unsigned) !== instance.letterSha256) throw conflict();
    const who = await describeActor(actor);
    const now = clock.now();
    const signed = await signPdf({
      pdf: unsigned,
      signer: {
        certificatePem: signer.certificatePem,
        privateKeyPem: signer.privateKeyPem,
        chainPems: signer.chainPems,
      },
      sealPng: renderSealPng(signer.companySealSvg, SEAL_PX),
      pageIndex: instance.letterLayout.pageIndex,
      rect: instance.letterLayout.sealRect,
      reason: config.letterTitle,
      name: who.actorCompanyName,
      location: '中国',
      signingTime: now,
    });
    const stored = await attachments.putBytes(signed);
    const fileName = `${config.letterTitle}（已签章）.pdf`;

    return db.transaction(async (tx) => {
      const closed = await repo.closeTaskGuarded(tx, task.id, {
        result: 'signed',
        doneBy: actor.operatorId,
        doneCompanyId: actor.companyId,
        at: now,
      });
      if (closed === undefined) throw conflict(MSG.workflowTaskHandled);
      const common = {
        stored,
        fileName,
        contentType: 'application/pdf',
        ext: 'pdf',
        tag: SIGNED_LETTER_TAG,
        companyId: instance.companyId,
        createdBy: actor.userId,
      };
      const file = await attachments.recordGenerated(tx, {
        ...common,
        record: { dataClass: ACTION_DATA_CLASS, dataId: String(instance.id) },
      });
      await attachments.recordGenerated(tx, {
        ...common,
        record: { dataClass: PROJECT_DATA_CLASS, dataId: String(instance.projectId) },
      });
      const row = await repo.updateInstanceGuarded(tx, instance.id, instance.version, {
        status: 'underReview',
        signedLetterId: file.uuid,
      });
      if (row === undefined) throw conflict();
      await openTask(tx, row, 'Review', config.routes.EicSre);
      await writeLog(tx, row, 'sign', { ...who, userId: actor.userId }, null);
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'workflow.sign',
        result: 'ok',
        target: String(row.id),
        detail: {
          family: config.family,
          action: config.action,
          taskId: task.id,
          signedSha256: stored.sha256,
        },
      });
      return { id: row.id, version: row.version };
    });
  }

  // --- review (the exchange) ---------------------------------------------------------------------------------

  /**
   * The exchange passes or returns an instance under review. Pass applies the action's effect to the project;
   * back needs a reason and gives the applicant the return task. A task handled already answers 409.
   */
  async function review(
    actor: Actor,
    request: SignRequest & { result: SignOffResult },
  ): Promise<{ id: number; version: number }> {
    if (!isExchange(actor)) throw forbidden(MSG.workflowReviewerOnly);
    const task = await repo.findTask(db, request.task.id);
    if (task?.instanceId !== request.dataId || task.type !== 'Review') throw notFound();
    if (task.status !== 'open') throw conflict(MSG.workflowTaskHandled);
    const instance = await repo.findInstance(db, task.instanceId);
    if (instance === undefined) throw notFound();
    if (instance.companyId === actor.companyId) throw refused(MSG.workflowSelfReview);
    const config = requireConfig(instance.family, instance.action);
    const isPass = request.result === 'pass';
    const reason = request.reason.trim();
    if (!isPass) {
      const message = validateReturnReason(reason);
      if (message !== null) throw refused(message);
    }
    const who = await describeActor(actor);
    const now = clock.now();

    return db.transaction(async (tx) => {
      const closed = await repo.closeTaskGuarded(tx, task.id, {
        result: request.result,
        doneBy: actor.operatorId,
        doneCompanyId: actor.companyId,
        at: now,
      });
      if (closed === undefined) throw conflict(MSG.workflowTaskHandled);
      if (instance.status !== 'underReview') throw conflict(MSG.workflowTaskHandled);
      const row = await repo.updateInstanceGuarded(tx, instance.id, instance.version, {
        status: isPass ? 'approved' : 'returned',
      });
      if (row === undefined) throw conflict();
      let effect: Record<string, unknown> | null = null;
      if (isPass) {
        const project = await projects.findById(row.projectId, tx);
        if (project === undefined) throw notFound();
        if (!isActionAllowed(config, project.status)) throw refused(MSG.workflowProjectStatusRefused);
        const next = applyEffect(config, project, row.form, now);
        const changed = await projects.updateGuarded(tx, project.id, project.version, {
          status: next.status,
          disclosureStart: next.disclosureStart,
          disclosureEnd: next.disclosureEnd,
          pausedAt: next.pausedAt,
          details: next.details,
        });
        if (changed === undefined) throw conflict();
        effect = describeEffect(project, changed);
      } else {
        await openTask(tx, row, 'MfyRrn', config.routes.MfyRrn);
      }
      await writeLog(
        tx,
        row,
        isPass ? 'pass' : 'back',
        { ...who, userId: actor.userId },
        reason === '' ? null : reason,
      );
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'workflow.review',
        result: request.result,
        target: String(row.id),
        detail: {
          family: config.family,
          action: config.action,
          taskId: task.id,
          reason: reason || null,
          effect,
        },
      });
      return { id: row.id, version: row.version };
    });
  }

  function describeEffect(before: ProjectRow, after: ProjectRow): Record<string, unknown> {
    return {
      projectId: after.id,
      status: [before.status, after.status],
      disclosureEnd: [
        before.disclosureEnd?.toISOString() ?? null,
        after.disclosureEnd?.toISOString() ?? null,
      ],
    };
  }

  // --- views -------------------------------------------------------------------------------------------------

  function fileRef(
    files: readonly AttachmentItem[],
    id: string | null,
  ): { uuid: string; name: string } | null {
    if (id === null) return null;
    const file = files.find((f) => f.uuid === id);
    return file === undefined ? null : { uuid: file.uuid, name: file.name };
  }

  async function show(actor: Actor, config: ActionConfig, id: number): Promise<ActionView> {
    const instance = await findVisibleInstance(actor, config, id);
    const [project, files, revisions, logs, openTasks] = await Promise.all([
      projects.findById(instance.projectId),
      attachments.listRelated(actor, { dataClass: ACTION_DATA_CLASS, dataId: String(instance.id) }),
      repo.listRevisions(db, instance.id),
      repo.listLogsOfInstance(db, instance.id),
      repo.listOpenTasksOfInstance(db, instance.id, assignee(actor)),
    ]);
    if (project === undefined) throw notFound();
    const byTag = groupByTag(files);
    const task = openTasks[0];
    return {
      id: instance.id,
      projectId: instance.projectId,
      family: instance.family,
      action: instance.action,
      actionTitle: config.title,
      status: instance.status,
      statusLabel: ACTION_STATUS_LABELS[instance.status],
      form: instance.form,
      version: instance.version,
      attachments: byTag,
      letter: fileRef(files, instance.letterId),
      signedLetter: fileRef(files, instance.signedLetterId),
      returns: logs
        .filter((log) => log.step === 'back')
        .map((log) => ({ reason: log.reason ?? '', by: log.actorName, at: log.at.toISOString() })),
      revisions: revisions.map((r) => ({ no: r.no, form: r.form, submittedAt: r.submittedAt.toISOString() })),
      project: toSummary(project),
      openTask: task === undefined ? null : { id: task.id, type: task.type, routeName: task.routeName },
    };
  }

  // --- tasks -------------------------------------------------------------------------------------------------

  async function toTaskRows(rows: readonly repo.TaskListRow[]): Promise<TaskRow[]> {
    const names = new Map<number, string>();
    for (const row of rows) {
      if (!names.has(row.task.companyId)) {
        names.set(row.task.companyId, (await users.findCompany(row.task.companyId))?.name ?? '');
      }
    }
    return rows.map(({ task, family, action, projectName, projectCode }) => ({
      id: task.id,
      type: task.type,
      typeLabel: TASK_TYPE_LABELS[task.type],
      actionId: task.instanceId,
      family,
      action,
      actionTitle: findAction(family, action)?.title ?? action,
      projectId: task.projectId,
      projectName,
      projectCode,
      routeName: task.routeName,
      status: task.status,
      applicantCompany: names.get(task.companyId) ?? '',
      createdAt: task.createdAt.toISOString(),
      doneAt: task.doneAt?.toISOString() ?? null,
    }));
  }

  async function listTasks(
    actor: Actor,
    kind: TaskListKind,
    query: TaskListQuery,
  ): Promise<PageResult<TaskRow>> {
    const page = await repo.listTasks(db, { kind, who: assignee(actor), ...query });
    return { list: await toTaskRows(page.list), total: page.total };
  }

  async function countTasks(actor: Actor): Promise<TaskCounts> {
    const who = assignee(actor);
    const [todo, done, launch] = await Promise.all([
      repo.countTasks(db, 'todo', who),
      repo.countTasks(db, 'done', who),
      repo.countTasks(db, 'launch', who),
    ]);
    return { todo, done, launch };
  }

  /** The caller's open tasks of one family and action (the batch screens). */
  async function listBatchTasks(actor: Actor, family: string, action: string): Promise<TaskRow[]> {
    requireConfig(family, action);
    const page = await repo.listTasks(db, {
      kind: 'todo',
      who: assignee(actor),
      family,
      action,
      page: 1,
      size: 100,
    });
    return toTaskRows(page.list);
  }

  /** Whether the tasks can be handled as one batch: several, all open for the caller, of one action and step. */
  async function isBatch(actor: Actor, taskIds: readonly number[]): Promise<boolean> {
    const unique = [...new Set(taskIds)];
    if (unique.length < 2) return false;
    const rows = await repo.listTasksByIds(db, unique);
    if (rows.length !== unique.length) return false;
    const instances = await Promise.all(rows.map((row) => repo.findInstance(db, row.instanceId)));
    const keys = new Set(rows.map((row, i) => `${instances[i]?.family}/${instances[i]?.action}/${row.type}`));
    return keys.size === 1 && rows.every((row) => isOpenFor(actor, row));
  }

  function isOpenFor(actor: Actor, task: repo.TaskRowDb): boolean {
    return (
      task.status === 'open' &&
      (task.assigneeCompanyId === actor.companyId || task.assigneeIdentity === actor.identityType)
    );
  }

  /** BF-7.3: the task is still open for the caller, or 409 (handled by someone else, or never theirs). */
  async function validateTaskStatus(actor: Actor, taskId: number): Promise<void> {
    const task = await repo.findTask(db, taskId);
    if (task === undefined || !isOpenFor(actor, task)) throw conflict(MSG.workflowTaskHandled);
  }

  // --- a project's applications --------------------------------------------------------------------------------

  /** The applications of a project the caller sees, newest first, each with the screen to open it on. */
  async function listProjectActions(actor: Actor, projectId: number): Promise<ProjectActionRow[]> {
    const project = await projects.findVisible(actor, projectId);
    // the applications the caller may open: its own company's (the owner's or the agent member's); the exchange all
    const instances = (await repo.listInstancesOfProject(db, project.id)).filter(
      (instance) => instance.companyId === actor.companyId || isExchange(actor),
    );
    return Promise.all(
      instances.map(async (instance) => {
        const config = findAction(instance.family, instance.action);
        const task = (await repo.listOpenTasksOfInstance(db, instance.id, assignee(actor)))[0];
        const routes = config?.routes;
        const stateRoute =
          routes === undefined
            ? ''
            : instance.status === 'draft'
              ? routes.Aon
              : instance.status === 'returned'
                ? routes.MfyRrn
                : routes.EicSre;
        return {
          id: instance.id,
          action: instance.action,
          actionTitle: config?.title ?? instance.action,
          status: instance.status,
          statusLabel: ACTION_STATUS_LABELS[instance.status],
          createdAt: instance.createdAt.toISOString(),
          updatedAt: instance.updatedAt.toISOString(),
          openTask: task === undefined ? null : { id: task.id, type: task.type, routeName: task.routeName },
          routeName: task?.routeName ?? stateRoute,
        };
      }),
    );
  }

  // --- process logs ------------------------------------------------------------------------------------------

  async function listProcessLog(actor: Actor, projectId: number): Promise<ProcessLogRow[]> {
    const project = await projects.findVisible(actor, projectId);
    const rows = await repo.listLogsOfProject(db, project.id);
    return rows.map((row) => ({
      id: row.id,
      stage: findAction(row.family, row.action)?.title ?? row.action,
      step: row.step,
      stepLabel: PROCESS_STEP_LABELS[row.step as ProcessStep] ?? row.step,
      result: PROCESS_RESULT_LABELS[row.step as ProcessStep] ?? row.step,
      reason: row.reason,
      actorName: row.actorName,
      companyName: row.actorCompanyName,
      at: row.at.toISOString(),
    }));
  }

  /** The process log grouped by application (stage), in the order the applications started. */
  async function listProcessLogStages(actor: Actor, projectId: number): Promise<ProcessLogStage[]> {
    const project = await projects.findVisible(actor, projectId);
    const rows = await repo.listLogsOfProject(db, project.id);
    const logs = await listProcessLog(actor, projectId);
    const stages = new Map<number, ProcessLogStage>();
    rows.forEach((row, i) => {
      const log = logs[i];
      if (log === undefined) return;
      const stage = stages.get(row.instanceId) ?? { stage: log.stage, actionId: row.instanceId, rows: [] };
      stage.rows.push(log);
      stages.set(row.instanceId, stage);
    });
    return [...stages.values()];
  }

  // The first disclosure of a project is applied for from the project form (projects module): it reaches the
  // engine through this gateway, so projects never imports the workflow module.
  projects.registerDisclosure({
    async find(actor, projectId) {
      const project = await projects.findById(projectId);
      if (project === undefined) return null;
      const instance = await repo.findOpenInstance(db, {
        projectId,
        family: project.family,
        action: 'disclosure',
      });
      if (instance === undefined) return null;
      const tasks = await repo.listOpenTasksOfInstance(db, instance.id, {
        companyId: actor.companyId,
        identityType: actor.identityType,
      });
      const task = tasks[0];
      return {
        status: instance.status,
        openTask:
          task === undefined
            ? null
            : { id: task.id, type: task.type, routeName: task.routeName, actionId: instance.id },
      };
    },
    async cancel(actor, projectId) {
      const project = await projects.findById(projectId);
      if (project === undefined) return false;
      const config = requireConfig(project.family, 'disclosure');
      const open = await repo.findOpenInstance(db, {
        projectId,
        family: project.family,
        action: config.action,
      });
      if (open === undefined || !WITHDRAWABLE_ACTION_STATUSES.includes(open.status)) return false;
      await terminate(actor, config, { id: open.id, version: open.version });
      return true;
    },
    async start(actor, project, disclosureDays) {
      const config = requireConfig(project.family, 'disclosure');
      const key = { projectId: project.id, family: project.family, action: config.action };
      // a returned (or an earlier unfinished) application is answered again rather than doubled
      const open = await repo.findOpenInstance(db, key);
      if (open !== undefined && !EDITABLE_ACTION_STATUSES.includes(open.status)) {
        throw refused(MSG.workflowInstanceOpen);
      }
      const created = open ?? (await create(actor, config, project.id));
      const saved = await saveForm(
        actor,
        config,
        { id: created.id, version: created.version, form: { disclosureDays } },
        'workflow.save',
      );
      const submitted = await submit(actor, config, saved);
      return { actionId: submitted.id, taskId: submitted.taskId };
    },
  });

  /** The first disclosure is applied for only from the project form, so its listing rules always run. */
  function refuseDisclosure(config: ActionConfig): void {
    if (config.effect === 'disclosure') throw refused(MSG.projectsDisclosureFromForm);
  }

  return {
    requireConfig,
    create: async (actor: Actor, config: ActionConfig, projectId: number) => {
      refuseDisclosure(config);
      return create(actor, config, projectId);
    },
    save: async (
      actor: Actor,
      config: ActionConfig,
      input: { id: number; version: number; form: unknown },
    ) => {
      refuseDisclosure(config);
      return saveForm(actor, config, input, 'workflow.save');
    },
    update: async (
      actor: Actor,
      config: ActionConfig,
      input: { id: number; version: number; form: unknown },
    ) => {
      refuseDisclosure(config);
      return saveForm(actor, config, input, 'workflow.update');
    },
    submit: async (actor: Actor, config: ActionConfig, input: { id: number; version: number }) => {
      refuseDisclosure(config);
      return submit(actor, config, input);
    },
    terminate,
    show,
    sendSignCode,
    checkSignCode,
    sign,
    review,
    listTasks,
    countTasks,
    listBatchTasks,
    isBatch,
    validateTaskStatus,
    listProcessLog,
    listProcessLogStages,
    listProjectActions,
  };
}
