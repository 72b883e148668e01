// The account-opening applications of the demo companies awaiting the exchange's review (机构管理 → 开户审核). A
// demo application is what a real applicant leaves behind (accounts module): every fact of the company form on the
// company row, the registered mobile as the contact mobile, a business licence under the application (locked, as
// the submission locks it) and the history of its course: registered, submitted, returned once with a reason,
// corrected and resubmitted. Without all of it the review dialog shows "—" and the approval is refused.
// The licence bytes are stored before the seed's transaction (it must not wait on object storage); the rows that
// refer to them go in with the rest of the demo data.
import { Readable } from 'node:stream';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import {
  BUSINESS_LICENSE_TAG,
  COMPANY_OPENING_DATA_CLASS,
  IDENTITY,
  type CompanyApplicationFields,
} from '@cqjy/domain';
import type { Config } from '../config.ts';
import { companyExaminations } from '../modules/accounts/tables.ts';
import { attachments } from '../modules/attachments/tables.ts';
import { tasks } from '../modules/tasks/tables.ts';
import { buildDirectorySamples } from '../modules/dictionaries/seed.ts';
import { getSharedPdfFontSource } from '../platform/pdf/fonts.ts';
import { createTypesetter, drawLine, wrap, type Typesetter } from '../platform/pdf/typesetting.ts';
import { createStorage } from '../platform/storage-drivers.ts';
import type { StoredObject } from '../platform/storage.ts';
import type { Db } from '../db/client.ts';

/** What the business licence states beyond the application's own facts. */
export type DemoLicence = {
  kind: string;
  capital: string;
  foundedOn: string;
  term: string;
  scope: string;
  authority: string;
  issuedOn: string;
};

/** A submitted application: the company form as it stands now, and the course that led there. */
export type DemoApplication = Omit<CompanyApplicationFields, 'name'> & {
  contactMobile: string;
  licence: DemoLicence;
  /** the address of the first submission, which the exchange returned with `returnReason` */
  firstAddress: string;
  returnReason: string;
};

/** A company of the Beijing state-asset directory the seed also writes, so the pick matches the form's list. */
export function beijingStateEnterprise(name: string): { stateFundedEnter: string; stateCreditCode: string } {
  const entry = buildDirectorySamples().find((row) => row.searchCode === 'BJSGZW' && row.name === name);
  if (entry === undefined) throw new Error(`no directory entry ${name}`);
  return { stateFundedEnter: entry.name, stateCreditCode: entry.creditCode };
}

/** The company columns an application fills in. */
export function applicationColumns(application: DemoApplication): Omit<CompanyApplicationFields, 'name'> & {
  contactMobile: string;
} {
  return {
    legalPerson: application.legalPerson,
    address: application.address,
    contactName: application.contactName,
    contactMobile: application.contactMobile,
    regulatoryBodies: application.regulatoryBodies,
    regulatoryBodiesProvince: application.regulatoryBodiesProvince,
    regulatoryBodiesCity: application.regulatoryBodiesCity,
    stateFundedEnter: application.stateFundedEnter,
    stateCreditCode: application.stateCreditCode,
  };
}

type LicenceCompany = { name: string; creditCode: string; application: DemoApplication };

export const LICENCE_FILE_NAME = '营业执照副本.pdf';

const PAGE = { width: 595.28, height: 841.89 };
const RED = rgb(0.72, 0.12, 0.1);
const GREY = rgb(0.45, 0.45, 0.45);
/** Fixed dates keep the file's bytes, and so its content address, the same at every seeding. */
const RENDERED_AT = new Date('2026-01-01T00:00:00+08:00');

async function drawCentred(
  page: ReturnType<PDFDocument['addPage']>,
  typesetter: Typesetter,
  text: string,
  size: number,
  y: number,
): Promise<void> {
  const [line] = wrap(await typesetter.toRuns(text), size, PAGE.width);
  if (line !== undefined) drawLine(page, line, (PAGE.width - line.width) / 2, y, size);
}

/** A one-page licence (副本) in the layout of the real one, marked as demo data. */
async function renderLicence(company: LicenceCompany): Promise<Uint8Array> {
  const { application, name, creditCode } = company;
  const { licence } = application;
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  doc.setTitle(`${name}营业执照（副本）`);
  doc.setCreator('产权交易机构服务中台（演示数据）');
  doc.setCreationDate(RENDERED_AT);
  doc.setModificationDate(RENDERED_AT);
  const typesetter = await createTypesetter(doc, getSharedPdfFontSource());
  const page = doc.addPage([PAGE.width, PAGE.height]);
  for (const [inset, thickness] of [
    [28, 2.5],
    [36, 0.8],
  ] as const) {
    page.drawRectangle({
      x: inset,
      y: inset,
      width: PAGE.width - inset * 2,
      height: PAGE.height - inset * 2,
      borderColor: RED,
      borderWidth: thickness,
    });
  }
  await drawCentred(page, typesetter, '营 业 执 照', 40, PAGE.height - 130);
  await drawCentred(page, typesetter, '（副　本）', 16, PAGE.height - 162);

  const left = 80;
  const labelWidth = 110;
  const valueWidth = PAGE.width - left * 2 - labelWidth;
  let y = PAGE.height - 215;
  const codeLine = wrap(await typesetter.toRuns(`统一社会信用代码　${creditCode}`), 12, PAGE.width);
  if (codeLine[0] !== undefined) drawLine(page, codeLine[0], left, y, 12);
  y -= 36;
  const rows: [string, string][] = [
    ['名　　称', name],
    ['类　　型', licence.kind],
    ['法定代表人', application.legalPerson ?? ''],
    ['注册资本', licence.capital],
    ['成立日期', licence.foundedOn],
    ['营业期限', licence.term],
    ['住　　所', application.address ?? ''],
    ['经营范围', licence.scope],
  ];
  for (const [label, value] of rows) {
    const [labelLine] = wrap(await typesetter.toRuns(label), 12, labelWidth);
    const valueLines = wrap(await typesetter.toRuns(value), 12, valueWidth);
    if (labelLine !== undefined) drawLine(page, labelLine, left, y, 12);
    for (const line of valueLines) {
      drawLine(page, line, left + labelWidth, y, 12);
      y -= 20;
    }
    y -= 10;
  }

  const right = PAGE.width - 90;
  for (const [text, lineY] of [
    [`登记机关　${licence.authority}`, 170],
    [licence.issuedOn, 146],
  ] as const) {
    const [line] = wrap(await typesetter.toRuns(text), 12, PAGE.width);
    if (line !== undefined) drawLine(page, line, right - line.width, lineY, 12);
  }
  const [note] = wrap(await typesetter.toRuns('演示数据，仅供系统演示使用'), 9, PAGE.width);
  if (note !== undefined) drawLine(page, note, (PAGE.width - note.width) / 2, 52, 9, GREY);
  return doc.save({ useObjectStreams: false });
}

/** Rendered once per process and company: every test app seeds the same demo data. */
const rendered = new Map<string, Promise<Uint8Array>>();

/**
 * Renders and stores the licence of each company awaiting review (outside any transaction); answers the stored
 * object by company name. Storing equal bytes again only refreshes them.
 */
export async function storeDemoLicences(
  config: Pick<Config, 'storage' | 'storageDir'>,
  companies: readonly LicenceCompany[],
): Promise<Map<string, StoredObject>> {
  const stored = new Map<string, StoredObject>();
  if (companies.length === 0) return stored;
  const storage = createStorage(config);
  try {
    for (const company of companies) {
      let pdf = rendered.get(company.name);
      if (pdf === undefined) {
        pdf = renderLicence(company);
        rendered.set(company.name, pdf);
      }
      const bytes = Buffer.from(await pdf);
      stored.set(company.name, await storage.put(Readable.from([bytes]), { maxBytes: bytes.length }));
    }
  } finally {
    await storage.close();
  }
  return stored;
}

const DAY_MS = 86_400_000;

/**
 * The licence row and the history of a submitted application, as the accounts module writes them: registered six
 * days ago, submitted, returned by the exchange with its reason, and resubmitted with the correction two days ago.
 */
export async function insertDemoApplication(
  tx: Db,
  input: {
    companyId: number;
    company: { name: string; creditCode: string };
    application: DemoApplication;
    licence: StoredObject;
    applicantUserId: number;
    reviewerUserId: number;
    now: Date;
  },
): Promise<void> {
  const { companyId, company, application, now } = input;
  const at = (days: number, hours = 0) => new Date(now.getTime() - days * DAY_MS + hours * 3_600_000);
  const [file] = await tx
    .insert(attachments)
    .values({
      storageKey: input.licence.key,
      size: input.licence.size,
      contentType: 'application/pdf',
      fileName: LICENCE_FILE_NAME,
      ext: 'pdf',
      tag: BUSINESS_LICENSE_TAG,
      dataClass: COMPANY_OPENING_DATA_CLASS,
      dataId: String(companyId),
      companyId,
      createdBy: input.applicantUserId,
      createdAt: at(5, -1),
      isLocked: true,
    })
    .returning({ id: attachments.id });
  const columns = applicationColumns(application);
  const submitted = {
    ...columns,
    name: company.name,
    creditCode: company.creditCode,
    businessLicense: [{ uuid: file?.id ?? '', fileName: LICENCE_FILE_NAME }],
  };
  const first = { ...submitted, address: application.firstAddress };
  const applicant = input.applicantUserId;
  await tx.insert(companyExaminations).values([
    {
      companyId,
      action: 'register',
      reason: null,
      snapshot: {
        name: company.name,
        creditCode: company.creditCode,
        contactName: application.contactName,
        contactMobile: application.contactMobile,
      },
      actorUserId: applicant,
      createdAt: at(6),
    },
    { companyId, action: 'submit', reason: null, snapshot: first, actorUserId: applicant, createdAt: at(5) },
    {
      companyId,
      action: 'return',
      reason: application.returnReason,
      snapshot: first,
      actorUserId: input.reviewerUserId,
      createdAt: at(4),
    },
    {
      companyId,
      action: 'submit',
      reason: null,
      snapshot: submitted,
      actorUserId: applicant,
      createdAt: at(2),
    },
  ]);
  // the resubmission waits in the exchange's 待办任务, as the accounts module opens it
  await tx.insert(tasks).values({
    subject: 'accountOpening',
    subjectId: companyId,
    step: 'accountOpeningReview',
    subjectName: company.name,
    companyId,
    type: 'Review',
    routeName: 'companyList',
    routeQuery: { tab: 'opening', id: companyId },
    status: 'open',
    assigneeIdentity: IDENTITY.admin,
    createdAt: at(2),
    updatedAt: at(2),
  });
}
