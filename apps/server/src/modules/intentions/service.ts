// 代理意向登记 (the domain's intentions.ts): a member registers a buyer it represents on a disclosing project,
// draws the registration letter (the deposit the project asks copied into it), e-signs it with the SMS code bound
// to the letter's hash and so submits it; the project's owner gives its opinion, the exchange confirms the
// qualification once the deposit is recorded paid (its amount, the day it arrived and the bank's reference); either
// may return it with a reason, and the member edits, draws and signs again. The member may withdraw before the
// confirmation; a deposit still unpaid at its deadline disqualifies the registration (the housekeeping's step).
// A member registers one buyer per project, and registrations are taken up to the disclosure's last day. One
// qualified buyer takes the project by agreement, two or more bid for it, once the registrations closed and no
// deposit is awaited (the domain's deal rules; settle.ts reads their facts and ends the deal for either way).
//
// Each transition of a registration is one function here (sign, withdraw, review, the deposit's records,
// agree), so whatever must follow a transition is added in one place.
//
// Who sees what: the member its own registrations; the project's owner, the project's agent member and the
// exchange those past signing. Anyone else is answered 404, as for an id that does not exist, and nothing
// changes. Every change is audited in its transaction; a notice is raised in that same transaction.
import { createHash } from 'node:crypto';
import {
  addWorkdays,
  agreementRefusal,
  biddingRefusal,
  canIntention,
  checkDepositReceipt,
  checkIntention,
  checkIntentionReason,
  composeIntentionLetter,
  dealCourse,
  DEADLINE_REMINDER_WORKDAYS,
  DEPOSIT_STATE_LABELS,
  depositStateOf,
  displayCertNo,
  familyLabel,
  formatChineseDate,
  formatDate,
  formatFen,
  formatMessage,
  IDENTITY,
  INTENTION_DATA_CLASS,
  INTENTION_FAMILIES,
  INTENTION_FILE_TAG,
  INTENTION_LETTER_TAG,
  INTENTION_LETTER_TITLE,
  INTENTION_NOTICE_KINDS,
  INTENTION_STATUS_LABELS,
  INTENTION_TRANSITIONS,
  INTENTION_VIEW_ROUTES,
  projectShowRoute,
  intentionReviewNotice,
  intentionShowPath,
  isIntentionFamily,
  isPastSigning,
  isRegistrationOpen,
  MSG,
  participantCertTypeLabel,
  participantKindLabel,
  readProjectForm,
  registrationOpenSince,
  SIGNED_LETTER_TAG,
  type DealCourseView,
  type IntentionDetail,
  type IntentionEvent,
  type IntentionFamily,
  type IntentionReviewResult,
  type IntentionStatus,
  type IntentionView,
  type OpenProject,
  type DealResult,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { ModuleDeps } from '../../module-deps.ts';
import { toAuditActor, type AuditActor } from '../../platform/audit.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import { renderLetter } from '../../platform/pdf/letter.ts';
import type { Viewer } from '../attachments/service.ts';
import type { ProjectRow, ProjectsService } from '../projects/service.ts';
import { createLetterSigning, waitingLetter } from '../signatures/seal-letter.ts';
import type { SignaturesService } from '../signatures/service.ts';
import type { OpenTaskInput, TaskDecider } from '../tasks/service.ts';
import type { WorkflowService } from '../workflow/service.ts';
import * as repo from './repo.ts';
import { listQualified, readDealFacts, settleDeal } from './settle.ts';

export type IntentionsService = ReturnType<typeof createIntentionsService>;

export type IntentionsDeps = Pick<
  ModuleDeps,
  'db' | 'audit' | 'clock' | 'users' | 'otp' | 'attachments' | 'notifications' | 'tasks'
> & {
  signatures: Pick<SignaturesService, 'loadSigner'>;
  projects: Pick<ProjectsService, 'findById' | 'isVisibleTo' | 'lockStatus' | 'updateGuarded'>;
  /** the project's process log, where a deal the exchange confirms is recorded */
  processLog: Pick<WorkflowService, 'recordProjectEvent' | 'describeActor'>;
  /** whether a registry row is one of the member's own customers (the one a registration was filled from) */
  isOwnCustomer: (viewer: SessionContext, id: number) => Promise<boolean>;
};

export type Actor = SessionContext & RequestOrigin;

/** The buyer's fields as the save and update calls carry them (checked by the domain's checkIntention). */
export type IntentionInput = Record<string, unknown> & { customerId?: number | null | undefined };

export type IntentionListQuery = {
  projectId?: number | undefined;
  status?: IntentionStatus | undefined;
  keyword?: string | undefined;
};

/** A deposit's record as typed or as a bank's notice carries it (checked by the domain's checkDepositReceipt). */
export type DepositReceiptInput = { amount?: unknown; arrivedOn?: unknown; reference?: unknown };

/** What the housekeeping's deposit step did: registrations disqualified, members reminded. */
export type DepositDeadlinesReport = { disqualified: number; reminded: number };

/** The most a list or a picker answers (typing narrows them). */
const LIST_LIMIT = 200;
/** The most one housekeeping run handles of each kind; the next run takes the rest. */
const HOUSEKEEPING_BATCH = 1000;

/** The statuses the deadline's pass disqualifies (the reminder is for the same ones). */
const REVIEWING: readonly IntentionStatus[] = INTENTION_TRANSITIONS.disqualify.from;

const isExchange = (viewer: Pick<Viewer, 'identityType'>): boolean => viewer.identityType === IDENTITY.admin;
const isMember = (viewer: Pick<Viewer, 'identityType'>): boolean => viewer.identityType === IDENTITY.member;

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const recordOf = (id: number) => ({ dataClass: INTENTION_DATA_CLASS, dataId: String(id) });

/** The server's own runs (the housekeeping) are audited without a person. */
const SYSTEM_ACTOR: AuditActor = {
  userId: null,
  operatorId: null,
  companyId: null,
  identityType: null,
  ip: null,
  userAgent: null,
};

/** The unique index a write ran into (PostgreSQL's 23505, also when the query layer wraps it), if any. */
function violatedIndex(error: unknown): string | undefined {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause] as ({
    code?: unknown;
    constraint?: unknown;
  } | null)[];
  const violation = candidates.find((e) => e?.code === '23505');
  if (violation === undefined) return undefined;
  return typeof violation?.constraint === 'string' ? violation.constraint : '';
}

/** The index of one registration per member and project (tables.ts). */
const MEMBER_INDEX = 'intention_registrations_member_idx';

/** Whether the viewer sees the registration: the member always, the owner, agent and exchange once signed. */
function canSee(viewer: Pick<Viewer, 'companyId' | 'identityType'>, item: repo.IntentionItem): boolean {
  if (item.companyId === viewer.companyId && isMember(viewer)) return true;
  if (!isPastSigning(item.status)) return false;
  return (
    isExchange(viewer) ||
    item.projectCompanyId === viewer.companyId ||
    (isMember(viewer) && item.projectAgentCompanyId === viewer.companyId)
  );
}

/** The family of a stored registration's project (checked when the registration was made). */
function familyOf(item: Pick<repo.IntentionItem, 'projectFamily'>): IntentionFamily {
  if (!isIntentionFamily(item.projectFamily))
    throw new Error(`not an intention family: ${item.projectFamily}`);
  return item.projectFamily;
}

/** The deposit terms of a project's form: in fen and a calendar day, or null when it asks none. */
function depositTermsOf(project: ProjectRow): { amount: number | null; deadline: string | null } {
  const form = readProjectForm(project) as Record<string, unknown>;
  const amount = typeof form.depositAmount === 'number' && form.depositAmount > 0 ? form.depositAmount : null;
  const deadline = typeof form.depositDeadline === 'string' ? form.depositDeadline : null;
  return { amount, deadline: amount === null ? null : deadline };
}

function listingPriceOf(project: ProjectRow): number | null {
  const price = (readProjectForm(project) as Record<string, unknown>).listingPrice;
  return typeof price === 'number' ? price : null;
}

function toView(item: repo.IntentionItem): IntentionView {
  const family = familyOf(item);
  const depositState = depositStateOf(item);
  return {
    id: item.id,
    projectId: item.projectId,
    projectName: item.projectName,
    projectCode: item.projectCode,
    family,
    viewRoute: INTENTION_VIEW_ROUTES[family],
    memberCompanyId: item.companyId,
    memberName: item.memberName,
    customerId: item.customerId,
    kind: item.kind,
    kindLabel: participantKindLabel(item.kind),
    name: item.name,
    certType: item.certType,
    certTypeLabel: participantCertTypeLabel(item.certType),
    certNo: displayCertNo(item.kind, item.certNo),
    contactName: item.contactName,
    contactMobile: item.contactMobile,
    amount: item.amount,
    note: item.note,
    status: item.status,
    statusLabel: INTENTION_STATUS_LABELS[item.status],
    depositAmount: item.depositAmount,
    depositDeadline: item.depositDeadline,
    depositState,
    depositStateLabel: DEPOSIT_STATE_LABELS[depositState],
    depositPaidAt: item.depositPaidAt?.toISOString() ?? null,
    depositReceivedAmount: item.depositReceivedAmount,
    depositArrivedOn: item.depositArrivedOn,
    depositReference: item.depositReference,
    depositRefundedAt: item.depositRefundedAt?.toISOString() ?? null,
    letterId: item.letterId,
    signedFileId: item.signedFileId,
    signedAt: item.signedAt?.toISOString() ?? null,
    ownerOpinion: item.ownerOpinion,
    ownerReviewedAt: item.ownerReviewedAt?.toISOString() ?? null,
    reviewReason: item.reviewReason,
    reviewedAt: item.reviewedAt?.toISOString() ?? null,
    version: item.version,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

/**
 * Who must decide on a registration in each status (待办任务), and on which screen: the member signs its letter and
 * corrects a returned one; the project's owner gives its opinion, then the exchange confirms the qualification,
 * both on the project's page where the registrations are listed. In the other statuses nobody need act.
 */
function intentionTask(item: repo.IntentionItem, status: IntentionStatus): OpenTaskInput | undefined {
  const family = familyOf(item);
  const common = {
    subject: 'intention' as const,
    subjectId: item.id,
    projectId: item.projectId,
    companyId: item.companyId,
  };
  const onProjectPage = {
    routeName: projectShowRoute(family) ?? 'showproject',
    routeQuery: { id: item.projectId },
  };
  switch (status) {
    case 'letterGenerated':
      return {
        ...common,
        step: 'intentionSign',
        type: 'EicSre',
        routeName: INTENTION_VIEW_ROUTES[family],
        routeQuery: { id: item.id },
        assignee: { companyId: item.companyId },
      };
    case 'submitted':
      return {
        ...common,
        ...onProjectPage,
        step: 'intentionOpinion',
        type: 'Review',
        assignee: { companyId: item.projectCompanyId },
      };
    case 'ownerApproved':
      return {
        ...common,
        ...onProjectPage,
        step: 'intentionConfirm',
        type: 'Review',
        assignee: { identity: IDENTITY.admin },
      };
    case 'returned':
      return {
        ...common,
        step: 'intentionModify',
        type: 'MfyRrn',
        routeName: 'addIntention',
        routeQuery: { id: item.id },
        assignee: { companyId: item.companyId },
      };
    default:
      return undefined;
  }
}

export function createIntentionsService(deps: IntentionsDeps) {
  const { db, audit, clock, users, attachments, notifications, projects, processLog, isOwnCustomer, tasks } =
    deps;
  const letterSigning = createLetterSigning(deps);

  /** The registration moved to `status`: the decision just taken is closed, the one now waiting opened. */
  async function handOn(
    tx: Db,
    item: repo.IntentionItem,
    status: IntentionStatus,
    done: { result: string; decider: TaskDecider; at: Date },
  ): Promise<void> {
    await tasks.advance(tx, { subject: 'intention', subjectId: item.id }, done, intentionTask(item, status));
  }

  async function findRow(dataId: string): Promise<repo.IntentionItem | undefined> {
    const id = Number(dataId);
    return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? repo.findItem(db, id) : undefined;
  }

  // A registration's files are seen by whoever sees the registration, and added by its member while it may be
  // edited (a draft, or returned to it); the drawn and signed letters are the server's own.
  attachments.registerRecordVisibility(INTENTION_DATA_CLASS, async (viewer, record) => {
    const item = await findRow(record.dataId);
    return item !== undefined && canSee(viewer, item);
  });
  attachments.registerRecordWriteRule(INTENTION_DATA_CLASS, async (viewer, record) => {
    const item = await findRow(record.dataId);
    return (
      item !== undefined &&
      item.companyId === viewer.companyId &&
      isMember(viewer) &&
      canIntention('edit', item.status)
    );
  });

  async function findVisible(viewer: Viewer, id: number): Promise<repo.IntentionItem> {
    const item = await repo.findItem(db, id);
    if (item === undefined || !canSee(viewer, item)) throw notFound();
    return item;
  }

  /** The caller's own registration (its member's), ready for `event`; another's: 404; the wrong status: refused. */
  async function findOwn(actor: Viewer, id: number, event: IntentionEvent): Promise<repo.IntentionItem> {
    const item = await repo.findItem(db, id);
    if (item === undefined || item.companyId !== actor.companyId || !isMember(actor)) throw notFound();
    if (!canIntention(event, item.status)) throw refused(MSG.intentionNotAllowed);
    return item;
  }

  /**
   * The project a registration is made on: an intention family's, disclosing and its registration deadline (the
   * disclosure's last day) not passed (checked again when writing).
   */
  async function requireOpenProject(projectId: number): Promise<ProjectRow & { family: IntentionFamily }> {
    const project = await projects.findById(projectId);
    if (project === undefined || !isIntentionFamily(project.family)) {
      throw refused(MSG.intentionProjectNotFound);
    }
    if (!isRegistrationOpen(project, clock.now())) throw refused(MSG.intentionProjectClosed);
    return project as ProjectRow & { family: IntentionFamily };
  }

  /** Inside the writing transaction: the project still taking registrations (its row shared-locked until the commit). */
  async function requireStillOpen(tx: Db, projectId: number): Promise<void> {
    await projects.lockStatus(tx, projectId, 'share');
    const project = await projects.findById(projectId, tx);
    if (project === undefined || !isRegistrationOpen(project, clock.now())) {
      throw refused(MSG.intentionProjectClosed);
    }
  }

  async function writing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // two registrations racing past the checks: the unique indexes decide, the loser is told why
      const index = violatedIndex(error);
      if (index === MEMBER_INDEX) throw refused(MSG.intentionMemberTaken);
      if (index !== undefined) throw refused(MSG.intentionCertNoTaken);
      throw error;
    }
  }

  async function refuseTakenCertNo(tx: Db, projectId: number, certNo: string, selfId?: number) {
    const holder = await repo.findByCertNo(tx, projectId, certNo);
    if (holder !== undefined && holder.id !== selfId) throw refused(MSG.intentionCertNoTaken);
  }

  /** A member represents one buyer of a project (two competing buyers of one member could fix the price). */
  async function refuseSecondOfMember(tx: Db, projectId: number, companyId: number) {
    if ((await repo.findByMember(tx, projectId, companyId)) !== undefined) {
      throw refused(MSG.intentionMemberTaken);
    }
  }

  async function writeAudit(
    tx: Db,
    actor: AuditActor,
    action: string,
    row: Pick<
      repo.IntentionRow,
      | 'id'
      | 'projectId'
      | 'companyId'
      | 'status'
      | 'depositAmount'
      | 'depositPaidAt'
      | 'depositRefundedAt'
      | 'version'
    >,
    detail: Record<string, unknown> = {},
  ): Promise<void> {
    await audit.append(tx, {
      ...toAuditActor(actor),
      action,
      result: 'ok',
      target: String(row.id),
      // the certificate number stays out of the log: the row holds it
      detail: {
        projectId: row.projectId,
        memberCompanyId: row.companyId,
        status: row.status,
        depositState: depositStateOf(row),
        version: row.version,
        ...detail,
      },
    });
  }

  /** Checks the buyer as typed; on an update a blank number keeps the stored one. */
  function readBuyer(input: IntentionInput, stored?: Pick<repo.IntentionRow, 'kind' | 'certType'>) {
    // PostgreSQL text holds no NUL character: one typed in is refused rather than failing the insert (a 500)
    if (Object.values(input).some((value) => typeof value === 'string' && value.includes('\u0000'))) {
      throw refused(MSG.badRequest);
    }
    const checked = checkIntention(input, { stored, now: clock.now() });
    if (checked.message !== null) throw refused(checked.message);
    return checked.value;
  }

  /** POST /api/intention/projects: the disclosing projects open to registrations, newest first. */
  async function openProjects(keyword: string): Promise<OpenProject[]> {
    const since = registrationOpenSince(clock.now());
    const rows = await repo.listOpenProjects(db, INTENTION_FAMILIES, keyword, LIST_LIMIT, since);
    return rows.map((row) => {
      const deposit = depositTermsOf(row);
      return {
        id: row.id,
        name: row.name,
        code: row.code,
        family: row.family,
        familyLabel: familyLabel(row.family),
        listingPrice: listingPriceOf(row),
        depositAmount: deposit.amount,
        depositDeadline: deposit.deadline,
        disclosureEnd: row.disclosureEnd?.toISOString() ?? null,
      };
    });
  }

  /**
   * Whether the viewer may ask about the project's registrations: whoever sees the project (owner, agent member,
   * exchange), and a member on a project open to registrations or one it registered on.
   */
  async function canAskAbout(viewer: Viewer, project: ProjectRow): Promise<boolean> {
    if (!isIntentionFamily(project.family)) return false;
    if (projects.isVisibleTo(viewer, project)) return true;
    if (!isMember(viewer)) return false;
    return project.status === 'disclosing' || (await repo.hasOwnOnProject(db, project.id, viewer.companyId));
  }

  /** POST /api/intention/list: the registrations the viewer sees, newest first. */
  async function list(viewer: Viewer, query: IntentionListQuery): Promise<IntentionView[]> {
    if (query.projectId !== undefined) {
      const project = await projects.findById(query.projectId);
      if (project === undefined || !(await canAskAbout(viewer, project))) throw notFound();
    }
    const rows = await repo.listItems(
      db,
      { companyId: viewer.companyId, isExchange: isExchange(viewer), isMember: isMember(viewer) },
      { ...query, limit: LIST_LIMIT },
    );
    return rows.map(toView);
  }

  /** GET /api/intention/{id}: the registration with its files. */
  async function show(viewer: Viewer, id: number): Promise<IntentionDetail> {
    const item = await findVisible(viewer, id);
    const files = await attachments.listRelated(viewer, recordOf(item.id));
    return { ...toView(item), files: files.filter((file) => file.tag === INTENTION_FILE_TAG) };
  }

  /** The customer a registration is filled from: none, or one of the member's own. */
  async function requireOwnCustomer(actor: Actor, customerId: number | null | undefined): Promise<void> {
    if (customerId === null || customerId === undefined) return;
    if (!(await isOwnCustomer(actor, customerId))) throw refused(MSG.intentionCustomerUnknown);
  }

  /** POST /api/intention/save: a member's draft, adopting the files uploaded under the form's draft id. */
  async function create(
    actor: Actor,
    input: IntentionInput & { projectId: number; createId?: string | undefined },
  ): Promise<{ id: number; version: number }> {
    if (!isMember(actor)) throw refused(MSG.intentionNotMember);
    const buyer = readBuyer(input);
    await requireOwnCustomer(actor, input.customerId);
    const project = await requireOpenProject(input.projectId);
    const certNo = buyer.certNo ?? '';
    return writing(() =>
      db.transaction(async (tx) => {
        await requireStillOpen(tx, project.id);
        await refuseTakenCertNo(tx, project.id, certNo);
        await refuseSecondOfMember(tx, project.id, actor.companyId);
        const row = await repo.insertIntention(tx, {
          ...buyer,
          certNo,
          projectId: project.id,
          companyId: actor.companyId,
          customerId: input.customerId ?? null,
          createdBy: actor.userId,
        });
        if (input.createId !== undefined && input.createId !== '') {
          await attachments.bindDraft(tx, {
            companyId: actor.companyId,
            dataClass: INTENTION_DATA_CLASS,
            createId: input.createId,
            dataId: String(row.id),
          });
        }
        await writeAudit(tx, actor, 'intention.create', row, { amount: row.amount });
        return { id: row.id, version: row.version };
      }),
    );
  }

  /**
   * POST /api/intention/update/{id}: a draft's or a returned registration's buyer replaced (a blank certNo keeps
   * the stored number). A drawn letter no longer matches and goes; the registration stays where it was.
   */
  async function update(
    actor: Actor,
    id: number,
    input: IntentionInput & { version: number },
  ): Promise<{ id: number; version: number }> {
    const item = await findOwn(actor, id, 'edit');
    const buyer = readBuyer(input, item);
    if (input.customerId !== item.customerId) await requireOwnCustomer(actor, input.customerId);
    await requireOpenProject(item.projectId);
    if (item.version !== input.version) throw conflict();
    const certNo = buyer.certNo ?? item.certNo;
    return writing(() =>
      db.transaction(async (tx) => {
        await requireStillOpen(tx, item.projectId);
        await refuseTakenCertNo(tx, item.projectId, certNo, item.id);
        const row = await repo.updateGuarded(
          tx,
          item.id,
          input.version,
          {
            ...buyer,
            certNo,
            customerId: input.customerId === undefined ? item.customerId : input.customerId,
            letterId: null,
            letterSha256: null,
            letterLayout: null,
            updatedAt: clock.now(),
          },
          INTENTION_TRANSITIONS.edit.from,
        );
        if (row === undefined) throw conflict();
        await writeAudit(tx, actor, 'intention.update', row, { amount: row.amount });
        return { id: row.id, version: row.version };
      }),
    );
  }

  /**
   * POST /api/intention/letter/{id}: the registration drawn as its letter for the e-signature, with the deposit
   * the project asks now (what the buyer signs for stays, whatever the project says later).
   */
  async function drawLetter(
    actor: Actor,
    id: number,
    input: { version: number },
  ): Promise<{ id: number; version: number }> {
    const item = await findOwn(actor, id, 'draw');
    const project = await requireOpenProject(item.projectId);
    if (item.version !== input.version) throw conflict();
    const deposit = depositTermsOf(project);
    const now = clock.now();
    const rendered = await renderLetter(
      composeIntentionLetter({
        projectName: project.name,
        projectCode: project.code,
        buyer: item,
        depositAmount: deposit.amount,
        depositDeadline: deposit.deadline,
        member: item.memberName,
        exchange: await users.findExchangeName(),
        at: now,
      }),
    );
    const stored = await attachments.putBytes(rendered.pdf);
    return db.transaction(async (tx) => {
      await requireStillOpen(tx, item.projectId);
      const file = await attachments.recordPdf(tx, {
        stored,
        fileName: `${INTENTION_LETTER_TITLE}（${item.name}）.pdf`,
        tag: INTENTION_LETTER_TAG,
        record: recordOf(item.id),
        companyId: item.companyId,
        createdBy: actor.userId,
      });
      const row = await repo.updateGuarded(
        tx,
        item.id,
        input.version,
        {
          status: 'letterGenerated',
          depositAmount: deposit.amount,
          depositDeadline: deposit.deadline,
          letterId: file.uuid,
          letterSha256: sha256(rendered.pdf),
          letterLayout: { pageIndex: rendered.pageIndex, sealRect: rendered.sealRect },
          updatedAt: now,
        },
        INTENTION_TRANSITIONS.draw.from,
      );
      if (row === undefined) throw conflict();
      await handOn(tx, item, row.status, { result: 'drawn', decider: actor, at: now });
      await writeAudit(tx, actor, 'intention.letter', row, {
        sha256: row.letterSha256,
        depositAmount: row.depositAmount,
        depositDeadline: row.depositDeadline,
      });
      return { id: row.id, version: row.version };
    });
  }

  /** The member's registration with its drawn letter, ready for the code and the seal. */
  async function findSignable(actor: Actor, id: number) {
    const item = await findOwn(actor, id, 'sign');
    return { item, letter: waitingLetter(item, MSG.intentionLetterMissing) };
  }

  /** POST /api/intention/sign/otp/{id} and sign/otp/check/{id}: the sign code bound to the drawn letter. */
  const { sendSignCode, checkSignCode } = letterSigning.codeCallsOf(
    async (actor, id) => (await findSignable(actor, id)).letter.sha256,
  );

  /**
   * POST /api/intention/signature/{id}: the member seals the letter with the code, which submits the
   * registration (the deposit its letter carries is owed since it was drawn; one paid in an earlier round stays
   * paid): the review of an earlier round is cleared, the files are locked, and the project's owner is told.
   */
  async function sign(
    actor: Actor,
    id: number,
    input: { version: number; otp: string },
  ): Promise<{ id: number; version: number }> {
    const { item, letter } = await findSignable(actor, id);
    await requireOpenProject(item.projectId);
    if (item.version !== input.version) throw conflict();
    const now = clock.now();
    const stored = await letterSigning.sign(actor, letter, {
      code: input.otp,
      reason: INTENTION_LETTER_TITLE,
      name: item.memberName,
      at: now,
    });
    return db.transaction(async (tx) => {
      await requireStillOpen(tx, item.projectId);
      const file = await attachments.recordPdf(tx, {
        stored,
        fileName: `${INTENTION_LETTER_TITLE}（${item.name}，已签章）.pdf`,
        // the tag 电签文件 lists, filed for the member: its e-signed files show it
        tag: SIGNED_LETTER_TAG,
        record: recordOf(item.id),
        companyId: item.companyId,
        createdBy: actor.userId,
      });
      const row = await repo.updateGuarded(
        tx,
        item.id,
        input.version,
        {
          status: 'submitted',
          signedFileId: file.uuid,
          signedAt: now,
          ownerOpinion: '',
          ownerReviewedAt: null,
          ownerReviewedBy: null,
          reviewReason: '',
          reviewedAt: null,
          reviewedBy: null,
          updatedAt: now,
        },
        INTENTION_TRANSITIONS.sign.from,
      );
      if (row === undefined) throw conflict();
      await handOn(tx, item, row.status, { result: 'signed', decider: actor, at: now });
      await attachments.lockRecord(tx, recordOf(row.id));
      const params = { name: row.name, project: item.projectName };
      await notifications.raise(tx, {
        companyId: item.projectCompanyId,
        kind: INTENTION_NOTICE_KINDS.submitted,
        title: formatMessage(MSG.intentionSubmittedTitle, params),
        body: formatMessage(MSG.intentionSubmittedBody, params),
        link: intentionShowPath(familyOf(item), row.id),
        createdAt: now,
      });
      await writeAudit(tx, actor, 'intention.sign', row, { signedSha256: stored.sha256 });
      return { id: row.id, version: row.version };
    });
  }

  /**
   * POST /api/intention/withdraw/{id}: the member withdraws before the confirmation; a paid deposit is then owed
   * back (depositStateOf), and the member may register another buyer on the project.
   */
  async function withdraw(
    actor: Actor,
    id: number,
    input: { version: number },
  ): Promise<{ id: number; version: number }> {
    const item = await findOwn(actor, id, 'withdraw');
    if (item.version !== input.version) throw conflict();
    return db.transaction(async (tx) => {
      const row = await repo.updateGuarded(
        tx,
        item.id,
        input.version,
        { status: 'withdrawn', updatedAt: clock.now() },
        INTENTION_TRANSITIONS.withdraw.from,
      );
      if (row === undefined) throw conflict();
      await tasks.cancel(
        tx,
        { subject: 'intention', subjectId: row.id },
        { result: 'withdrawn', decider: actor, at: row.updatedAt },
      );
      await writeAudit(tx, actor, 'intention.withdraw', row);
      return { id: row.id, version: row.version };
    });
  }

  /** A registration the exchange acts on: one past signing (the exchange never sees the others). */
  async function findForExchange(actor: Viewer, id: number): Promise<repo.IntentionItem> {
    if (!isExchange(actor)) throw notFound();
    const item = await repo.findItem(db, id);
    if (item === undefined || !isPastSigning(item.status)) throw notFound();
    return item;
  }

  /**
   * The deposit recorded arrived, by the exchange's hand or a bank's notice (`recorder`: whoever the audit names;
   * without a version the current one), with its record: the amount (the one owed, else refused), the day it
   * arrived (not after today) and the bank's reference. Money that arrives for a registration out of the race
   * (withdrawn, disqualified) is owed back at once (depositStateOf).
   */
  async function markDepositPaid(
    recorder: AuditActor,
    item: repo.IntentionItem,
    input: DepositReceiptInput & { version: number },
    source: 'exchange' | 'bank',
  ): Promise<{ id: number; version: number }> {
    if (depositStateOf(item) !== 'unpaid' || item.depositAmount === null) {
      throw refused(MSG.intentionDepositNotDue);
    }
    const now = clock.now();
    const checked = checkDepositReceipt(input, item.depositAmount, formatDate(now));
    if (checked.message !== null) throw refused(checked.message);
    if (item.version !== input.version) throw conflict();
    const receipt = checked.value;
    return db.transaction(async (tx) => {
      const row = await repo.updateGuarded(tx, item.id, input.version, {
        depositPaidAt: now,
        depositPaidBy: recorder.operatorId,
        depositReceivedAmount: receipt.amount,
        depositArrivedOn: receipt.arrivedOn,
        depositReference: receipt.reference,
        updatedAt: now,
      });
      if (row === undefined) throw conflict();
      await writeAudit(tx, recorder, 'intention.deposit', row, {
        amount: receipt.amount,
        arrivedOn: receipt.arrivedOn,
        reference: receipt.reference,
        source,
      });
      return { id: row.id, version: row.version };
    });
  }

  /** POST /api/intention/deposit/{id}: the exchange records the deposit arrived, with its record. */
  async function recordDeposit(
    actor: Actor,
    id: number,
    input: DepositReceiptInput & { version: number },
  ): Promise<{ id: number; version: number }> {
    return markDepositPaid(actor, await findForExchange(actor, id), input, 'exchange');
  }

  /**
   * A bank's notice that the deposit of registration `id` arrived, with the bank's record (an adapter's call: no
   * session, the audit names the adapter's operator if it has one); judged as the exchange's record is. Unknown or
   * unsigned registrations: 404.
   */
  async function recordDepositNotice(
    recorder: AuditActor,
    id: number,
    input: DepositReceiptInput & { version?: number | undefined },
  ): Promise<{ id: number; version: number }> {
    const item = await repo.findItem(db, id);
    if (item === undefined || !isPastSigning(item.status)) throw notFound();
    return markDepositPaid(recorder, item, { ...input, version: input.version ?? item.version }, 'bank');
  }

  /** POST /api/intention/deposit/refund/{id}: the exchange records a deposit paid back. */
  async function recordRefund(
    actor: Actor,
    id: number,
    input: { version: number },
  ): Promise<{ id: number; version: number }> {
    const item = await findForExchange(actor, id);
    if (depositStateOf(item) !== 'refunding') throw refused(MSG.intentionDepositNotRefunding);
    if (item.version !== input.version) throw conflict();
    const now = clock.now();
    return db.transaction(async (tx) => {
      const row = await repo.updateGuarded(tx, item.id, input.version, {
        depositRefundedAt: now,
        depositRefundedBy: actor.operatorId,
        updatedAt: now,
      });
      if (row === undefined) throw conflict();
      await writeAudit(tx, actor, 'intention.refund', row, { amount: row.depositAmount });
      return { id: row.id, version: row.version };
    });
  }

  /**
   * POST /api/intention/review/{id}: the owner's opinion on a submitted registration (pass: ownerApproved), then
   * the exchange's confirmation of an owner-approved one (pass: qualified, once the deposit is not unpaid); either
   * returns it with a reason. The member is told of a return and of the confirmation.
   */
  async function review(
    actor: Actor,
    id: number,
    input: { version: number; result: IntentionReviewResult; reason?: string | undefined },
  ): Promise<{ id: number; version: number }> {
    const item = await repo.findItem(db, id);
    if (item === undefined || !isPastSigning(item.status)) throw notFound();
    const byExchange = isExchange(actor);
    if (!byExchange && item.projectCompanyId !== actor.companyId) throw notFound();
    // reviewed by someone else since the reviewer was shown it: the task was handled, nothing changes
    if (item.version !== input.version) throw conflict(MSG.workflowTaskHandled);
    const from: IntentionStatus = byExchange ? 'ownerApproved' : 'submitted';
    if (item.status !== from) throw refused(MSG.intentionNotAllowed);
    const reason = (input.reason ?? '').trim();
    const message = checkIntentionReason(input.result, reason);
    if (message !== null) throw refused(message);
    const isPassed = input.result === 'pass';
    if (byExchange && isPassed && depositStateOf(item) === 'unpaid')
      throw refused(MSG.intentionDepositUnpaid);
    const now = clock.now();
    const status: IntentionStatus = !isPassed ? 'returned' : byExchange ? 'qualified' : 'ownerApproved';
    const patch: repo.IntentionPatch = byExchange
      ? { status, reviewReason: reason, reviewedAt: now, reviewedBy: actor.operatorId, updatedAt: now }
      : {
          status,
          ownerOpinion: reason,
          ownerReviewedAt: now,
          ownerReviewedBy: actor.operatorId,
          // a return's reason is what the member reads
          ...(isPassed ? {} : { reviewReason: reason }),
          updatedAt: now,
        };
    return db.transaction(async (tx) => {
      const row = await repo.updateGuarded(tx, item.id, input.version, patch, [from]);
      if (row === undefined) throw conflict(MSG.workflowTaskHandled);
      await handOn(tx, item, row.status, { result: input.result, decider: actor, at: now });
      // the owner's pass is a step of the review, not its answer: the member hears of returns and the confirmation
      if (!isPassed || byExchange) {
        await notifications.raise(tx, {
          companyId: row.companyId,
          ...intentionReviewNotice({
            id: row.id,
            family: familyOf(item),
            name: row.name,
            projectName: item.projectName,
            isPassed,
            reason,
          }),
          createdAt: now,
        });
      }
      await writeAudit(tx, actor, 'intention.review', row, {
        by: byExchange ? 'exchange' : 'owner',
        result: input.result,
        reason,
      });
      return { id: row.id, version: row.version };
    });
  }

  /**
   * GET /api/intention/course/{projectId}: the deal's course the qualified registrations lead to, and whether the
   * exchange may take its step now (open the hall, confirm the agreement) or why not: the same rules its calls
   * apply, so the page's disabled button says what the call would answer.
   */
  async function course(viewer: Viewer, projectId: number): Promise<DealCourseView> {
    const project = await projects.findById(projectId);
    if (project === undefined || !(await canAskAbout(viewer, project))) throw notFound();
    const qualified = await repo.countQualified(db, project.id);
    const kind = dealCourse(qualified);
    const facts = await readDealFacts(db, project);
    const now = clock.now();
    const reason =
      kind === 'bidding'
        ? biddingRefusal(facts, now)
        : kind === 'agreement'
          ? agreementRefusal(facts, now)
          : null;
    return {
      course: kind,
      qualified,
      canOpenBidding: kind === 'bidding' && reason === null,
      canAgree: kind === 'agreement' && reason === null,
      reason,
    };
  }

  /**
   * POST /api/intention/agreement/{projectId}: the exchange confirms the deal with the project's one qualified
   * buyer at the listing price (协议转让), once the registrations closed with the disclosure and no deposit is
   * awaited (agreementRefusal, judged with the project's row locked): the registration won (its deposit applied to
   * the price), the deal kept in the project's details, from which its contract starts, the project 待签约 and the
   * confirmation in its process log. Two or more qualified buyers bid instead.
   */
  async function agree(actor: Actor, projectId: number): Promise<DealResult> {
    if (!isExchange(actor)) throw notFound();
    const found = await projects.findById(projectId);
    if (found === undefined || !isIntentionFamily(found.family)) throw notFound();
    const price = listingPriceOf(found);
    if (price === null) throw refused(MSG.intentionAgreementNoPrice);
    const now = clock.now();
    const logActor = { userId: actor.userId, ...(await processLog.describeActor(actor)) };
    return db.transaction(async (tx) => {
      await projects.lockStatus(tx, projectId, 'update');
      const project = await projects.findById(projectId, tx);
      if (project === undefined) throw notFound();
      const refusal = agreementRefusal(await readDealFacts(tx, project), now);
      if (refusal !== null) throw refused(refusal);
      const [only] = await listQualified(tx, projectId);
      if (only === undefined) throw refused(MSG.intentionAgreementNotOne);
      const settled = await settleDeal(
        tx,
        projectId,
        only.id,
        { source: 'agreement', dealPrice: price, decidedAt: now },
        { notifications, projects, processLog, audit, at: now, actor: toAuditActor(actor), logActor },
      );
      return settled.dealResult;
    });
  }

  /**
   * The housekeeping's step: a deposit still unpaid after its deadline (a calendar day in +08:00; the clock's
   * today after it) disqualifies its registration, and the member is told; a deposit due within
   * DEADLINE_REMINDER_WORKDAYS working days is told to the member once.
   */
  async function remindDepositDeadlines(): Promise<DepositDeadlinesReport> {
    const now = clock.now();
    const today = formatDate(now);
    let disqualified = 0;
    for (const item of await repo.listOverdueDeposits(db, today, HOUSEKEEPING_BATCH)) {
      const params = { name: item.name, project: item.projectName };
      const isChanged = await db.transaction(async (tx) => {
        const row = await repo.updateGuarded(
          tx,
          item.id,
          item.version,
          { status: 'disqualified', updatedAt: now },
          REVIEWING,
        );
        // changed since it was read (paid, withdrawn): the next run judges it again
        if (row === undefined) return false;
        await tasks.cancel(
          tx,
          { subject: 'intention', subjectId: row.id },
          { result: 'disqualified', decider: null, at: now },
        );
        await notifications.raise(tx, {
          companyId: row.companyId,
          kind: INTENTION_NOTICE_KINDS.deposit,
          title: formatMessage(MSG.intentionDisqualifiedTitle, params),
          body: formatMessage(MSG.intentionDisqualifiedBody, params),
          link: intentionShowPath(familyOf(item), row.id),
          createdAt: now,
        });
        await writeAudit(tx, SYSTEM_ACTOR, 'intention.disqualify', row, {
          depositDeadline: row.depositDeadline,
        });
        return true;
      });
      if (isChanged) disqualified += 1;
    }
    const until = formatDate(addWorkdays(now, DEADLINE_REMINDER_WORKDAYS).date);
    let reminded = 0;
    for (const item of await repo.listDepositsDue(db, today, until, HOUSEKEEPING_BATCH)) {
      const params = {
        name: item.name,
        project: item.projectName,
        deadline: formatChineseDate(item.depositDeadline ?? today),
        amount: formatFen(item.depositAmount),
      };
      const isTold = await db.transaction((tx) =>
        notifications.raiseOnce(tx, {
          companyId: item.companyId,
          kind: INTENTION_NOTICE_KINDS.deposit,
          title: formatMessage(MSG.intentionDepositDueTitle, params),
          body: formatMessage(MSG.intentionDepositDueBody, params),
          link: intentionShowPath(familyOf(item), item.id),
          createdAt: now,
        }),
      );
      if (isTold) reminded += 1;
    }
    return { disqualified, reminded };
  }

  return {
    openProjects,
    list,
    show,
    create,
    update,
    drawLetter,
    sendSignCode,
    checkSignCode,
    sign,
    withdraw,
    recordDeposit,
    recordDepositNotice,
    recordRefund,
    review,
    course,
    remindDepositDeadlines,
    agree,
  };
}
