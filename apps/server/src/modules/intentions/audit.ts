// Every change of a registration is audited in its transaction; the certificate number stays out of the log.
import { depositStateOf } from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { toAuditActor, type AuditActor } from '../../platform/audit.ts';
import type { IntentionsDeps } from './deps.ts';
import type * as repo from './repo.ts';

export async function writeAudit(
  deps: IntentionsDeps,
  tx: Db,
  actor: AuditActor,
  action: string,
  row: Pick<
    repo.IntentionRow,
    | 'id'
    | 'projectId'
    | 'companyId'
    | 'status'
    | 'depositAmount'
    | 'depositPaidAt'
    | 'depositRefundIssuedAt'
    | 'depositRefundedAt'
    | 'depositForfeitedAt'
    | 'version'
  >,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const { audit } = deps;
  await audit.append(tx, {
    ...toAuditActor(actor),
    action,
    result: 'ok',
    target: String(row.id),
    // the certificate number stays out of the log: the row holds it
    detail: {
      projectId: row.projectId,
      memberCompanyId: row.companyId,
      status: row.status,
      depositState: depositStateOf(row),
      version: row.version,
      ...detail,
    },
  });
}
