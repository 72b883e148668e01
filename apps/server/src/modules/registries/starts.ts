// What a registry's rows start (the domain's registries/starts.ts): a draft project of the company (assets become
// its asset list, a parcel its land list, a holding its target and transferor), or a plan of a lead. In one
// transaction: the draft or the plan, its list rows, and on each row the link to it and its new status (an asset
// 挂牌中), each row at the version the person saw — a row changed or started meanwhile answers 409 and nothing
// is stored. Another company's row answers 404.
import {
  formatMessage,
  MSG,
  REGISTRY_START_MAX,
  canStartPlan,
  planOfRow,
  registrySearchText,
  startDraft,
  startFamilies,
  type ProjectFamily,
  type RegistryDef,
  type SheetValues,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { UsersService } from '../users/service.ts';
import type { Actor } from '../attachments/service.ts';
import type { PlansService } from '../plans/service.ts';
import type { ProjectsService } from '../projects/service.ts';
import * as repo from './repo.ts';

export type RegistryStartsService = ReturnType<typeof createRegistryStartsService>;

export type StartRows = { rows: readonly { id: number; version: number }[] };

export function createRegistryStartsService(
  deps: Pick<PlatformDeps, 'db'> & {
    audit: AuditService;
    users: UsersService;
    projects: ProjectsService;
    plans: PlansService;
  },
) {
  const { db, audit, users, projects, plans } = deps;

  /** The caller's own rows, in the order asked; any other (or none) is not found. */
  async function ownRows(actor: Actor, def: RegistryDef, input: StartRows, max: number) {
    if (input.rows.length === 0)
      throw refused(formatMessage(MSG.registriesStartNone, { item: def.itemName }));
    if (input.rows.length > max) {
      throw refused(formatMessage(MSG.registriesStartTooMany, { max, item: def.itemName }));
    }
    const rows = [];
    for (const { id, version } of input.rows) {
      const row = await repo.findRow(db, def.key, id);
      if (row === undefined || row.companyId !== actor.companyId) throw notFound();
      rows.push({ ...row, version });
    }
    return rows;
  }

  /** Writes the link and the status on each row at the version the caller saw. */
  async function link(
    tx: Db,
    def: RegistryDef,
    rows: readonly { id: number; version: number; values: SheetValues }[],
    added: SheetValues,
  ): Promise<void> {
    const status = def.start?.status;
    for (const row of rows) {
      const values = {
        ...row.values,
        ...added,
        ...(status === undefined ? {} : { [status.field]: status.value }),
      };
      const unique = def.uniqueField === undefined ? undefined : values[def.uniqueField];
      const written = await repo.updateRowGuarded(tx, row.id, row.version, {
        values,
        searchText: registrySearchText(def, values),
        uniqueValue: unique === undefined ? null : String(unique),
      });
      if (written === undefined) throw conflict();
    }
  }

  async function startProject(
    actor: Actor,
    def: RegistryDef,
    input: StartRows & { family: ProjectFamily },
  ): Promise<{ id: number; family: ProjectFamily; code: string }> {
    if (def.start === undefined || !def.start.families.includes(input.family)) throw notFound();
    const rows = await ownRows(actor, def, input, def.start.isMany === true ? REGISTRY_START_MAX : 1);
    const company = await users.findCompany(actor.companyId);
    const draft = startDraft(
      def,
      input.family,
      rows.map((row) => row.values),
      { name: company?.name ?? '', creditCode: company?.creditCode ?? null },
    );
    if ('message' in draft) throw refused(draft.message);
    const ids = rows.map((row) => row.id);
    return db.transaction(async (tx) => {
      const project = await projects.insertDraft(
        tx,
        actor,
        { family: input.family, form: draft.form },
        { action: 'project.fromRegistry', detail: { registry: def.key, rows: ids } },
      );
      const code = (await projects.findById(project.id, tx))?.code ?? '';
      await projects.insertSheetRows(
        tx,
        draft.rows.map((row) => ({
          projectId: project.id,
          companyId: actor.companyId,
          category: row.category,
          values: row.values,
          createdBy: actor.userId,
        })),
      );
      await link(tx, def, rows, { projectId: project.id, projectCode: code, projectFamily: input.family });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'registry.startProject',
        result: 'ok',
        target: def.key,
        detail: { registry: def.key, rows: ids, projectId: project.id, family: input.family },
      });
      return { id: project.id, family: input.family, code };
    });
  }

  /** A lead become a plan of the physical-asset family its subject names (the plan's form checks it whole). */
  async function startPlan(
    actor: Actor,
    def: RegistryDef,
    input: StartRows,
  ): Promise<{ id: number; code: string }> {
    if (def.start?.hasPlan === undefined) throw notFound();
    const [row] = await ownRows(actor, def, input, 1);
    if (row === undefined) throw notFound();
    const name = String(row.values[def.nameField] ?? '');
    if (!canStartPlan(def, row.values)) {
      const reason = row.values.projectId === undefined && row.values.planId === undefined;
      throw refused(
        reason
          ? formatMessage(MSG.registriesStartPlanNot, { item: def.itemName, name })
          : formatMessage(MSG.registriesStartTaken, {
              item: def.itemName,
              name,
              code: String(row.values.projectCode ?? row.values.planCode ?? ''),
            }),
      );
    }
    // a plan is of the first family the lead may start (实物资产转让: bulk)
    const family = startFamilies(def, row.values)[0] ?? 'bulk';
    const form = plans.checkForm(planOfRow(row.values, family));
    return db.transaction(async (tx) => {
      const plan = await plans.insertPlan(tx, actor, form);
      await link(tx, def, [row], { planId: plan.id, planCode: plan.code });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'registry.startPlan',
        result: 'ok',
        target: def.key,
        detail: { registry: def.key, row: row.id, planId: plan.id },
      });
      return { id: plan.id, code: plan.code };
    });
  }

  return { startProject, startPlan };
}
