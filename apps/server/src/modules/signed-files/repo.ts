// The signed-files module's reads. 电签文件 is a view over what other modules own: the attachments tagged
// signedLetter (attachments module), named after the record they are filed under (a project, a refund ticket) and
// the company they are filed for. It reads those tables and never writes them, as the statistics module's reports
// do, so a page is one query instead of a call into every module and a merge in memory.
//
// A workflow letter is filed twice with the same bytes (on the application and on its project): one row per
// distinct content (storage_key, the sha256), the project's row preferred, as it names the project.
import { sql, type SQL } from 'drizzle-orm';
import { SIGNED_LETTER_TAG } from '@cqjy/domain';
import { selectRows, type Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';

/** Whose files: one company's, or every company's (the exchange). */
export type FileScope = { kind: 'all' } | { kind: 'company'; companyId: number };

export type SignedFileFilter = {
  keyword?: string | undefined;
  /** a keyword that may be (the start of) a verification code: the sha256's first hex digits, lower case */
  codePrefix?: string | undefined;
  /** instants: from included, before excluded */
  from?: Date | undefined;
  before?: Date | undefined;
  limit: number;
  offset: number;
};

export type SignedFileItem = {
  id: string;
  storageKey: string;
  fileName: string;
  size: number;
  dataClass: string | null;
  dataId: string | null;
  companyId: number;
  companyName: string;
  createdAt: Date;
  projectCode: string | null;
  projectName: string | null;
  ticketCode: string | null;
};

type RawItem = {
  id: string;
  storage_key: string;
  file_name: string;
  size: string | number;
  data_class: string | null;
  data_id: string | null;
  company_id: number;
  company_name: string;
  created_at: string | Date;
  project_code: string | null;
  project_name: string | null;
  ticket_code: string | null;
};

function toItem(row: RawItem): SignedFileItem {
  return {
    id: row.id,
    storageKey: row.storage_key,
    fileName: row.file_name,
    size: Number(row.size),
    dataClass: row.data_class,
    dataId: row.data_id,
    companyId: row.company_id,
    companyName: row.company_name,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
    projectCode: row.project_code,
    projectName: row.project_name,
    ticketCode: row.ticket_code,
  };
}

/**
 * One row per signed content in scope, with what it is filed under: the project's row first, then the oldest.
 * The refund ticket's project names a ticket's letter.
 */
function distinctSignedFiles(
  scope: FileScope,
  filter: Pick<SignedFileFilter, 'from' | 'before'> & { only?: SQL },
): SQL {
  const conditions: SQL[] = [
    sql`a.tag = ${SIGNED_LETTER_TAG}`,
    sql`a.deleted_at is null`,
    ...(scope.kind === 'company' ? [sql`a.company_id = ${scope.companyId}`] : []),
    ...(filter.only === undefined ? [] : [filter.only]),
    ...(filter.from === undefined ? [] : [sql`a.created_at >= ${filter.from.toISOString()}`]),
    ...(filter.before === undefined ? [] : [sql`a.created_at < ${filter.before.toISOString()}`]),
  ];
  return sql`
    select distinct on (a.storage_key)
      a.id, a.storage_key, a.file_name, a.size, a.data_class, a.data_id, a.company_id, a.created_at,
      c.name as company_name,
      coalesce(p.code, rp.code) as project_code,
      coalesce(p.name, rp.name) as project_name,
      r.code as ticket_code
    from attachments a
    join companies c on c.id = a.company_id
    left join projects p on a.data_class = 'project' and p.id::text = a.data_id
    left join refund_tickets r on a.data_class = 'refundTicket' and r.id::text = a.data_id
    left join projects rp on rp.id = r.project_id
    where ${sql.join(conditions, sql` and `)}
    order by a.storage_key, (a.data_class = 'project') desc, a.created_at, a.id`;
}

/** The keyword looks at the file name, the project, the ticket, the company, and the verification code. */
function matchesKeyword(filter: Pick<SignedFileFilter, 'keyword' | 'codePrefix'>): SQL {
  if (filter.keyword === undefined || filter.keyword === '') return sql`true`;
  const pattern = containsPattern(filter.keyword);
  const byText = sql`(f.file_name ilike ${pattern} or f.project_name ilike ${pattern}
    or f.project_code ilike ${pattern} or f.ticket_code ilike ${pattern} or f.company_name ilike ${pattern})`;
  if (filter.codePrefix === undefined) return byText;
  return sql`(${byText} or f.storage_key like ${`${filter.codePrefix}%`})`;
}

export async function listSignedFiles(
  db: Db,
  scope: FileScope,
  filter: SignedFileFilter,
): Promise<{ list: SignedFileItem[]; total: number }> {
  const files = distinctSignedFiles(scope, filter);
  const keyword = matchesKeyword(filter);
  const [rows, totals] = await Promise.all([
    selectRows<RawItem>(
      db,
      sql`select * from (${files}) f where ${keyword}
        order by f.created_at desc, f.id limit ${filter.limit} offset ${filter.offset}`,
    ),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from (${files}) f where ${keyword}`),
  ]);
  return { list: rows.map(toItem), total: Number(totals[0]?.n ?? 0) };
}

/** A signed file by its attachment id (a uuid), in scope; undefined when there is none (or it is another's). */
export async function findSignedFile(
  db: Db,
  scope: FileScope,
  id: string,
): Promise<SignedFileItem | undefined> {
  const owner = scope.kind === 'company' ? sql`and company_id = ${scope.companyId}` : sql``;
  const only = sql`a.storage_key = (select storage_key from attachments
    where id = ${id}::uuid and tag = ${SIGNED_LETTER_TAG} and deleted_at is null ${owner})`;
  const rows = await selectRows<RawItem>(db, sql`${distinctSignedFiles(scope, { only })} limit 1`);
  const row = rows[0];
  // named as its content's preferred row is; answered under the id asked for
  return row === undefined ? undefined : { ...toItem(row), id };
}

/** The stored signed file whose sha256 starts with `prefix` (lower-case hex), the first stored one. */
export async function findByCodePrefix(
  db: Db,
  prefix: string,
): Promise<{ storageKey: string; size: number } | undefined> {
  const rows = await selectRows<{ storage_key: string; size: string | number }>(
    db,
    sql`select a.storage_key, a.size from attachments a
      where a.tag = ${SIGNED_LETTER_TAG} and a.deleted_at is null and a.storage_key like ${`${prefix}%`}
      order by a.created_at, a.id limit 1`,
  );
  const row = rows[0];
  return row === undefined ? undefined : { storageKey: row.storage_key, size: Number(row.size) };
}
