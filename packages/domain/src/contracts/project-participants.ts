// The prospective buyers (意向受让方) of a project: the participants of the kinds with the participants section
// (spec 001 section 7, Bulk: "participant save/update/list/delete"; bulk and coll), and the intended transferees of
// the families whose buyers members register (stock: "customer list, upload transferee"). Both by family. A project
// of another family, and another company's project or participant, answers 404. Changes only by the owner company;
// the exchange and an agent member read. All need GJS_PROJECT_LT (or _ADMIN).
import { z } from 'zod';
import { defineCall, zPathId, ZSaved } from '../contract.ts';
import { MSG } from '../messages.ts';
import { PROJECT_FAMILIES, PROJECT_KINDS, type ProjectFamily } from '../projects/kinds/index.ts';
import { ZParticipantView } from '../projects/participants.ts';
import { ZIntendedTransferee } from '../projects/views.ts';
import { findAction } from '../workflow/actions.ts';
import { zProjectBodyId } from './projects.ts';

/** The participant travels as an object; its fields are checked by the domain so the messages are the form's. */
const zParticipant = z.record(z.string(), z.unknown(), { error: MSG.badRequest });

function participantCallsOf(family: ProjectFamily) {
  const base = `/api/project/${family}/participant` as const;
  return {
    /** POST .../save {projectId, participant} -> {id, version} */
    save: defineCall({
      method: 'POST',
      path: `${base}/save`,
      tag: 'project',
      summary: '登记意向受让方',
      body: z.object({ projectId: zProjectBodyId, participant: zParticipant }),
      answer: ZSaved,
    }),
    /**
     * POST .../update/{id} {version, participant} -> {id, version}; a blank certNo keeps the stored number (kind and
     * certificate type unchanged); stale version: 409
     */
    update: defineCall({
      method: 'POST',
      path: `${base}/update/:id`,
      tag: 'project',
      summary: '修改意向受让方',
      params: z.object({ id: zPathId }),
      body: z.object({ version: zProjectBodyId, participant: zParticipant }),
      answer: ZSaved,
    }),
    /** POST .../list {projectId} -> ParticipantView[] (a person's number masked) */
    list: defineCall({
      method: 'POST',
      path: `${base}/list`,
      tag: 'project',
      summary: '项目意向受让方列表',
      body: z.object({ projectId: zProjectBodyId }),
      answer: z.array(ZParticipantView),
    }),
    /** POST .../delete/{id} {version} -> {id}; stale version: 409 */
    remove: defineCall({
      method: 'POST',
      path: `${base}/delete/:id`,
      tag: 'project',
      summary: '删除意向受让方',
      params: z.object({ id: zPathId }),
      body: z.object({ version: zProjectBodyId }),
      answer: z.object({ id: z.number() }),
    }),
  };
}

export type ParticipantCalls = ReturnType<typeof participantCallsOf>;

/** The participant calls of every kind with the participants section, by family. */
export const PARTICIPANT_CALLS: Partial<Record<ProjectFamily, ParticipantCalls>> = Object.fromEntries(
  PROJECT_FAMILIES.filter((family) => PROJECT_KINDS[family].sections.includes('participants')).map(
    (family) => [family, participantCallsOf(family)],
  ),
);

/** The participant calls of a family (a kind without the section has none). */
export function participantCalls(family: ProjectFamily): ParticipantCalls {
  const calls = PARTICIPANT_CALLS[family];
  if (calls === undefined) throw new Error(`${family}: no participants`);
  return calls;
}

function transfereeCallsOf(family: ProjectFamily) {
  const base = `/api/project/${family}` as const;
  return {
    /** POST .../customer/list {projectId} -> IntendedTransferee[] */
    list: defineCall({
      method: 'POST',
      path: `${base}/customer/list`,
      tag: 'project',
      summary: '意向受让方列表',
      body: z.object({ projectId: zProjectBodyId }),
      answer: z.array(ZIntendedTransferee),
    }),
    /**
     * POST .../upload/transferee {projectId, name, uuid} -> IntendedTransferee: the project's file (tag
     * transfereeFile) linked to the named transferee; the owner only
     */
    linkFile: defineCall({
      method: 'POST',
      path: `${base}/upload/transferee`,
      tag: 'project',
      summary: '上传意向受让方资料',
      body: z.object({
        projectId: zProjectBodyId,
        name: z.string({ error: MSG.transfereeUnknown }).trim().min(1, MSG.transfereeUnknown).max(200),
        uuid: z.string({ error: MSG.badRequest }).uuid(MSG.badRequest),
      }),
      answer: ZIntendedTransferee,
    }),
  };
}

export type TransfereeCalls = ReturnType<typeof transfereeCallsOf>;
export type TransfereeFileLink = z.input<TransfereeCalls['linkFile']['body']>;

/** The intended-transferee calls of every family whose buyers are registered by members, by family. */
export const TRANSFEREE_CALLS: Partial<Record<ProjectFamily, TransfereeCalls>> = Object.fromEntries(
  PROJECT_FAMILIES.filter((family) => findAction(family, 'registration') !== undefined).map((family) => [
    family,
    transfereeCallsOf(family),
  ]),
);

/** The intended-transferee calls of a family (one whose buyers are not registered has none). */
export function transfereeCalls(family: ProjectFamily): TransfereeCalls {
  const calls = TRANSFEREE_CALLS[family];
  if (calls === undefined) throw new Error(`${family}: no intended transferees`);
  return calls;
}
