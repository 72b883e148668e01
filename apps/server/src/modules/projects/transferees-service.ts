// The intended transferees (意向受让方) of the equity projects (spec 001 section 7, stock calls: the customer list
// and upload transferee). A buyer becomes one when the exchange approves the intention registration a member made
// for it (the engine records it in the project's details under `registration`), and is qualified when it approves
// the owner's qualification review naming it (`intentionReview`). The owner files documents for a transferee (its
// qualification confirmation, its commitment letter): uploaded first as files of the project under the tag
// transfereeFile, then linked to the transferee's name in the details. Whoever sees the project sees the list;
// only the owner links files, and only to a transferee of the list.
import {
  MSG,
  PROJECT_DATA_CLASS,
  TRANSFEREE_FILE_TAG,
  type AttachmentItem,
  type IntendedTransferee,
} from '@cqjy/domain';
import { z } from 'zod';
import { toAuditActor } from '../../platform/audit.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { Actor, Viewer, AttachmentsService } from '../attachments/service.ts';
import * as repo from './repo.ts';
import type { ProjectRow, ProjectsService } from './service.ts';

export type ProjectTransfereesService = ReturnType<typeof createProjectTransfereesService>;

// What the engine records of an approved registration or qualification review (an ActionRecord), read back
// checked: a record of another shape is skipped rather than trusted.
const zRegistration = z.object({
  transfereeName: z.string(),
  amount: z.number().optional(),
  approvedAt: z.string(),
});
const zReview = z.object({
  transfereeName: z.string(),
  content: z.string().optional(),
  approvedAt: z.string(),
});
const zFileLink = z.object({ name: z.string(), uuid: z.string() });

function recordsOf<T>(details: Record<string, unknown>, key: string, schema: z.ZodType<T>): T[] {
  const value = details[key];
  return (Array.isArray(value) ? value : []).flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The project's intended transferees, in the order they were registered (a name registered twice counts once). */
function listTransferees(project: ProjectRow, files: readonly AttachmentItem[]): IntendedTransferee[] {
  const reviews = recordsOf(project.details, 'intentionReview', zReview);
  const links = recordsOf(project.details, 'transfereeFiles', zFileLink);
  const seen = new Set<string>();
  return recordsOf(project.details, 'registration', zRegistration).flatMap((registration) => {
    const name = registration.transfereeName;
    if (seen.has(name)) return [];
    seen.add(name);
    const review = reviews.findLast((each) => each.transfereeName === name);
    const uuids = links.filter((link) => link.name === name).map((link) => link.uuid);
    return [
      {
        name,
        amount: registration.amount ?? null,
        registeredAt: registration.approvedAt,
        isQualified: review !== undefined,
        opinion: review?.content ?? null,
        qualifiedAt: review?.approvedAt ?? null,
        files: files.filter((file) => uuids.includes(file.uuid)),
      },
    ];
  });
}

export function createProjectTransfereesService(
  deps: Pick<PlatformDeps, 'db'> & {
    attachments: AttachmentsService;
    audit: AuditService;
    projects: ProjectsService;
  },
) {
  const { db, attachments, audit, projects } = deps;

  async function projectFiles(viewer: Viewer, project: ProjectRow): Promise<AttachmentItem[]> {
    return attachments.listRelated(viewer, { dataClass: PROJECT_DATA_CLASS, dataId: String(project.id) });
  }

  /** POST /api/project/{family}/customer/list: the project's intended transferees. */
  async function list(viewer: Viewer, family: string, projectId: number): Promise<IntendedTransferee[]> {
    const project = await projects.findVisible(viewer, projectId);
    if (project.family !== family) throw notFound();
    return listTransferees(project, await projectFiles(viewer, project));
  }

  /** POST /api/project/{family}/upload/transferee: links an uploaded file of the project to a transferee. */
  async function linkFile(
    actor: Actor,
    family: string,
    input: { projectId: number; name: string; uuid: string },
  ): Promise<IntendedTransferee> {
    const project = await projects.findOwn(actor, input.projectId);
    if (project.family !== family) throw notFound();
    const files = await projectFiles(actor, project);
    const file = files.find((each) => each.uuid === input.uuid && each.tag === TRANSFEREE_FILE_TAG);
    if (file === undefined) throw notFound();
    const transferees = listTransferees(project, files);
    if (!transferees.some((each) => each.name === input.name)) throw refused(MSG.transfereeUnknown);
    const links = recordsOf(project.details, 'transfereeFiles', zFileLink);
    const details = {
      ...project.details,
      transfereeFiles: [...links, { name: input.name, uuid: file.uuid }],
    };
    const row = await db.transaction(async (tx) => {
      const updated = await repo.updateGuarded(tx, project.id, project.version, { details });
      if (updated === undefined) throw conflict();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'project.transferee.file',
        result: 'ok',
        target: String(project.id),
        detail: { name: input.name, file: file.uuid },
      });
      return updated;
    });
    const linked = listTransferees(row, files).find((each) => each.name === input.name);
    if (linked === undefined) throw notFound();
    return linked;
  }

  return { list, linkFile };
}
