// The listings module is the exchange's public disclosure site (信息披露): the listings, a listing's page, the
// deals made public and the notices of a course's change, for anyone and without signing in, as HTML pages
// (pages.ts) and as open data (GET /api/public/*); and what a signed-in user keeps there, its watched listings and
// saved searches. It publishes only what projection.ts wrote from the projects through their kinds'
// publication, so no draft, no application under review and no field a kind keeps to itself can be reached here.
//
// Reads are cached per node for a few seconds (the same page asked by many visitors is answered from memory, with
// an ETag); this node's own publications clear the cache at once, another node's show within CACHE_TTL_MS.
// Visits are counted in memory and added to the rows by one statement every few seconds.
import { createHash } from 'node:crypto';
import {
  COURSE_NOTICE_KINDS,
  DEAL_STATUSES,
  formatDate,
  MSG,
  PUBLIC_EXPORT_MAX,
  PUBLIC_PAGE_SIZE,
  formatMessage,
  type DealQuery,
  type ListingQuery,
  type ProjectStatus,
} from '@cqjy/domain';
import { SAVED_SEARCH_MAX } from '@cqjy/domain/contracts/public-site';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import { notFound, refused } from '../../platform/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { DictionariesService } from '../dictionaries/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { ProjectExportsService } from '../projects/exports-service.ts';
import type { ProjectsService } from '../projects/service.ts';
import type { SmsService } from '../sms/service.ts';
import type { UsersService } from '../users/service.ts';
import { createProjection } from './projection.ts';
import * as repo from './repo.ts';
import { describeQuery, parseSavedQuery } from './search.ts';
import { toPublicDeal, toPublicDetail, toPublicListing, toPublicNotice } from './view.ts';

export type ListingsService = ReturnType<typeof createListingsService>;

type SessionActor = SessionContext & RequestOrigin;

export type ListingsDeps = Pick<PlatformDeps, 'db' | 'clock' | 'log'> & {
  audit: AuditService;
  users: Pick<UsersService, 'findCompany' | 'findExchangeName'>;
  dictionaries: Pick<DictionariesService, 'labeler' | 'activeKeys'>;
  notifications: Pick<NotificationsService, 'raise'>;
  sms: Pick<SmsService, 'enqueue' | 'deliver'>;
  projects: Pick<ProjectsService, 'onChanged' | 'findById' | 'listIdsInStatuses'>;
  /** the project's announcement as the site publishes it (the projects' exports) */
  announcement: ProjectExportsService['publicAnnouncement'];
};

/** How long a node answers a read from memory; its own publications clear it sooner. */
export const CACHE_TTL_MS = 5000;
const CACHE_ENTRIES_MAX = 2000;
const VISIT_FLUSH_MS = 5000;
/** How long after a change it is published again from memory's point of view (its transaction has committed). */
const COMMIT_GRACE_MS = 1000;
const PUBLISH_BATCH = 200;
const PUBLISH_WAIT_MS = 5000;

/** A cached answer: its body and its ETag (a hash of the body). */
export type Cached = { body: string; etag: string };

export function createListingsService(deps: ListingsDeps) {
  const { db, clock, log, audit, projects } = deps;
  const cache = new Map<string, { value: unknown; at: number }>();
  const visits = new Map<string, number>();

  const projection = createProjection({
    ...deps,
    smsQueued: (id) => {
      // delivered once the change has committed; a message of a change rolled back is no longer there to send
      setTimeout(() => void deps.sms.deliver(id).catch(() => undefined), 1000).unref();
    },
  });
  projects.onChanged(async (tx, row) => {
    await projection.publish(tx, row);
    // now, and again once the change has surely committed: a read between the two kept what was there before
    cache.clear();
    setTimeout(() => cache.clear(), COMMIT_GRACE_MS).unref();
  });

  const flushTimer = setInterval(() => void flushVisits(), VISIT_FLUSH_MS);
  flushTimer.unref();

  async function flushVisits(): Promise<void> {
    if (visits.size === 0) return;
    const batch = new Map(visits);
    visits.clear();
    try {
      await repo.addVisits(db, batch);
    } catch (error) {
      log.warn({ err: error }, 'listing visits not counted');
    }
  }

  async function industryLabel(): Promise<(key: string) => string> {
    const labeler = await remember('industryLabels', () => deps.dictionaries.labeler(['industry']));
    return (key) => labeler('industry', key);
  }

  /** A read answered from this node's memory while fresh, else computed and kept. */
  async function remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    const now = Date.now();
    if (hit !== undefined && now - hit.at < CACHE_TTL_MS) return hit.value as T;
    const value = await compute();
    if (cache.size >= CACHE_ENTRIES_MAX) cache.clear();
    cache.set(key, { value, at: now });
    return value;
  }

  /** An answer's body kept with its ETag (a hash of the body), for the open data's conditional requests. */
  function rememberBody(key: string, compute: () => Promise<string>): Promise<Cached> {
    return remember(key, async () => {
      const body = await compute();
      return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    });
  }

  async function exchangeName(): Promise<string> {
    return remember('exchangeName', () => deps.users.findExchangeName());
  }

  async function industryOptions(): Promise<{ value: string; label: string }[]> {
    return remember('industries', async () => {
      const [keys, label] = await Promise.all([deps.dictionaries.activeKeys('industry'), industryLabel()]);
      return keys.map((key) => ({ value: key, label: label(key) }));
    });
  }

  const pageOf = (query: { page?: number | undefined; size?: number | undefined }) => {
    const size = query.size ?? PUBLIC_PAGE_SIZE;
    const page = query.page ?? 1;
    return { page, size, offset: (page - 1) * size, limit: size };
  };

  const today = () => formatDate(clock.now());
  const serverTime = () => clock.now().toISOString();

  async function listings(query: ListingQuery) {
    const paging = pageOf(query);
    const [{ rows, total }, label] = await Promise.all([
      repo.listListings(db, query, clock.now(), paging),
      industryLabel(),
    ]);
    return { list: rows.map((row) => toPublicListing(row, label)), total, serverTime: serverTime() };
  }

  /** A listing's page, while it is listed or its deal notice runs; else 404. Counts the visit. */
  async function listing(code: string) {
    const row = await repo.findPublic(db, code, clock.now(), today());
    if (row === undefined) throw notFound(MSG.publicListingMissing);
    const [notices, label] = await Promise.all([repo.listProjectNotices(db, row.projectId), industryLabel()]);
    return { ...toPublicDetail(row, notices, label), serverTime: serverTime() };
  }

  /** A visit of a listing's page, added to its row with the next flush. */
  function countVisit(code: string): void {
    visits.set(code, (visits.get(code) ?? 0) + 1);
  }

  async function deals(query: DealQuery) {
    const paging = pageOf(query);
    const { rows, total } = await repo.listDeals(db, query, today(), paging);
    return {
      list: rows.flatMap((row) => {
        const deal = toPublicDeal(row);
        return deal === null ? [] : [deal];
      }),
      total,
      serverTime: serverTime(),
    };
  }

  async function notices(query: { page?: number | undefined; size?: number | undefined }) {
    const paging = pageOf(query);
    const { rows, total } = await repo.listCourseNotices(db, COURSE_NOTICE_KINDS, paging);
    return { list: rows.map(toPublicNotice), total, serverTime: serverTime() };
  }

  /** Every row the site shows now, for the sitemap, the feed and the bulk export. */
  async function everything(limit = PUBLIC_EXPORT_MAX) {
    const [rows, label] = await Promise.all([
      repo.listAllPublic(db, clock.now(), today(), limit),
      industryLabel(),
    ]);
    const now = clock.now();
    return rows.map((row) => ({
      row,
      isListed: repo.isListedRow(row, now),
      listing: toPublicListing(row, label),
      deal: toPublicDeal(row),
    }));
  }

  /** The announcement PDF of a listing on the site (its published fields only); 404 for any other code. */
  async function announcement(code: string) {
    const row = await repo.findPublic(db, code, clock.now(), today());
    if (row === undefined) throw notFound(MSG.publicListingMissing);
    const file = await remember(`announcement:${code}`, () => deps.announcement(row.projectId));
    if (file === undefined) throw notFound(MSG.publicListingMissing);
    return file;
  }

  async function findWatchable(code: string) {
    const row = await repo.findPublic(db, code, clock.now(), today());
    if (row === undefined) throw notFound(MSG.publicListingMissing);
    return row;
  }

  async function watch(actor: SessionActor, code: string, sms: boolean) {
    const row = await findWatchable(code);
    const watches = await db.transaction(async (tx) => {
      const n = await repo.watch(tx, {
        userId: actor.userId,
        companyId: actor.companyId,
        projectId: row.projectId,
        sms,
      });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'listing.watch',
        result: 'ok',
        target: String(row.projectId),
        detail: { code, sms },
      });
      return n;
    });
    cache.clear();
    return { code, watched: true, watches };
  }

  async function unwatch(actor: SessionActor, code: string) {
    const row = await findWatchable(code);
    const watches = await db.transaction(async (tx) => {
      const n = await repo.unwatch(tx, actor.userId, row.projectId);
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'listing.unwatch',
        result: 'ok',
        target: String(row.projectId),
        detail: { code },
      });
      return n;
    });
    cache.clear();
    return { code, watched: false, watches };
  }

  async function listWatches(actor: SessionActor) {
    const [rows, label] = await Promise.all([repo.listUserWatches(db, actor.userId), industryLabel()]);
    const now = clock.now();
    const day = today();
    return rows.map(({ watch: item, listing: row }) => ({
      code: row.code,
      name: row.name,
      sms: item.sms,
      watchedAt: item.createdAt.toISOString(),
      listing: repo.isShown(row, now, day) ? toPublicListing(row, label) : null,
    }));
  }

  async function saveSearch(
    actor: SessionActor,
    input: { name: string; query: Record<string, string>; sms: boolean },
  ) {
    const query = parseSavedQuery(input.query);
    if (query === undefined) throw refused(MSG.publicFilterInvalid);
    const { sort: _sort, page: _page, size: _size, ...filters } = query;
    const stored = Object.fromEntries(
      Object.entries(filters).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
    );
    if (Object.keys(stored).length === 0) throw refused(MSG.publicSearchEmpty);
    return db.transaction(async (tx) => {
      if ((await repo.countSearches(tx, actor.userId)) >= SAVED_SEARCH_MAX) {
        throw refused(formatMessage(MSG.publicSearchLimit, { max: SAVED_SEARCH_MAX }));
      }
      const row = await repo.insertSearch(tx, {
        userId: actor.userId,
        companyId: actor.companyId,
        name: input.name,
        query: stored,
        sms: input.sms,
      });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'listing.searchSave',
        result: 'ok',
        target: String(row.id),
        detail: { name: input.name, query: stored, sms: input.sms },
      });
      return { id: row.id, version: 1 };
    });
  }

  async function listSearches(actor: SessionActor) {
    const [rows, label] = await Promise.all([repo.listUserSearches(db, actor.userId), industryLabel()]);
    return rows.map((row) => {
      const query = parseSavedQuery(row.query);
      return {
        id: row.id,
        name: row.name,
        query: row.query,
        summary: query === undefined ? '—' : describeQuery(query, label),
        sms: row.sms,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  async function deleteSearch(actor: SessionActor, id: number) {
    return db.transaction(async (tx) => {
      if (!(await repo.deleteSearch(tx, actor.userId, id))) throw notFound();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'listing.searchDelete',
        result: 'ok',
        target: String(id),
      });
      return { id };
    });
  }

  /**
   * Publishes every project in a public status (the site's first start on a database that had projects, and
   * the demo's seed), PUBLISH_BATCH projects a transaction. A node starting beside it meanwhile publishes the same
   * rows again (an upsert), its notices only for rows it finds unpublished.
   */
  async function publishAll(): Promise<number> {
    const statuses: ProjectStatus[] = ['preDisclosing', 'disclosing', 'suspended', ...DEAL_STATUSES];
    const ids = await projects.listIdsInStatuses(statuses);
    for (let start = 0; start < ids.length; start += PUBLISH_BATCH) {
      await db.transaction(async (tx: Db) => {
        for (const id of ids.slice(start, start + PUBLISH_BATCH)) {
          const row = await projects.findById(id, tx);
          if (row !== undefined) await projection.publish(tx, row);
        }
      });
    }
    cache.clear();
    return ids.length;
  }

  /**
   * publishAll when the site has nothing yet (the table new after an upgrade, the demo seeded before the app): the
   * start waits for it up to `waitMs` (the demo's few projects are listed before the first request), a larger
   * database goes on being published in the background while the portal serves.
   */
  async function publishIfEmpty(waitMs = PUBLISH_WAIT_MS): Promise<void> {
    if ((await repo.countListings(db)) > 0) return;
    const started = Date.now();
    const job = publishAll().then(
      (count) => log.info({ count, ms: Date.now() - started }, 'public listings published'),
      (error: unknown) => log.error({ err: error }, 'public listings not published'),
    );
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    await Promise.race([job, waited]);
    clearTimeout(timer);
  }

  return {
    remember,
    rememberBody,
    exchangeName,
    industryOptions,
    listings,
    listing,
    countVisit,
    announcement,
    deals,
    notices,
    everything,
    watch,
    unwatch,
    listWatches,
    saveSearch,
    listSearches,
    deleteSearch,
    publishAll,
    publishIfEmpty,
    flushVisits,
    stop: () => clearInterval(flushTimer),
  };
}
