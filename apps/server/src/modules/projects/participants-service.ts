// The participants (意向受让方) of physical-asset projects (bulk and coll): the persons and organisations the
// owner company registers as prospective buyers, with their certificate, contact, deposit and qualification.
// Only the owner changes the list, and only while the project is disclosing, suspended or ended; whoever sees the
// project (the owner, the exchange, the agent member acting for it) reads it, with a person's number masked.
import {
  canEditParticipants,
  checkParticipant,
  displayCertNo,
  MSG,
  participantCertTypeLabel,
  participantKindLabel,
  type ParticipantView,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { Actor, Viewer } from '../attachments/service.ts';
import * as participantRows from './repo-participants.ts';
import * as repo from './repo.ts';
import type { ProjectRow, ProjectsService } from './service.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export type ProjectParticipantsService = ReturnType<typeof createProjectParticipantsService>;

function toView(row: participantRows.ProjectParticipantRow): ParticipantView {
  return {
    id: row.id,
    projectId: row.projectId,
    kind: row.kind,
    kindLabel: participantKindLabel(row.kind),
    name: row.name,
    certType: row.certType,
    certTypeLabel: participantCertTypeLabel(row.certType),
    certNo: displayCertNo(row.kind, row.certNo),
    contactName: row.contactName,
    contactMobile: row.contactMobile,
    deposit: row.deposit,
    isQualified: row.isQualified,
    note: row.note,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createProjectParticipantsService(
  deps: Pick<PlatformDeps, 'db' | 'clock'> & { audit: AuditService; projects: ProjectsService },
) {
  const { db, audit, clock, projects } = deps;

  /**
   * The project of this family if the caller's own company owns it; the exchange and agents, who only read, and
   * everyone else are told it is not there.
   */
  async function findOwnProject(actor: Viewer, projectId: number, family: string): Promise<ProjectRow> {
    const project = await projects.findVisible(actor, projectId);
    if (project.companyId !== actor.companyId || project.family !== family) throw notFound();
    if (!canEditParticipants(project.status)) throw refused(MSG.participantsNotEditable);
    return project;
  }

  /** The participant and its project, for a change by the owner company. */
  async function findOwnParticipant(actor: Viewer, id: number, family: string) {
    const participant = await participantRows.findParticipant(db, id);
    if (participant === undefined || participant.companyId !== actor.companyId) throw notFound();
    const project = await findOwnProject(actor, participant.projectId, family);
    return { participant, project };
  }

  /**
   * Inside the writing transaction: the project still allows changes (its row locked against a concurrent status
   * change) and no other participant of it holds the number.
   */
  async function checkInTransaction(
    tx: Db,
    projectId: number,
    certNo: string | null,
    selfId?: number,
  ): Promise<void> {
    const status = await repo.lockProjectStatus(tx, projectId);
    if (status === undefined) throw notFound();
    if (!canEditParticipants(status)) throw refused(MSG.participantsNotEditable);
    if (certNo === null) return;
    const holder = await participantRows.findParticipantByCertNo(tx, projectId, certNo);
    if (holder !== undefined && holder.id !== selfId) throw refused(MSG.participantsCertNoTaken);
  }

  /** Runs a write; a unique violation (two saves of one number at once) answers as the duplicate it is. */
  async function writing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw refused(MSG.participantsCertNoTaken);
      throw error;
    }
  }

  function read(input: unknown, stored?: participantRows.ProjectParticipantRow) {
    const checked = checkParticipant(input, { stored, now: clock.now() });
    if (checked.message !== null) throw refused(checked.message);
    return checked.value;
  }

  async function save(
    actor: Actor,
    family: string,
    input: { projectId: number; participant: unknown },
  ): Promise<{ id: number; version: number }> {
    const project = await findOwnProject(actor, input.projectId, family);
    const values = read(input.participant);
    const certNo = values.certNo ?? '';
    return writing(() =>
      db.transaction(async (tx) => {
        await checkInTransaction(tx, project.id, certNo);
        const row = await participantRows.insertParticipant(tx, {
          ...values,
          certNo,
          projectId: project.id,
          companyId: project.companyId,
          createdBy: actor.userId,
        });
        await audit.append(tx, {
          ...toAuditActor(actor),
          action: 'project.participant.save',
          result: 'ok',
          target: String(row.id),
          // the certificate number stays out of the log: the row holds it, the log need not copy it
          detail: {
            projectId: project.id,
            family,
            kind: row.kind,
            certType: row.certType,
            deposit: row.deposit,
            isQualified: row.isQualified,
          },
        });
        return { id: row.id, version: row.version };
      }),
    );
  }

  async function update(
    actor: Actor,
    family: string,
    id: number,
    input: { version: number; participant: unknown },
  ): Promise<{ id: number; version: number }> {
    const { participant, project } = await findOwnParticipant(actor, id, family);
    const values = read(input.participant, participant);
    return writing(() =>
      db.transaction(async (tx) => {
        await checkInTransaction(tx, project.id, values.certNo, participant.id);
        const row = await participantRows.updateParticipantGuarded(tx, participant.id, input.version, {
          ...values,
          certNo: values.certNo ?? participant.certNo,
        });
        if (row === undefined) throw conflict();
        await audit.append(tx, {
          ...toAuditActor(actor),
          action: 'project.participant.update',
          result: 'ok',
          target: String(row.id),
          detail: {
            projectId: project.id,
            family,
            version: row.version,
            isCertChanged: row.certNo !== participant.certNo,
            deposit: row.deposit,
            isQualified: row.isQualified,
          },
        });
        return { id: row.id, version: row.version };
      }),
    );
  }

  async function list(viewer: Viewer, family: string, projectId: number): Promise<ParticipantView[]> {
    const project = await projects.findVisible(viewer, projectId);
    if (project.family !== family) throw notFound();
    return (await participantRows.listParticipants(db, project.id)).map(toView);
  }

  async function remove(
    actor: Actor,
    family: string,
    id: number,
    input: { version: number },
  ): Promise<{ id: number }> {
    const { participant, project } = await findOwnParticipant(actor, id, family);
    return db.transaction(async (tx) => {
      await checkInTransaction(tx, project.id, null);
      if (!(await participantRows.deleteParticipantGuarded(tx, participant.id, input.version)))
        throw conflict();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'project.participant.delete',
        result: 'ok',
        target: String(participant.id),
        detail: { projectId: project.id, family, version: input.version },
      });
      return { id: participant.id };
    });
  }

  return { save, update, list, remove };
}
