// The exports of a physical-asset project's disclosure announcement (信息披露公告) as Word and PDF: gathers the
// project, its owner, the exchange, the companies its fields name and the asset list into the document model and
// has it rendered. Whoever sees the project may export it; another company's project, or one of the other family,
// is not found.
import {
  dictionariesOf,
  publishedForm,
  publishedKind,
  readProjectForm,
  type DisclosureDocument,
  type ProjectFormBase,
  type ProjectKind,
  type SheetValues,
} from '@cqjy/domain';
import { notFound } from '../../platform/errors.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { DictionariesService } from '../dictionaries/service.ts';
import type { UsersService } from '../users/service.ts';
import type { Viewer } from '../attachments/service.ts';
import { composeDisclosureDocument, disclosureFileName } from './disclosure-document.ts';
import { renderDisclosureDocx } from './disclosure-docx.ts';
import { renderDisclosurePdf } from './disclosure-pdf.ts';
import * as sheetRows from './repo-sheets.ts';
import type * as repo from './repo.ts';
import { requireKind, type ProjectsService } from './service.ts';

export type ProjectExportsService = ReturnType<typeof createProjectExportsService>;

export type ExportFormat = 'word' | 'pdf';

/** A rendered announcement answered as a download. */
export type ExportFile = { fileName: string; contentType: string; bytes: Uint8Array };

const CONTENT_TYPES: Record<ExportFormat, string> = {
  word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

export function createProjectExportsService(
  deps: Pick<PlatformDeps, 'db' | 'clock'> & {
    users: UsersService;
    dictionaries: DictionariesService;
    projects: ProjectsService;
  },
) {
  const { db, users, clock, dictionaries, projects } = deps;

  /** The project's rows of each of its kind's sheets, by sheet key. */
  async function listSheets(
    projectId: number,
    keys: readonly string[],
  ): Promise<Record<string, SheetValues[]>> {
    const lists = await Promise.all(
      keys.map(async (key) => {
        const rows = await sheetRows.listAllSheetRows(db, projectId, key);
        return [key, rows.map((row) => row.values)] as const;
      }),
    );
    return Object.fromEntries(lists);
  }

  /**
   * The names of the companies the form's fields refer to by id (the member the project is entrusted to), read
   * once: the announcement shows a company by its name, never by its id.
   */
  async function companyNamer(
    kind: ProjectKind,
    form: ProjectFormBase,
  ): Promise<(id: number) => string | undefined> {
    const ids = [
      ...new Set(
        kind.fields.flatMap((field) => {
          const value = form[field.name];
          return field.kind === 'member' && typeof value === 'number' ? [value] : [];
        }),
      ),
    ];
    const companies = await Promise.all(
      ids.map(async (id) => [id, (await users.findCompany(id))?.name] as const),
    );
    const names = new Map(companies);
    return (id) => names.get(id);
  }

  async function compose(
    viewer: Viewer,
    family: string,
    projectId: number,
  ): Promise<{ project: repo.ProjectRow; document: DisclosureDocument }> {
    const project = await projects.findVisible(viewer, projectId);
    if (project.family !== family) throw notFound();
    const kind = requireKind(family);
    return { project, document: await composeOf(project, kind, readProjectForm(project)) };
  }

  async function composeOf(
    project: repo.ProjectRow,
    kind: ProjectKind,
    form: ProjectFormBase,
  ): Promise<DisclosureDocument> {
    const [owner, exchange, sheets, dictLabel, companyName] = await Promise.all([
      users.findCompany(project.companyId),
      users.findExchangeName(),
      listSheets(
        project.id,
        kind.sheets.map((sheet) => sheet.key),
      ),
      dictionaries.labeler(dictionariesOf(kind.fields)),
      companyNamer(kind, form),
    ]);
    return composeDisclosureDocument({
      project,
      kind,
      form,
      ownerName: owner?.name ?? '',
      exchangeName: exchange,
      sheets,
      dictLabel,
      companyName,
      // An announcement is dated the day its disclosure began; before that, the day it is exported.
      day: project.disclosureStart ?? clock.now(),
    });
  }

  async function exportAnnouncement(
    viewer: Viewer,
    family: string,
    projectId: number,
    format: ExportFormat,
  ): Promise<ExportFile> {
    const { project, document } = await compose(viewer, family, projectId);
    const bytes =
      format === 'word' ? await renderDisclosureDocx(document) : await renderDisclosurePdf(document);
    return {
      fileName: disclosureFileName(project, format === 'word' ? 'docx' : 'pdf'),
      contentType: CONTENT_TYPES[format],
      bytes,
    };
  }

  /** The announcement as the preview shows it (POST /api/project/{family}/preview). */
  async function previewAnnouncement(
    viewer: Viewer,
    family: string,
    projectId: number,
  ): Promise<DisclosureDocument> {
    return (await compose(viewer, family, projectId)).document;
  }

  /**
   * The announcement as the public site publishes it (/listings/{code}/announcement.pdf): the kind's published
   * fields only, telephones and personal numbers masked, with its lists; undefined for a project that is gone. The
   * site asks it only for a project it lists.
   */
  async function publicAnnouncement(projectId: number): Promise<ExportFile | undefined> {
    const project = await projects.findById(projectId);
    if (project === undefined) return undefined;
    const kind = requireKind(project.family);
    const document = await composeOf(
      project,
      publishedKind(kind),
      publishedForm(kind, readProjectForm(project)),
    );
    return {
      fileName: disclosureFileName(project, 'pdf'),
      contentType: CONTENT_TYPES.pdf,
      bytes: await renderDisclosurePdf(document),
    };
  }

  return { exportAnnouncement, previewAnnouncement, publicAnnouncement };
}
