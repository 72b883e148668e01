// What the project calls answer (spec 000 section 2: project, addproject, editproject, showproject): the list row,
// a project with its family's form, and the list's filter options. Money stays integer fen on the wire; the
// screens format it with formatFen. Each answer is a zod schema, which the server's routes answer through, and its
// type, which the web reads.
import { z } from 'zod';
import { ZAttachmentItem } from '../attachment-item.ts';
import { zAttachmentsByTag, zProjectStatus } from '../workflow/views.ts';
import { PROJECT_FAMILIES } from './kinds/index.ts';

/** One row of POST /api/project/list. */
export const ZProjectListRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  family: z.string(),
  familyLabel: z.string(),
  status: zProjectStatus,
  statusLabel: z.string(),
  /** fen; null while a draft has none */
  listingPrice: z.number().nullable(),
  disclosureEnd: z.string().nullable(),
  companyName: z.string(),
  updatedAt: z.string(),
  /** the caller's company owns it (may edit, copy, delete and apply); else it is seen as the exchange or agent */
  isOwn: z.boolean(),
});

export type ProjectListRow = z.infer<typeof ZProjectListRow>;

/** The sort keys of the list; newest first unless asked. */
export const PROJECT_LIST_SORTS = ['newest', 'oldest', 'disclosureEnd'] as const;

export type ProjectListSort = (typeof PROJECT_LIST_SORTS)[number];

/** POST /api/project/{family}/show: a project with its family's form, to edit it. */
export const ZProjectFormView = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  family: z.enum(PROJECT_FAMILIES),
  status: zProjectStatus,
  statusLabel: z.string(),
  /** the form as its kind read it (ProjectFormBase): the name and the family's fields, passed on as they are */
  form: z.object({ name: z.string() }).catchall(z.unknown()),
  version: z.number(),
  disclosureStart: z.string().nullable(),
  disclosureEnd: z.string().nullable(),
  attachments: zAttachmentsByTag,
  companyName: z.string(),
  /** the caller's open task on the project, if any (the disclosure application once submitted) */
  openTask: z
    .object({ id: z.number(), type: z.string(), routeName: z.string(), actionId: z.number() })
    .nullable(),
});

export type ProjectFormView = z.infer<typeof ZProjectFormView>;

/** A choice of a list's filter. */
const ZOption = z.object({ value: z.string(), label: z.string() });

/** GET /api/project/searchs. */
export const ZProjectSearchOptions = z.object({
  statuses: z.array(ZOption.extend({ value: zProjectStatus })),
  families: z.array(ZOption),
});

export type ProjectSearchOptions = z.infer<typeof ZProjectSearchOptions>;

/** POST /api/project/searchs/statusCategory: a status tab of the caller's projects, with its count. */
export const ZProjectStatusCount = z.object({ value: zProjectStatus, label: z.string(), count: z.number() });

export type ProjectStatusCount = z.infer<typeof ZProjectStatusCount>;

/** GET /api/project/transferor: the owner company as a project form shows it. */
export const ZProjectTransferor = z.object({
  companyId: z.number(),
  companyName: z.string(),
  creditCode: z.string().nullable(),
  contactName: z.string().nullable(),
  contactMobile: z.string().nullable(),
  /** its projects (of the business type asked about) */
  projectCount: z.number(),
});

export type ProjectTransferor = z.infer<typeof ZProjectTransferor>;

// The disclosure announcement (信息披露公告) of a project: POST /api/project/{family}/preview answers it, and its
// Word and PDF exports draw it.
export const ZDocumentColumn = z.object({
  label: z.string(),
  /** numbers are right-aligned, as the web's asset tables show them */
  align: z.enum(['left', 'right']),
  /** the column's share of the table width, relative to the other columns */
  weight: z.number(),
});

export type DocumentColumn = z.infer<typeof ZDocumentColumn>;

export const ZDocumentTable = z.object({
  columns: z.array(ZDocumentColumn),
  rows: z.array(z.array(z.string())),
});

export type DocumentTable = z.infer<typeof ZDocumentTable>;

/** A table of the announcement under its own heading (an asset category; empty where the part is one table). */
export const ZTableSection = z.object({
  heading: z.string(),
  table: ZDocumentTable,
  /** e.g. 另有 12 项资产未在本公告中列出…, when the list has more rows than are shown */
  more: z.string().optional(),
});

export type TableSection = z.infer<typeof ZTableSection>;

/** A numbered part of the announcement after the facts and the text: a list field or a sheet group of the kind. */
export const ZDocumentPart = z.object({
  heading: z.string(),
  sections: z.array(ZTableSection),
  /** shown under the heading when the project lists nothing there */
  empty: z.string(),
});

export type DocumentPart = z.infer<typeof ZDocumentPart>;

export const ZDisclosureDocument = z.object({
  title: z.string(),
  opening: z.string(),
  /** numbered section headings, in the order they are drawn */
  headings: z.object({ facts: z.string(), description: z.string() }),
  /** label and value rows */
  facts: z.array(z.object({ label: z.string(), value: z.string() })),
  /** the paragraphs of the description, empty when there is none */
  description: z.array(z.string()),
  /** the asset list, the transferors, the shareholder structure, the financial data ... as the kind has them */
  parts: z.array(ZDocumentPart),
  closing: z.object({ text: z.string(), issuer: z.string(), date: z.string() }),
});

export type DisclosureDocument = z.infer<typeof ZDisclosureDocument>;

/** The tag of the documents an owner files for an intended transferee (upload/transferee links them). */
export const TRANSFEREE_FILE_TAG = 'transfereeFile';

/**
 * POST /api/project/{stock|privateStock}/customer/list: an intended transferee (意向受让方) of an equity project, as
 * its approved intention registration named it, with the qualification the exchange confirmed and the documents
 * the owner filed for it (upload/transferee).
 */
export const ZIntendedTransferee = z.object({
  name: z.string(),
  /** fen: the price the member said the buyer would pay, if it did */
  amount: z.number().nullable(),
  /** when the exchange approved the registration */
  registeredAt: z.string(),
  isQualified: z.boolean(),
  /** the qualification opinion of the approved review */
  opinion: z.string().nullable(),
  qualifiedAt: z.string().nullable(),
  files: z.array(ZAttachmentItem),
});

export type IntendedTransferee = z.infer<typeof ZIntendedTransferee>;
