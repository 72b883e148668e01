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
  /** the caller's company owns it (may edit, copy, delete and apply); else it is seen as the exchange or agent */
  isOwn: boolean;
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

/** POST /api/project/searchs/statusCategory: a status tab of the caller's projects, with its count. */
export type ProjectStatusCount = { value: ProjectStatus; label: string; count: number };

/** GET /api/project/transferor: the owner company as a project form shows it. */
export type ProjectTransferor = {
  companyId: number;
  companyName: string;
  creditCode: string | null;
  contactName: string | null;
  contactMobile: string | null;
  /** its projects (of the business type asked about) */
  projectCount: number;
};

// The disclosure announcement (信息披露公告) of a physical-asset project: POST /api/project/{family}/preview answers
// it, and its Word and PDF exports draw it.
export type DocumentColumn = {
  label: string;
  /** numbers are right-aligned, as the web's asset tables show them */
  align: 'left' | 'right';
  /** the column's share of the table width, relative to the other columns */
  weight: number;
};

export type DocumentTable = { columns: DocumentColumn[]; rows: string[][] };

export type AssetSection = {
  heading: string;
  table: DocumentTable;
  /** e.g. 另有 12 项资产未在本公告中列出…, when the category has more rows than are shown */
  more?: string;
};

export type DisclosureDocument = {
  title: string;
  opening: string;
  /** numbered section headings, in the order they are drawn */
  headings: { facts: string; description: string; assets: string };
  /** label and value rows */
  facts: { label: string; value: string }[];
  /** the paragraphs of the description, empty when there is none */
  description: string[];
  assets: AssetSection[];
  /** shown under the assets heading when the project lists no assets */
  noAssets: string;
  closing: { text: string; issuer: string; date: string };
};
