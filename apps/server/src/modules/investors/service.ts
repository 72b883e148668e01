// The investors of a capital increase (projects/investors.ts of the domain): registered by the project's owner or by
// a member for its customer while the project is disclosing, saved as drafts, submitted with their qualification
// files, audited by the exchange (passed, or refused with a reason the registrant is told), and chosen by the
// owner in the selection result once every submission is audited. The agreement (the engine's contract action)
// needs a selection; app.ts wires that check into the engine.
//
// Each job is one use case (use-cases/: register, submit, delete, audit, select, and the reads), so whatever must
// follow a change is added in one place; this file wires them to the deps.
//
// Who sees what: the registering company its own investors (drafts too); the project's owner and the exchange every
// submitted investor of the project; nobody else anything (404, as for an id that does not exist). Who changes
// what: the registrant its drafts; the exchange the audit; the owner the selection.
import { INVESTOR_DATA_CLASS } from '@cqjy/domain';
import { bindDeps } from '../../platform/use-cases.ts';
import { canSee, findRow } from './access.ts';
import type { InvestorsDeps } from './deps.ts';
import { auditInvestor } from './use-cases/audit.ts';
import { deleteInvestors } from './use-cases/delete.ts';
import {
  listCustomers,
  listInvestors,
  listOpenCapitalIncreases,
  readExportHead,
  showInvestor,
} from './use-cases/read.ts';
import { createInvestor, updateInvestor } from './use-cases/register.ts';
import { checkAgreementReady, selectInvestors } from './use-cases/select.ts';
import { submitInvestor } from './use-cases/submit.ts';

export type { Actor, InvestorsDeps, Saved, Viewer } from './deps.ts';

export type InvestorsService = ReturnType<typeof createInvestorsService>;

export function createInvestorsService(deps: InvestorsDeps) {
  const { attachments, projects } = deps;

  // An investor's files are seen by whoever sees the investor, and added by its registrant while it is a draft.
  attachments.registerRecordVisibility(INVESTOR_DATA_CLASS, async (viewer, record) => {
    const row = await findRow(deps, record.dataId);
    return row !== undefined && (await canSee(deps, viewer, row));
  });
  attachments.registerRecordWriteRule(INVESTOR_DATA_CLASS, async (viewer, record) => {
    const row = await findRow(deps, record.dataId);
    return row !== undefined && row.companyId === viewer.companyId && row.status === 'draft';
  });

  /** A use case with the module's deps bound: what the routes and the engine call. */
  const bound = bindDeps(deps);

  return {
    create: bound(createInvestor),
    update: bound(updateInvestor),
    submit: bound(submitInvestor),
    batchDelete: bound(deleteInvestors),
    show: bound(showInvestor),
    list: bound(listInvestors),
    auditInvestor: bound(auditInvestor),
    select: bound(selectInvestors),
    checkAgreementReady,
    listCustomers: bound(listCustomers),
    listOpen: bound(listOpenCapitalIncreases),
    listMembers: () => projects.listMembers(),
    exportHead: bound(readExportHead),
  };
}
