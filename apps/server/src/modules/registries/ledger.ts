// The ledgers (台账: the small-lot ledger, the domain's registries/ledger.ts) beyond what the registries kit does for
// every registry: who may keep one, which ledger a project draws from, and a lot following its project.
//
// - SH-4.14 on the server: a ledger's calls need, besides the code, the company's small-lot project permission
//   (permissionProject at index 4); without it they answer 403 as the hidden menu would suggest.
// - GET /api/project/ledger/type/by/project: the ledgers the caller keeps, and the one a project's lots came from.
// - The lots of a project follow it: the engine's approval of its confirmed result makes them 已成交
//   (registerApprovalEffect, wired in app.ts), the buyer's receipt of the delivery 已交割 (the deliveries module).
//   Each row counts its version up and the change is audited.
import {
  hasLedgerPermission,
  LEDGER_TYPES,
  orderProjectPermissions,
  SMALL_LEDGER_REGISTRY,
  type LedgerStatus,
  type ProjectPermission,
} from '@cqjy/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { Viewer } from '../attachments/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { ApprovedAction } from '../workflow/instances.ts';
import * as repo from './repo.ts';

export type LedgerService = ReturnType<typeof createLedger>;

export function createLedger(
  deps: Pick<PlatformDeps, 'db'> & {
    audit: AuditService;
    findCompany: (id: number) => Promise<{ projectPermissions: ProjectPermission[] } | undefined>;
  },
) {
  const { db, audit, findCompany } = deps;

  async function keepsLedger(companyId: number): Promise<boolean> {
    const company = await findCompany(companyId);
    return company !== undefined && hasLedgerPermission(orderProjectPermissions(company.projectPermissions));
  }

  /** preHandler after the code's guard: 403 unless the caller's company holds the small-lot project permission. */
  async function requireLedger(request: FastifyRequest): Promise<void> {
    if (!(await keepsLedger(requireSession(request).companyId))) throw forbidden();
  }

  /** The ledgers the caller keeps, and the ledger a project of its own drew its lots from (null: none). */
  async function typeByProject(viewer: Viewer, projectId: number | undefined) {
    const types = (await keepsLedger(viewer.companyId)) ? LEDGER_TYPES.map((type) => ({ ...type })) : [];
    let projectType: string | null = null;
    if (projectId !== undefined) {
      const started = await repo.countProjectRows(db, SMALL_LEDGER_REGISTRY.key, viewer.companyId, projectId);
      if (started > 0) projectType = 'small';
    }
    return { types, projectType };
  }

  /** The lots project `projectId` drew from its company's ledger take `status`, in the caller's transaction. */
  async function moveLots(
    tx: Db,
    moved: { companyId: number; projectId: number; action: string; status: LedgerStatus },
  ): Promise<void> {
    const ids = await repo.setProjectRowsField(tx, {
      registry: SMALL_LEDGER_REGISTRY.key,
      companyId: moved.companyId,
      projectId: moved.projectId,
      field: 'status',
      value: moved.status,
    });
    if (ids.length === 0) return;
    await audit.append(tx, {
      action: 'registry.follow',
      result: 'ok',
      target: SMALL_LEDGER_REGISTRY.key,
      companyId: moved.companyId,
      detail: { projectId: moved.projectId, action: moved.action, status: moved.status, rows: ids },
    });
  }

  /** An approval effect: the lots the project drew from the ledger take `status`. */
  function follow(status: LedgerStatus) {
    return (tx: Db, approved: ApprovedAction): Promise<void> =>
      moveLots(tx, {
        companyId: approved.companyId,
        projectId: approved.projectId,
        action: approved.action,
        status,
      });
  }

  return { requireLedger, typeByProject, follow, moveLots };
}
