// What the project calls answer (spec 000 section 2: project, addproject, editproject, showproject): the list row,
// a project with its family's form, and the list's filter options. Money stays integer fen on the wire; the
// screens format it with formatFen.
import type { AttachmentItem } from '../api.ts';
import type { ProjectStatus } from '../workflow/statuses.ts';
import type { ProjectFormBase } from './kinds/fields.ts';
import type { ProjectFamily } from './kinds/index.ts';

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

/** POST /api/project/{family}/show: a project with its family's form, to edit it. */
export type ProjectFormView = {
  id: number;
  code: string;
  name: string;
  family: ProjectFamily;
  status: ProjectStatus;
  statusLabel: string;
  form: ProjectFormBase;
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

// The disclosure announcement (信息披露公告) of a project: POST /api/project/{family}/preview answers it, and its
// Word and PDF exports draw it.
export type DocumentColumn = {
  label: string;
  /** numbers are right-aligned, as the web's asset tables show them */
  align: 'left' | 'right';
  /** the column's share of the table width, relative to the other columns */
  weight: number;
};

export type DocumentTable = { columns: DocumentColumn[]; rows: string[][] };

/** A table of the announcement under its own heading (an asset category; empty where the part is one table). */
export type TableSection = {
  heading: string;
  table: DocumentTable;
  /** e.g. 另有 12 项资产未在本公告中列出…, when the list has more rows than are shown */
  more?: string;
};

/** A numbered part of the announcement after the facts and the text: a list field or a sheet group of the kind. */
export type DocumentPart = {
  heading: string;
  sections: TableSection[];
  /** shown under the heading when the project lists nothing there */
  empty: string;
};

export type DisclosureDocument = {
  title: string;
  opening: string;
  /** numbered section headings, in the order they are drawn */
  headings: { facts: string; description: string };
  /** label and value rows */
  facts: { label: string; value: string }[];
  /** the paragraphs of the description, empty when there is none */
  description: string[];
  /** the asset list, the transferors, the shareholder structure, the financial data ... as the kind has them */
  parts: DocumentPart[];
  closing: { text: string; issuer: string; date: string };
};

/** The tag of the documents an owner files for an intended transferee (upload/transferee links them). */
export const TRANSFEREE_FILE_TAG = 'transfereeFile';

/**
 * POST /api/project/{stock|privateStock}/customer/list: an intended transferee (意向受让方) of an equity project, as
 * its approved intention registration named it, with the qualification the exchange confirmed and the documents
 * the owner filed for it (upload/transferee).
 */
export type IntendedTransferee = {
  name: string;
  /** fen: the price the member said the buyer would pay, if it did */
  amount: number | null;
  /** when the exchange approved the registration */
  registeredAt: string;
  isQualified: boolean;
  /** the qualification opinion of the approved review */
  opinion: string | null;
  qualifiedAt: string | null;
  files: AttachmentItem[];
};
