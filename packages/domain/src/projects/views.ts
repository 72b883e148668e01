// What the project calls answer (spec 000 section 2: project, addproject, editproject, showproject): the list row,
// the bulk project view, and the list's filter options. Money stays integer fen on the wire; the screens format
// it with formatFen.
import type { AttachmentItem } from '../api.ts';
import type { ProjectStatus } from '../workflow/statuses.ts';
import type { BulkProjectForm, PhysicalFamily } from './bulk.ts';

/** One row of POST /api/project/list. */
export type ProjectListRow = {
  id: number;
  code: string;
  name: string;
  family: string;
  familyLabel: string;
  status: ProjectStatus;
  statusLabel: string;
  /** fen; null while a draft has none */
  listingPrice: number | null;
  disclosureEnd: string | null;
  companyName: string;
  updatedAt: string;
};

/** The sort keys of the list; newest first unless asked. */
export const PROJECT_LIST_SORTS = ['newest', 'oldest', 'disclosureEnd'] as const;

export type ProjectListSort = (typeof PROJECT_LIST_SORTS)[number];

/** POST /api/project/{bulk|coll}/show: a physical-asset project with its form. */
export type BulkProjectView = {
  id: number;
  code: string;
  name: string;
  family: PhysicalFamily;
  status: ProjectStatus;
  statusLabel: string;
  form: BulkProjectForm;
  version: number;
  disclosureStart: string | null;
  disclosureEnd: string | null;
  attachments: Record<string, AttachmentItem[]>;
  companyName: string;
  /** the caller's open task on the project, if any (the disclosure application once submitted) */
  openTask: { id: number; type: string; routeName: string; actionId: number } | null;
};

/** GET /api/project/searchs. */
export type ProjectSearchOptions = {
  statuses: { value: ProjectStatus; label: string }[];
  families: { value: string; label: string }[];
};
