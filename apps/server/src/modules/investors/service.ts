// The investors of a capital increase (projects/investors.ts of the domain): registered by the project's owner or by
// a member for its customer while the project is disclosing, saved as drafts, submitted with their qualification
// files, audited by the exchange (passed, or refused with a reason the registrant is told), and chosen by the
// owner in the selection result once every submission is audited. The agreement (the engine's contract action)
// needs a selection; app.ts wires that check into the engine.
//
// Who sees what: the registering company its own investors (drafts too); the project's owner and the exchange every
// submitted investor of the project; nobody else anything (404, as for an id that does not exist). Who changes
// what: the registrant its drafts; the exchange the audit; the owner the selection.
import {
  CAPITAL_INCREASE_FAMILIES,
  checkInvestor,
  checkInvestorAuditReason,
  checkSelection,
  displayCertNo,
  IDENTITY,
  INVESTOR_ATTACHMENTS,
  INVESTOR_DATA_CLASS,
  INVESTOR_EDITABLE_STATUSES,
  INVESTOR_REGISTRATION_STATUSES,
  INVESTOR_SELECTABLE_STATUSES,
  INVESTOR_SELECTION_STATUSES,
  investorStatusLabel,
  missingAttachmentMessages,
  MSG,
  formatMessage,
  participantCertTypeLabel,
  readProjectForm,
  type InvestorCustomer,
  type InvestorView,
  type OpenCapitalIncrease,
  type ParticipantCertType,
  type ParticipantKind,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import { conflict, forbidden, notFound, refused } from '../../platform/errors.ts';
import type { ModuleDeps } from '../../module-deps.ts';
import type { Actor, Viewer } from '../attachments/service.ts';
import type { ProjectRow, ProjectsService } from '../projects/service.ts';
import type { RegistryCustomer } from '../registries/customers.ts';
import * as repo from './repo.ts';

export type InvestorsService = ReturnType<typeof createInvestorsService>;

const isExchange = (viewer: Pick<Viewer, 'identityType'>): boolean => viewer.identityType === IDENTITY.admin;
const isMember = (viewer: Pick<Viewer, 'identityType'>): boolean => viewer.identityType === IDENTITY.member;

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((e) => (e as { code?: unknown } | null)?.code === '23505');
}

/** The plan's figures the checks need, read from the project's stored form. */
function planOf(project: ProjectRow): {
  offeredShare: number | undefined;
  investorCount: number | undefined;
  raiseMin: number | undefined;
  raiseMax: number | undefined;
  enterpriseName: string | undefined;
} {
  const form = readProjectForm(project) as Record<string, unknown>;
  const num = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return {
    offeredShare: num(form.offeredShare),
    investorCount: num(form.investorCount),
    raiseMin: num(form.raiseMin),
    raiseMax: num(form.raiseMax),
    enterpriseName: typeof form.enterpriseName === 'string' ? form.enterpriseName : undefined,
  };
}

export function createInvestorsService(
  deps: Pick<
    ModuleDeps,
    'db' | 'audit' | 'clock' | 'attachments' | 'dictionaries' | 'notifications' | 'users' | 'tasks'
  > & {
    projects: ProjectsService;
    /** the caller's 企业客户 and 自然人客户 (the registries module) */
    customers?: (viewer: Viewer, keyword: string) => Promise<RegistryCustomer[]>;
  },
) {
  const { db, audit, clock, attachments, dictionaries, notifications, users, projects, customers, tasks } =
    deps;

  // An investor's files are seen by whoever sees the investor, and added by its registrant while it is a draft.
  attachments.registerRecordVisibility(INVESTOR_DATA_CLASS, async (viewer, record) => {
    const row = await findRow(record.dataId);
    return row !== undefined && (await canSee(viewer, row));
  });
  attachments.registerRecordWriteRule(INVESTOR_DATA_CLASS, async (viewer, record) => {
    const row = await findRow(record.dataId);
    return row !== undefined && row.companyId === viewer.companyId && row.status === 'draft';
  });

  async function findRow(dataId: string): Promise<repo.InvestorListItem | undefined> {
    const id = Number(dataId);
    return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? repo.findInvestor(db, id) : undefined;
  }

  async function canSee(viewer: Pick<Viewer, 'companyId' | 'identityType'>, row: repo.InvestorRow) {
    if (row.companyId === viewer.companyId) return true;
    if (row.status === 'draft') return false;
    if (isExchange(viewer)) return true;
    const project = await projects.findById(row.projectId);
    return project?.companyId === viewer.companyId;
  }

  /** A capital increase by id, whoever owns it (its public facts are announced); another family: 404. */
  async function findCapitalIncrease(projectId: number, family?: string): Promise<ProjectRow> {
    const project = await projects.findById(projectId);
    if (project === undefined || !CAPITAL_INCREASE_FAMILIES.includes(project.family)) throw notFound();
    if (family !== undefined && project.family !== family) throw notFound();
    return project;
  }

  async function investorTypes(): Promise<{ keys: string[]; label: (key: string) => string }> {
    const [label, keys] = await Promise.all([
      dictionaries.labeler(['investorType']),
      dictionaries.activeKeys('investorType'),
    ]);
    return { keys, label: (key) => label('investorType', key) };
  }

  function toView(
    row: repo.InvestorListItem,
    project: Pick<ProjectRow, 'id' | 'name' | 'code' | 'family' | 'companyId'>,
    typeLabel: (key: string) => string,
  ): InvestorView {
    return {
      id: row.id,
      projectId: row.projectId,
      projectName: project.name,
      projectCode: project.code,
      family: project.family,
      status: row.status,
      statusLabel: investorStatusLabel(row.status),
      investorType: row.investorType,
      investorTypeLabel: typeLabel(row.investorType),
      kind: row.kind,
      name: row.name,
      certType: row.certType,
      certTypeLabel: participantCertTypeLabel(row.certType),
      certNo: displayCertNo(row.kind, row.certNo),
      contactName: row.contactName,
      contactMobile: row.contactMobile,
      amount: row.amount,
      share: row.share,
      registrantCompanyId: row.companyId,
      registrantCompanyName: row.registrantName,
      isByMember: row.companyId !== project.companyId,
      memberCompanyId: row.memberCompanyId,
      memberCompanyName: row.memberName,
      note: row.note,
      auditReason: row.auditReason,
      auditedAt: row.auditedAt?.toISOString() ?? null,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The registration is open: the project disclosing, no selection recorded (checked again in the writing tx). */
  async function requireRegistrationOpen(tx: Db, projectId: number): Promise<void> {
    const status = await projects.lockStatus(tx, projectId, 'share');
    if (status === undefined) throw notFound();
    if (!INVESTOR_REGISTRATION_STATUSES.includes(status) || (await repo.hasSelection(tx, projectId))) {
      throw refused(MSG.investorsRegistrationClosed);
    }
  }

  /** Whether the caller may register investors for the project: its owner, or a member (for its customers). */
  function requireRegistrant(actor: Viewer, project: ProjectRow): void {
    if (project.companyId !== actor.companyId && !isMember(actor)) throw notFound();
  }

  async function checkMember(actor: Viewer, requested: number | null): Promise<number | null> {
    if (isMember(actor)) return actor.companyId;
    if (requested === null) return null;
    const members = await projects.listMembers();
    if (!members.some((member) => member.id === requested)) throw refused(MSG.investorsMemberUnknown);
    return requested;
  }

  async function read(
    input: unknown,
    project: ProjectRow,
    stored?: { kind: ParticipantKind; certType: ParticipantCertType },
  ) {
    const types = await investorTypes();
    const checked = checkInvestor(input, {
      investorTypes: types.keys,
      offeredShare: planOf(project).offeredShare,
      stored,
      now: clock.now(),
    });
    if (checked.message !== null) throw refused(checked.message);
    return checked.value;
  }

  async function writing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw refused(MSG.investorsCertNoTaken);
      throw error;
    }
  }

  async function refuseTakenCertNo(tx: Db, projectId: number, certNo: string | null, selfId?: number) {
    if (certNo === null) return;
    const holder = await repo.findByCertNo(tx, projectId, certNo);
    if (holder !== undefined && holder.id !== selfId) throw refused(MSG.investorsCertNoTaken);
  }

  /** POST /api/investor: a draft investor of a disclosing capital increase. */
  async function create(
    actor: Actor,
    input: { projectId: number; investor: unknown; createId?: string | undefined },
  ): Promise<{ id: number; version: number }> {
    const project = await findCapitalIncrease(input.projectId);
    requireRegistrant(actor, project);
    const values = await read(input.investor, project);
    const memberCompanyId = await checkMember(actor, values.memberCompanyId);
    const certNo = values.certNo ?? '';
    return writing(() =>
      db.transaction(async (tx) => {
        await requireRegistrationOpen(tx, project.id);
        await refuseTakenCertNo(tx, project.id, certNo);
        const row = await repo.insertInvestor(tx, {
          ...values,
          certNo,
          memberCompanyId,
          projectId: project.id,
          companyId: actor.companyId,
          createdBy: actor.userId,
        });
        if (input.createId !== undefined && input.createId !== '') {
          await attachments.bindDraft(tx, {
            companyId: actor.companyId,
            dataClass: INVESTOR_DATA_CLASS,
            createId: input.createId,
            dataId: String(row.id),
          });
        }
        await audit.append(tx, {
          ...toAuditActor(actor),
          action: 'investor.create',
          result: 'ok',
          target: String(row.id),
          // the certificate number stays out of the log: the row holds it
          detail: {
            projectId: project.id,
            investorType: row.investorType,
            amount: row.amount,
            share: row.share,
          },
        });
        return { id: row.id, version: row.version };
      }),
    );
  }

  /** The caller's own draft investor and its project; another company's: 404; no draft any more: refused. */
  async function findOwnDraft(actor: Viewer, id: number) {
    const investor = await repo.findInvestor(db, id);
    if (investor === undefined || investor.companyId !== actor.companyId) throw notFound();
    if (!INVESTOR_EDITABLE_STATUSES.includes(investor.status)) throw refused(MSG.investorsNotEditable);
    return { investor, project: await findCapitalIncrease(investor.projectId) };
  }

  /** POST /api/investor/update/{id}: the draft's facts replaced (a blank certNo keeps the stored number). */
  async function update(
    actor: Actor,
    id: number,
    input: { version: number; investor: unknown },
  ): Promise<{ id: number; version: number }> {
    const { investor, project } = await findOwnDraft(actor, id);
    const values = await read(input.investor, project, investor);
    const memberCompanyId = await checkMember(actor, values.memberCompanyId);
    return writing(() =>
      db.transaction(async (tx) => {
        await requireRegistrationOpen(tx, project.id);
        await refuseTakenCertNo(tx, project.id, values.certNo, investor.id);
        const row = await repo.updateInvestorGuarded(
          tx,
          investor.id,
          input.version,
          { ...values, certNo: values.certNo ?? investor.certNo, memberCompanyId },
          INVESTOR_EDITABLE_STATUSES,
        );
        if (row === undefined) throw conflict();
        await audit.append(tx, {
          ...toAuditActor(actor),
          action: 'investor.update',
          result: 'ok',
          target: String(row.id),
          detail: { projectId: project.id, version: row.version, amount: row.amount, share: row.share },
        });
        return { id: row.id, version: row.version };
      }),
    );
  }

  /** POST /api/investor/submit/{id}: the draft goes to the exchange's audit, its files locked. */
  async function submit(actor: Actor, id: number, input: { version: number }) {
    const { investor, project } = await findOwnDraft(actor, id);
    const record = { dataClass: INVESTOR_DATA_CLASS, dataId: String(investor.id) };
    const files = await attachments.listRelated(actor, record);
    const byTag: Record<string, unknown[]> = {};
    for (const file of files) (byTag[file.tag] ??= []).push(file);
    const missing = missingAttachmentMessages(INVESTOR_ATTACHMENTS, byTag);
    if (missing[0] !== undefined) throw refused(missing[0]);
    return db.transaction(async (tx) => {
      await requireRegistrationOpen(tx, project.id);
      const row = await repo.updateInvestorGuarded(
        tx,
        investor.id,
        input.version,
        { status: 'submitted', submittedAt: clock.now() },
        INVESTOR_EDITABLE_STATUSES,
      );
      if (row === undefined) throw conflict();
      await attachments.lockRecord(tx, record);
      // the exchange's audit waits in its 待办任务, on the project's audit screen
      await tasks.open(tx, {
        subject: 'investor',
        subjectId: row.id,
        step: 'investorAudit',
        projectId: project.id,
        companyId: row.companyId,
        type: 'Review',
        routeName: 'capOpenInvestorAudit',
        routeQuery: { projectId: project.id },
        assignee: { identity: IDENTITY.admin },
      });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'investor.submit',
        result: 'ok',
        target: String(row.id),
        detail: { projectId: project.id, version: row.version },
      });
      return { id: row.id, version: row.version };
    });
  }

  /** POST /api/investor/batchDelete: the caller's drafts among `ids`, all or none. */
  async function batchDelete(actor: Actor, ids: readonly number[]): Promise<{ count: number }> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw refused(MSG.investorsDeleteEmpty);
    const rows = await Promise.all(unique.map((id) => repo.findInvestor(db, id)));
    for (const row of rows) {
      if (row === undefined || row.companyId !== actor.companyId) throw notFound();
      if (!INVESTOR_EDITABLE_STATUSES.includes(row.status)) throw refused(MSG.investorsNotEditable);
    }
    return db.transaction(async (tx) => {
      const deleted = await repo.deleteDrafts(tx, actor.companyId, unique);
      // one of them was submitted (or deleted) meanwhile: nothing is deleted
      if (deleted.length !== unique.length) throw conflict();
      for (const id of deleted) {
        await attachments.discardRecord(tx, { dataClass: INVESTOR_DATA_CLASS, dataId: String(id) });
      }
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'investor.delete',
        result: 'ok',
        target: deleted.join(','),
        detail: { count: deleted.length },
      });
      return { count: deleted.length };
    });
  }

  /** GET /api/investor/{id}. */
  async function show(viewer: Viewer, id: number): Promise<InvestorView> {
    const row = await repo.findInvestor(db, id);
    if (row === undefined || !(await canSee(viewer, row))) throw notFound();
    const [project, types] = await Promise.all([findCapitalIncrease(row.projectId), investorTypes()]);
    return toView(row, project, types.label);
  }

  /**
   * The investors the viewer sees: of one project (its owner and the exchange: every submitted one, and the
   * caller's own drafts), or without a project the caller's own registrations on every project.
   */
  async function list(
    viewer: Viewer,
    query: { projectId?: number | undefined; family?: string | undefined },
  ): Promise<InvestorView[]> {
    const types = await investorTypes();
    if (query.projectId === undefined) {
      const rows = await repo.listOfCompany(db, viewer.companyId);
      const projectsById = new Map<number, ProjectRow>();
      for (const projectId of new Set(rows.map((row) => row.projectId))) {
        const project = await projects.findById(projectId);
        if (project !== undefined) projectsById.set(projectId, project);
      }
      return rows.flatMap((row) => {
        const project = projectsById.get(row.projectId);
        if (project === undefined || (query.family !== undefined && project.family !== query.family))
          return [];
        return [toView(row, project, types.label)];
      });
    }
    const project = await findCapitalIncrease(query.projectId, query.family);
    const isOwnerView = project.companyId === viewer.companyId || isExchange(viewer);
    const rows = await repo.listOfProject(db, project.id, {
      ownCompanyId: viewer.companyId,
      othersSubmitted: isOwnerView,
    });
    // another company that registered nothing here learns nothing of the project
    if (!isOwnerView && rows.length === 0 && !isMember(viewer)) throw notFound();
    return rows.map((row) => toView(row, project, types.label));
  }

  /** POST /api/project/cap/investor/audit/{id}: the exchange passes or refuses a submitted investor. */
  async function auditInvestor(
    actor: Actor,
    id: number,
    input: { version: number; isPassed: boolean; reason: string; family: string },
  ): Promise<{ id: number; version: number }> {
    if (!isExchange(actor)) throw forbidden(MSG.investorsAuditorOnly);
    const investor = await repo.findInvestor(db, id);
    if (investor === undefined || investor.status === 'draft') throw notFound();
    const project = await findCapitalIncrease(investor.projectId, input.family);
    if (investor.status !== 'submitted') throw refused(MSG.investorsNotAuditable);
    const reason = input.reason.trim();
    const message = checkInvestorAuditReason(input.isPassed, reason);
    if (message !== null) throw refused(message);
    const now = clock.now();
    return db.transaction(async (tx) => {
      const row = await repo.updateInvestorGuarded(
        tx,
        investor.id,
        input.version,
        {
          status: input.isPassed ? 'qualified' : 'refused',
          auditReason: reason,
          auditedAt: now,
          auditedBy: actor.userId,
        },
        ['submitted'],
      );
      if (row === undefined) throw conflict(MSG.workflowTaskHandled);
      await tasks.advance(
        tx,
        { subject: 'investor', subjectId: row.id },
        { result: input.isPassed ? 'pass' : 'back', decider: actor, at: now },
      );
      await notifications.raise(tx, {
        companyId: investor.companyId,
        kind: 'investor.audit',
        title: formatMessage(MSG.investorsAuditNoticeTitle, {
          name: investor.name,
          result: input.isPassed ? '通过' : '未通过',
        }),
        body:
          reason === ''
            ? formatMessage(MSG.investorsAuditNoticeBody, { project: project.name })
            : formatMessage(MSG.investorsAuditNoticeBodyWithReason, { project: project.name, reason }),
        link: `/index/capInvestorShow?id=${investor.id}`,
        createdAt: now,
      });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'investor.audit',
        result: 'ok',
        target: String(row.id),
        detail: { projectId: project.id, result: row.status, reason },
      });
      return { id: row.id, version: row.version };
    });
  }

  /**
   * POST /api/capitalIncrease/{capitalIncreaseId}/selection: the owner's selection result among the qualified
   * investors, each chosen one named with the version it was read at (a stale one: 409, nothing changes).
   */
  async function select(
    actor: Actor,
    projectId: number,
    family: string,
    input: { investors: readonly { id: number; version: number }[] },
  ): Promise<{ selected: number }> {
    const project = await findCapitalIncrease(projectId, family);
    if (project.companyId !== actor.companyId) throw notFound();
    const plan = planOf(project);
    const now = clock.now();
    return db.transaction(async (tx) => {
      const status = await projects.lockStatus(tx, project.id, 'update');
      if (status === undefined) throw notFound();
      if (!INVESTOR_SELECTION_STATUSES.includes(status)) throw refused(MSG.investorsSelectionClosed);
      const rows = await repo.lockAllOfProject(tx, project.id);
      const chosen = new Map(input.investors.map((each) => [each.id, each.version]));
      const message = checkSelection({
        investors: rows.filter((row) => row.status !== 'draft'),
        chosenIds: [...chosen.keys()],
        investorCount: plan.investorCount,
        offeredShare: plan.offeredShare,
      });
      if (message !== null) throw refused(message);
      if (rows.some((row) => chosen.has(row.id) && chosen.get(row.id) !== row.version)) throw conflict();
      const candidates = rows.filter((row) => INVESTOR_SELECTABLE_STATUSES.includes(row.status));
      for (const row of candidates) {
        const next = chosen.has(row.id) ? 'selected' : 'notSelected';
        if (row.status === next) continue;
        const changed = await repo.updateInvestorGuarded(tx, row.id, row.version, { status: next });
        if (changed === undefined) throw conflict();
        await notifications.raise(tx, {
          companyId: row.companyId,
          kind: 'investor.selection',
          title: formatMessage(MSG.investorsSelectionNoticeTitle, {
            name: row.name,
            result: next === 'selected' ? '入选' : '未入选',
          }),
          body: formatMessage(MSG.investorsSelectionNoticeBody, { project: project.name }),
          link: `/index/capInvestorShow?id=${row.id}`,
          createdAt: now,
        });
      }
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'investor.selection',
        result: 'ok',
        target: String(project.id),
        detail: { selected: [...chosen.keys()], candidates: candidates.map((row) => row.id) },
      });
      return { selected: chosen.size };
    });
  }

  /** The engine's check before a capital increase's agreement: the selection names its investors. */
  async function checkAgreementReady(tx: Db, projectId: number): Promise<string | null> {
    return (await repo.hasSelection(tx, projectId)) ? null : MSG.investorsSelectionRequired;
  }

  /**
   * POST /api/capitalIncrease/customers: the caller's customers (企业客户 and 自然人客户), then its earlier
   * investors that are not among them, to register one in one pick.
   */
  async function listCustomers(viewer: Viewer, keyword: string): Promise<InvestorCustomer[]> {
    const [registered, rows, types] = await Promise.all([
      customers?.(viewer, keyword.trim()) ?? [],
      repo.listCustomers(db, viewer.companyId, keyword.trim()),
      investorTypes(),
    ]);
    const typeOf = (label: string): string =>
      types.keys.find((key) => types.label(key) === label) ?? types.keys[0] ?? '';
    const fromRegistries: InvestorCustomer[] = registered.map((customer) => {
      const investorType = typeOf(customer.kind === 'company' ? '企业法人' : '自然人');
      const certType = customer.kind === 'company' ? 'creditCode' : 'idCard';
      return {
        investorType,
        investorTypeLabel: types.label(investorType),
        name: customer.name,
        certType,
        certTypeLabel: participantCertTypeLabel(certType),
        certNo: customer.certNo,
        contactName: customer.contactName,
        contactMobile: customer.contactMobile,
        key: customer.key,
      };
    });
    const names = new Set(fromRegistries.map((customer) => customer.name));
    return [
      ...fromRegistries,
      ...rows
        .filter((row) => !names.has(row.name))
        .map((row) => ({
          investorType: row.investorType,
          investorTypeLabel: types.label(row.investorType),
          name: row.name,
          certType: row.certType,
          certTypeLabel: participantCertTypeLabel(row.certType),
          certNo: displayCertNo(row.kind, row.certNo),
          contactName: row.contactName,
          contactMobile: row.contactMobile,
          key: `investor-${row.id}`,
        })),
    ];
  }

  /** The disclosing capital increases open to registrations (their public facts), newest first. */
  async function listOpen(family?: string): Promise<OpenCapitalIncrease[]> {
    const families = family === undefined ? CAPITAL_INCREASE_FAMILIES : [family];
    const disclosing = await projects.listInStatus(families, 'disclosing');
    // a selection closes the registration: the project is no longer offered
    const rows = [];
    for (const project of disclosing) if (!(await repo.hasSelection(db, project.id))) rows.push(project);
    return rows.map((project) => {
      const plan = planOf(project);
      return {
        id: project.id,
        name: project.name,
        code: project.code,
        family: project.family,
        companyName: project.companyName,
        raiseMin: plan.raiseMin ?? null,
        raiseMax: plan.raiseMax ?? null,
        offeredShare: plan.offeredShare ?? null,
        investorCount: plan.investorCount ?? null,
        disclosureEnd: project.disclosureEnd?.toISOString() ?? null,
      };
    });
  }

  /** The project's head for the exports (call after `list`, which checks the caller may see it). */
  async function exportHead(projectId: number) {
    const project = await findCapitalIncrease(projectId);
    const [owner, exchangeName] = await Promise.all([
      users.findCompany(project.companyId),
      users.findExchangeName(),
    ]);
    return { project, plan: planOf(project), ownerName: owner?.name ?? '', exchangeName, day: clock.now() };
  }

  return {
    create,
    update,
    submit,
    batchDelete,
    show,
    list,
    auditInvestor,
    select,
    checkAgreementReady,
    listCustomers,
    listOpen,
    listMembers: () => projects.listMembers(),
    exportHead,
  };
}
