// What the public site publishes of a project, written from the project whenever it changes (the projects
// module's onChanged, in the transaction of the change): its listing row through the kind's publication, the notice
// of each change of course (挂牌, 变更, 中止, 恢复, 终止, 终结, 成交) with its day, and the word to whoever watches
// it or saved a search it now matches. A project the site never listed (a draft, an application under review)
// writes nothing; a listed one keeps its row when it leaves disclosure, for its notices and its deal.
import {
  addWorkdays,
  DEAL_NOTICE_WORKDAYS,
  DEAL_STATUSES,
  dictionariesOf,
  dealResultOf,
  findProjectKind,
  formatDate,
  formatMessage,
  isFieldVisible,
  listingStageOf,
  MSG,
  NOTICE_KIND_LABELS,
  publicBuyerName,
  publishedForm,
  readProjectForm,
  renderSmsTemplate,
  showFieldValue,
  type DictionaryCode,
  type ListingStage,
  type NoticeKind,
  type ProjectFormBase,
  type ProjectKind,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DictionariesService } from '../dictionaries/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { ProjectRow } from '../projects/service.ts';
import type { SmsService } from '../sms/service.ts';
import type { UsersService } from '../users/service.ts';
import { matchesSearch } from './search.ts';
import * as repo from './repo.ts';
import type { PublishedFact } from './tables.ts';

export type ProjectionDeps = {
  clock: Clock;
  users: Pick<UsersService, 'findCompany'>;
  dictionaries: Pick<DictionariesService, 'labeler'>;
  notifications: Pick<NotificationsService, 'raise'>;
  sms: Pick<SmsService, 'enqueue'>;
  /** told of each SMS written, to deliver it once the change commits */
  smsQueued: (id: number) => void;
};

/** The in-app page a watcher's notification opens: its watches, each linking to the public page. */
export const WATCHES_PATH = '/index/watchList';

const paragraphs = (value: unknown): string[] =>
  (typeof value === 'string' ? value : '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** A published field's value as the page shows it (the form already the published one: masked). */
function publishedFact(
  kind: ProjectKind,
  name: string,
  form: ProjectFormBase,
  dictLabel: (dict: DictionaryCode, key: string) => string,
  companyName: (id: number) => string | undefined,
): PublishedFact | undefined {
  const field = kind.fields.find((item) => item.name === name);
  if (field === undefined || !isFieldVisible(field, form)) return undefined;
  const value = showFieldValue(field, form[name], dictLabel, companyName);
  return value === '' ? undefined : { label: field.label, value };
}

/**
 * Where a kind without a region field is found: its owner's, by the administrative division its unified social
 * credit code was registered in (characters 3 to 8, GB 32100), else the region of its supervising body.
 */
function ownerRegion(
  owner:
    | {
        creditCode: string | null;
        regulatoryBodiesCity: string | null;
        regulatoryBodiesProvince: string | null;
      }
    | undefined,
): string | null {
  const division = owner?.creditCode?.slice(2, 8);
  if (division !== undefined && /^\d{6}$/.test(division)) return division;
  return owner?.regulatoryBodiesCity ?? owner?.regulatoryBodiesProvince ?? null;
}

const numberOf = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The deal as the notice shows it, from what the deal's modules and the contract recorded. */
function composeDeal(project: ProjectRow, form: ProjectFormBase, listedPrice: number | null) {
  const result = dealResultOf(project.details);
  const records = ['contract', 'transaction', 'resultConfirm'].map((key) => {
    const value: unknown = project.details[key];
    const last: unknown = Array.isArray(value) ? value.at(-1) : value;
    return typeof last === 'object' && last !== null ? (last as Record<string, unknown>) : undefined;
  });
  const record = records.find((item) => item !== undefined);
  const buyer =
    result?.transfereeName ?? (typeof record?.transfereeName === 'string' ? record.transfereeName : '');
  const decided =
    result?.decidedAt ?? (typeof record?.approvedAt === 'string' ? record.approvedAt : undefined);
  const dealtOn = formatDate(decided ?? project.updatedAt);
  return {
    price: numberOf(record?.dealPrice) ?? result?.dealPrice ?? listedPrice,
    appraisal: numberOf(form.appraisalPrice) ?? numberOf(form.shareAppraisalValue),
    method: result === null ? '协议转让' : result.source === 'bidding' ? '网络竞价' : '协议转让',
    dealtOn,
    buyer: buyer === '' ? '—' : publicBuyerName(buyer),
    noticeUntil: formatDate(addWorkdays(`${dealtOn}T00:00:00+08:00`, DEAL_NOTICE_WORKDAYS).date),
  };
}

/** The notice a change of course makes, if any: from the stage and closing day published before to the new ones. */
function noticeOf(
  before: { stage: ListingStage | null; disclosureEnd: Date | null; hasDeal: boolean } | undefined,
  after: { stage: ListingStage | null; disclosureEnd: Date | null; hasDeal: boolean },
  status: string,
): { kind: NoticeKind; text: string } | undefined {
  const end = (date: Date | null) => (date === null ? '—' : formatDate(date));
  if (after.hasDeal && before?.hasDeal !== true) return { kind: 'dealt', text: '项目已成交，现予公示。' };
  if (after.stage === null) {
    if (before?.stage === null || before === undefined) return undefined;
    if (status === 'terminated') return { kind: 'terminated', text: '项目终结，本次挂牌结束。' };
    if (status === 'ended') return { kind: 'ended', text: '项目终止信息披露。' };
    return undefined;
  }
  if (before === undefined || before.stage === null || (before.stage === 'pre' && after.stage === 'formal')) {
    const stage = after.stage === 'pre' ? '信息预披露' : '正式披露';
    return { kind: 'listed', text: `项目${stage}，披露截止日期${end(after.disclosureEnd)}。` };
  }
  if (after.stage === 'suspended' && before.stage !== 'suspended') {
    return { kind: 'suspended', text: '项目中止信息披露，恢复日期另行公告。' };
  }
  if (before.stage === 'suspended' && after.stage !== 'suspended') {
    return { kind: 'resumed', text: `项目恢复信息披露，披露截止日期${end(after.disclosureEnd)}。` };
  }
  if ((before.disclosureEnd?.getTime() ?? null) !== (after.disclosureEnd?.getTime() ?? null)) {
    return {
      kind: 'changed',
      text: formatMessage(MSG.publicWatchDeadline, {
        before: end(before.disclosureEnd),
        after: end(after.disclosureEnd),
      }),
    };
  }
  return undefined;
}

export function createProjection(deps: ProjectionDeps) {
  const { clock, users, dictionaries, notifications, sms } = deps;

  /**
   * Tells one user: a notification that opens 我的关注, and the SMS of `text` when the user asked for one (written
   * to the outbox in the same transaction, delivered once it has committed).
   */
  async function tell(
    tx: Db,
    user: { userId: number; companyId: number; sms: boolean; mobile: string | null },
    message: { kind: 'listing.changed' | 'listing.matched'; title: string; body: string },
    text: { template: 'listingChanged' | 'listingMatched'; content: string },
  ): Promise<void> {
    await notifications.raise(tx, {
      companyId: user.companyId,
      userId: user.userId,
      ...message,
      link: WATCHES_PATH,
    });
    if (!user.sms || user.mobile === null) return;
    const id = await sms.enqueue(
      tx,
      { mobile: user.mobile, purpose: 'listing', ...text },
      { userId: user.userId, companyId: user.companyId },
    );
    deps.smsQueued(id);
  }

  async function tellWatchers(
    tx: Db,
    listing: { projectId: number; code: string; name: string },
    notice: { kind: NoticeKind; text: string },
  ): Promise<void> {
    const change =
      notice.kind === 'changed'
        ? notice.text
        : formatMessage(MSG.publicWatchStatus, { notice: NOTICE_KIND_LABELS[notice.kind] });
    for (const watcher of await repo.listWatchers(tx, listing.projectId)) {
      await tell(
        tx,
        watcher,
        {
          kind: 'listing.changed',
          title: formatMessage(MSG.publicWatchChangedTitle, { project: listing.name }),
          body: formatMessage(MSG.publicWatchChangedBody, {
            project: listing.name,
            code: listing.code,
            change,
          }),
        },
        {
          template: 'listingChanged',
          content: renderSmsTemplate('listingChanged', { code: listing.code, change }),
        },
      );
    }
  }

  async function tellSearches(tx: Db, row: repo.ListingRow): Promise<void> {
    for (const search of await repo.listAllSearches(tx)) {
      if (!matchesSearch(search.query, row)) continue;
      await tell(
        tx,
        search,
        {
          kind: 'listing.matched',
          title: formatMessage(MSG.publicSearchMatchTitle, { name: search.name }),
          body: formatMessage(MSG.publicSearchMatchBody, {
            project: row.name,
            code: row.code,
            end: row.disclosureEnd === null ? '—' : formatDate(row.disclosureEnd),
          }),
        },
        {
          template: 'listingMatched',
          content: renderSmsTemplate('listingMatched', { code: row.code, name: search.name }),
        },
      );
    }
  }

  /** Publishes the project as it now is, in the transaction that changed it. */
  async function publish(tx: Db, project: ProjectRow): Promise<void> {
    const kind = findProjectKind(project.family);
    if (kind === undefined) return;
    const before = await repo.findListing(tx, project.id);
    const stage = listingStageOf(project.status) ?? null;
    const isDeal = DEAL_STATUSES.includes(project.status);
    if (before === undefined && stage === null && !isDeal) return;
    const form = readProjectForm(project);
    const shown = publishedForm(kind, form);
    const { publication } = kind;
    // one after another: a transaction is one connection
    const owner = await users.findCompany(project.companyId, tx);
    const member =
      project.agentCompanyId === null ? undefined : await users.findCompany(project.agentCompanyId, tx);
    const dictLabel = await dictionaries.labeler(dictionariesOf(kind.fields), tx);
    const companyName = (id: number) => (id === member?.id ? member.name : undefined);
    const facts = publication.fields.flatMap((name) => {
      const fact = publishedFact(kind, name, shown, dictLabel, companyName);
      return fact === undefined ? [] : [fact];
    });
    const region =
      publication.region === undefined
        ? ownerRegion(owner)
        : typeof form[publication.region] === 'string'
          ? (form[publication.region] as string)
          : null;
    const industry =
      publication.industry !== undefined && typeof form[publication.industry] === 'string'
        ? (form[publication.industry] as string)
        : null;
    const price = kind.listingPrice(form) ?? null;
    const now = clock.now();
    const deal = isDeal ? composeDeal(project, form, price) : (before?.deal ?? null);
    const values: repo.NewListingRow = {
      projectId: project.id,
      code: project.code,
      name: project.name,
      family: project.family,
      businessType: project.businessType,
      stage,
      price,
      deposit: numberOf(form.depositAmount),
      depositDeadline: typeof form.depositDeadline === 'string' ? form.depositDeadline : null,
      disclosureStart: project.disclosureStart,
      disclosureEnd: project.disclosureEnd,
      region,
      industry,
      ownerName: owner?.name ?? '',
      memberName: member?.name ?? null,
      page: {
        facts,
        description: paragraphs(shown[kind.announcement.bodyField]),
        conditions: publication.conditions === undefined ? [] : paragraphs(shown[publication.conditions]),
      },
      deal,
      dealNoticeUntil: deal?.noticeUntil ?? null,
      searchText: `${project.name}\n${project.code}`.toLowerCase(),
      listedAt: before?.listedAt ?? project.disclosureStart ?? now,
      updatedAt: now,
    };
    const row = await repo.upsertListing(tx, values);
    const notice = noticeOf(
      before === undefined
        ? undefined
        : { stage: before.stage, disclosureEnd: before.disclosureEnd, hasDeal: before.deal !== null },
      { stage, disclosureEnd: project.disclosureEnd, hasDeal: deal !== null },
      project.status,
    );
    if (notice === undefined) return;
    // a listing's first notice is dated the day its disclosure began (the site may publish it later: an upgrade)
    const at = notice.kind === 'listed' ? (project.disclosureStart ?? now) : now;
    await repo.insertNotice(tx, { projectId: project.id, kind: notice.kind, text: notice.text, at });
    if (notice.kind === 'listed' && (before === undefined || before.stage === null))
      await tellSearches(tx, row);
    else await tellWatchers(tx, row, notice);
  }

  return { publish };
}

export type Projection = ReturnType<typeof createProjection>;
