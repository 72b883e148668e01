// Row 10 of the reliability plan: kill -9 of a node while it takes uploads and project submissions. Afterwards
// every file a row refers to is whole (its bytes, downloaded through the surviving node, have the sha256 they
// were stored under and that the client uploaded), no transaction is half done (an application is either a
// draft with nothing else or submitted with its letter, revision and task), the audit chain verifies, a
// submission cut between its steps completes when sent again, and the balancer and the surviving node serve on.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgPool, wrapPgPool } from '../db/client.ts';
import { verifyAuditChain } from '../modules/audit/service.ts';
import {
  call,
  createDraft,
  download,
  makeUniquePdf,
  sha256,
  signInToken,
  upload,
  whoAmI,
} from './multi-node-client.ts';
import {
  findPostgres,
  requireAll,
  requireHaproxy,
  requirePostgres,
  sleep,
  startCluster,
  type Cluster,
  type ServerNode,
} from './multi-node.ts';

const postgres = findPostgres();
const requirement = requireAll(requirePostgres(), requireHaproxy());

const SUBMITS = 8;
const UPLOAD_SIZES = [256 * 1024, 2 * 1024 * 1024, 6 * 1024 * 1024, 12 * 1024 * 1024];
const UPLOADS = 16;
const CONCURRENCY = 4;

type Outcome = 'ack' | 'refused' | 'error' | 'unsent';

type Operation =
  | { kind: 'upload'; bytes: Buffer; sha: string; projectId: number; outcome: Outcome; uuid?: string }
  | { kind: 'submit'; projectId: number; version: number; outcome: Outcome };

type InstanceRow = {
  id: number;
  project_id: number;
  status: string;
  revision_no: number;
  letter_id: string | null;
  letter_sha256: string | null;
};

describe('kill -9 of a node during uploads and submits', () => {
  let cluster: Cluster;
  let victim: ServerNode;
  let survivor: ServerNode;
  let lb: string;

  beforeAll(async () => {
    if (!requirement.isMet || postgres === undefined) return;
    cluster = await startCluster({ postgres, isBalanced: true, env: { LOGIN_RATE_MAX: '1000' } });
    [victim, survivor] = cluster.nodes as [ServerNode, ServerNode];
    lb = cluster.balancer?.url ?? '';
  });

  afterAll(async () => {
    await cluster?.close();
  });

  async function instancesOf(projectIds: number[]): Promise<InstanceRow[]> {
    const result = await cluster.pool.query<InstanceRow>(
      `select id, project_id, status, revision_no, letter_id, letter_sha256
         from action_instances where project_id = any($1::int[]) order by id`,
      [projectIds],
    );
    return result.rows;
  }

  /** What a submitted application must have, all written by one transaction; a draft has none of it. */
  async function checkInstance(row: InstanceRow): Promise<string[]> {
    const problems: string[] = [];
    const counts = await cluster.pool.query<{ revisions: number; open_tasks: number; tasks: number }>(
      `select (select count(*)::int from action_revisions r where r.instance_id = $1 and r.no = $2
                 and r.letter_id is not distinct from $3::uuid) as revisions,
              (select count(*)::int from tasks t where t.subject = 'action' and t.subject_id = $1 and t.status = 'open'
                 and t.type = 'EicSre') as open_tasks,
              (select count(*)::int from tasks t where t.subject = 'action' and t.subject_id = $1) as tasks`,
      [row.id, row.revision_no, row.letter_id],
    );
    const {
      revisions,
      open_tasks: openTasks,
      tasks,
    } = counts.rows[0] ?? { revisions: 0, open_tasks: 0, tasks: 0 };
    if (row.status === 'draft') {
      if (row.revision_no !== 0 || row.letter_id !== null || tasks !== 0) {
        problems.push(`instance ${row.id}: a draft with submission traces`);
      }
    } else if (row.status === 'letterGenerated') {
      const letter = await cluster.pool.query<{ storage_key: string }>(
        'select storage_key from attachments where id = $1 and deleted_at is null',
        [row.letter_id],
      );
      if (letter.rows[0]?.storage_key !== row.letter_sha256)
        problems.push(`instance ${row.id}: letter missing`);
      if (row.revision_no < 1 || revisions !== 1) problems.push(`instance ${row.id}: revision missing`);
      if (openTasks !== 1) problems.push(`instance ${row.id}: ${openTasks} open signature tasks`);
    } else {
      problems.push(`instance ${row.id}: unexpected status ${row.status}`);
    }
    return problems;
  }

  it.skipIf(!requirement.isMet)(
    `every referenced file is whole, no transaction is half done, the survivor serves on${requirement.note}`,
    async () => {
      const testStartedAt = new Date(Date.now() - 1000);
      const token = await signInToken(victim.url, 'transferor');
      const drafts: { id: number; version: number }[] = [];
      for (let i = 0; i < SUBMITS + 4; i += 1) {
        const created = await createDraft(victim.url, token, `断电演练项目${i + 1}`);
        expect(created.body?.status, created.body?.msg).toBe(0);
        drafts.push(created.body?.data as { id: number; version: number });
      }
      const submitted = drafts.slice(0, SUBMITS);
      const fileTargets = drafts.slice(SUBMITS);
      const operations: Operation[] = [];
      for (let i = 0; i < Math.max(UPLOADS, SUBMITS); i += 1) {
        if (i < UPLOADS) {
          const bytes = makeUniquePdf(UPLOAD_SIZES[i % UPLOAD_SIZES.length] as number);
          const target = fileTargets[i % fileTargets.length] as { id: number };
          operations.push({
            kind: 'upload',
            bytes,
            sha: sha256(bytes),
            projectId: target.id,
            outcome: 'unsent',
          });
        }
        if (i < SUBMITS && i % 2 === 0) {
          for (const draft of submitted.slice(i, i + 2)) {
            operations.push({
              kind: 'submit',
              projectId: draft.id,
              version: draft.version,
              outcome: 'unsent',
            });
          }
        }
      }

      // Four clients at once against the victim; it is killed once a few of each kind were acknowledged.
      let isKilled = false;
      let next = 0;
      const inFlight = new Set<Operation>();
      const run = async (operation: Operation): Promise<void> => {
        try {
          if (operation.kind === 'upload') {
            const answer = await upload(victim.url, token, {
              bytes: operation.bytes,
              name: `现场照片${operations.indexOf(operation)}.pdf`,
              tag: 'other',
              dataClass: 'project',
              dataId: String(operation.projectId),
            });
            operation.outcome = answer.body?.status === 0 ? 'ack' : 'refused';
            operation.uuid = answer.body?.data?.other?.at(-1)?.uuid;
          } else {
            const answer = await call(victim.url, 'POST', `/api/project/bulk/submit/${operation.projectId}`, {
              token,
              json: { version: operation.version },
            });
            operation.outcome = answer.body?.status === 0 ? 'ack' : 'refused';
          }
        } catch {
          operation.outcome = 'error';
        }
      };
      const worker = async (): Promise<void> => {
        while (!isKilled && next < operations.length) {
          const operation = operations[next] as Operation;
          next += 1;
          inFlight.add(operation);
          await run(operation);
          inFlight.delete(operation);
        }
      };
      const acked = (kind: Operation['kind']) =>
        operations.filter((op) => op.kind === kind && op.outcome === 'ack').length;
      const workers = Array.from({ length: CONCURRENCY }, () => worker());
      const deadline = Date.now() + 60_000;
      while (
        !(acked('upload') >= 3 && acked('submit') >= 2) &&
        next < operations.length &&
        Date.now() < deadline
      ) {
        await sleep(10);
      }
      const atKill = [...inFlight].map((op) => op.kind);
      isKilled = true;
      const killedAt = Date.now();
      await victim.kill();
      await Promise.all(workers);
      expect(atKill.length, 'requests in flight at the kill').toBeGreaterThan(0);

      // The balancer serves on at once: a refused connection is retried on the other node.
      const afterKill = [];
      for (let i = 0; i < 10; i += 1) afterKill.push((await whoAmI(lb, token)).statusCode);
      const balancerMs = Date.now() - killedAt;
      expect(afterKill).toEqual(Array<number>(10).fill(200));

      // No acknowledged write is missing, and what was acknowledged is what was sent.
      const uploads = operations.filter((op) => op.kind === 'upload');
      const submits = operations.filter((op) => op.kind === 'submit');
      for (const op of uploads.filter((u) => u.outcome === 'ack')) {
        const row = await cluster.pool.query<{ storage_key: string; size: string }>(
          'select storage_key, size from attachments where id = $1 and deleted_at is null',
          [op.uuid],
        );
        expect(row.rows[0], `row of acknowledged upload ${op.uuid}`).toMatchObject({
          storage_key: op.sha,
          size: String(op.bytes.length),
        });
      }
      const projectIds = drafts.map((d) => d.id);
      const instancesAfterKill = await instancesOf(projectIds);
      for (const op of submits.filter((s) => s.outcome === 'ack')) {
        expect(instancesAfterKill.find((row) => row.project_id === op.projectId)?.status).toBe(
          'letterGenerated',
        );
      }
      // Every application is whole: a draft with nothing else, or submitted with letter, revision and task.
      const problems = (await Promise.all(instancesAfterKill.map((row) => checkInstance(row)))).flat();
      expect(problems).toEqual([]);
      const halfway = instancesAfterKill.filter((row) => row.status === 'draft').length;
      const handle = wrapPgPool(createPgPool(cluster.databaseUrl));
      try {
        expect(await verifyAuditChain(handle.db)).toMatchObject({ isValid: true });
      } finally {
        await handle.close();
      }

      // Every file a row refers to, downloaded through the survivor, has the sha256 it is stored under.
      const transferor = await cluster.pool.query<{ id: number }>(
        "select id from users where username = 'transferor'",
      );
      const referenced = await cluster.pool.query<{ id: string; storage_key: string; size: string }>(
        `select id, storage_key, size from attachments
          where created_by = $1 and created_at >= $2 and deleted_at is null`,
        [transferor.rows[0]?.id, testStartedAt],
      );
      for (const row of referenced.rows) {
        const got = await download(survivor.url, token, row.id);
        expect(got.statusCode, `download ${row.id}`).toBe(200);
        expect(sha256(got.bytes), `bytes of ${row.id}`).toBe(row.storage_key);
        expect(got.bytes.length).toBe(Number(row.size));
      }

      // What was cut off is sent again to the survivor: an upload of the same bytes (an object torn by the kill
      // must not be taken for the stored one), a submission (cut between its steps, it completes).
      const cutUploads = uploads.filter((op) => op.outcome === 'error');
      for (const op of cutUploads) {
        const again = await upload(survivor.url, token, {
          bytes: op.bytes,
          name: '重新上传.pdf',
          tag: 'other',
          dataClass: 'project',
          dataId: String(op.projectId),
        });
        expect(again.body?.status, again.body?.msg).toBe(0);
        const uuid = again.body?.data.other?.at(-1)?.uuid ?? '';
        expect(sha256((await download(survivor.url, token, uuid)).bytes)).toBe(op.sha);
      }
      const cutSubmits = submits.filter((op) => op.outcome === 'error' || op.outcome === 'unsent');
      for (const op of cutSubmits) {
        const instance = instancesAfterKill.find((row) => row.project_id === op.projectId);
        if (instance?.status === 'letterGenerated') continue;
        const again = await call(lb, 'POST', `/api/project/bulk/submit/${op.projectId}`, {
          token,
          json: { version: op.version },
        });
        expect(again.body?.status, again.body?.msg).toBe(0);
      }
      const instancesAtEnd = await instancesOf(submitted.map((d) => d.id));
      expect(instancesAtEnd.map((row) => row.status)).toEqual(Array<string>(SUBMITS).fill('letterGenerated'));
      expect(instancesAtEnd.map((row) => row.project_id).sort()).toEqual(submitted.map((d) => d.id).sort());
      for (const row of instancesAtEnd) expect(await checkInstance(row)).toEqual([]);

      // The survivor takes new work through the balancer: a draft, a file, a submission.
      const fresh = await createDraft(lb, token, '故障后新建项目');
      expect(fresh.body?.status, fresh.body?.msg).toBe(0);
      const freshId = fresh.body?.data.id ?? 0;
      const file = makeUniquePdf(64 * 1024);
      const stored = await upload(lb, token, {
        bytes: file,
        name: '故障后上传.pdf',
        tag: 'other',
        dataClass: 'project',
        dataId: String(freshId),
      });
      expect(stored.body?.status, stored.body?.msg).toBe(0);
      const freshSubmit = await call(lb, 'POST', `/api/project/bulk/submit/${freshId}`, {
        token,
        json: { version: fresh.body?.data.version },
      });
      expect(freshSubmit.body?.status, freshSubmit.body?.msg).toBe(0);

      // The killed node comes back and the balancer sends it work again.
      const restartAt = Date.now();
      await victim.start();
      let rejoinedMs: number | undefined;
      while (rejoinedMs === undefined && Date.now() - restartAt < 30_000) {
        const answer = await whoAmI(lb, token);
        expect(answer.statusCode).toBe(200);
        if (cluster.nodeOf(answer) === victim) rejoinedMs = Date.now() - restartAt;
        else await sleep(200);
      }
      expect(rejoinedMs, 'the restarted node serves through the balancer').toBeDefined();

      // Leftovers the kill may leave, by design harmless: unreferenced objects and upload temp files.
      const s3 = new S3Client({
        endpoint: cluster.s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: cluster.s3.bucket, MaxKeys: 1000 }));
      s3.destroy();
      const keys = new Set(
        (await cluster.pool.query<{ k: string }>('select storage_key as k from attachments')).rows.map(
          (r) => r.k,
        ),
      );
      const unreferenced = (listed.Contents ?? []).filter((object) => !keys.has(object.Key ?? '')).length;
      let tempFiles = 0;
      try {
        tempFiles = readdirSync(join(cluster.dir, victim.name, 'files', 'tmp')).length;
      } catch {
        tempFiles = 0;
      }

      const count = (list: Operation[], outcome: Outcome) =>
        list.filter((op) => op.outcome === outcome).length;
      console.log(
        [
          `[node-kill] killed ${victim.name} with ${atKill.length} requests in flight (${atKill.join(', ')})`,
          `[node-kill] uploads: ${uploads.length} planned, ${count(uploads, 'ack')} acknowledged, ${count(uploads, 'error')} cut by the kill, ${count(uploads, 'unsent')} not sent, ${count(uploads, 'refused')} refused`,
          `[node-kill] submits: ${submits.length} planned, ${count(submits, 'ack')} acknowledged, ${count(submits, 'error')} cut by the kill, ${count(submits, 'unsent')} not sent, ${count(submits, 'refused')} refused`,
          `[node-kill] applications left as drafts by a cut submission: ${halfway}; all completed when sent again`,
          `[node-kill] files checked by download: ${referenced.rows.length}, all sha256 equal; re-uploads of cut files: ${cutUploads.length}, all equal`,
          `[node-kill] 10 calls through the balancer right after the kill: all 200 within ${balancerMs} ms`,
          `[node-kill] restarted node back in the balancer's rotation after ${rejoinedMs ?? -1} ms`,
          `[node-kill] leftovers: ${unreferenced} unreferenced objects in the bucket, ${tempFiles} upload temp files on the killed node`,
        ].join('\n'),
      );
    },
  );
});
