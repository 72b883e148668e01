// A draft written, corrected and deleted by its writer: the exchange's to a company, a company's to the exchange.
import {
  DOCUMENT_DATA_CLASS,
  MSG,
  type DocumentDirection,
  type DocumentForm,
  type ReceivedForm,
} from '@cqjy/domain';
import { conflict, refused } from '../../../platform/errors.ts';
import {
  findOwnDraft,
  recordOf,
  requireReceiver,
  writeAudit,
  type Actor,
  type DocumentsContext,
} from '../access.ts';
import * as repo from '../repo.ts';

/** The form of a draft: a received one also names its company and may name its sender. */
export type DraftForm = DocumentForm & Partial<Pick<ReceivedForm, 'companyId' | 'sender'>>;

/** What a draft holds, from the form: the receiver and the sender of a received one, the writer of a sent one. */
async function draftValues(
  deps: DocumentsContext,
  actor: Actor,
  direction: DocumentDirection,
  form: DraftForm,
): Promise<{ companyId: number; sender: string } & DocumentForm> {
  const text = { title: form.title, docNumber: form.docNumber, sentOn: form.sentOn, body: form.body };
  if (direction === 'received') {
    const company = await requireReceiver(deps, form.companyId ?? 0);
    const sender =
      form.sender === undefined || form.sender === '' ? await deps.users.findExchangeName() : form.sender;
    return { ...text, companyId: company.id, sender };
  }
  const company = await deps.users.findCompany(actor.companyId);
  return { ...text, companyId: actor.companyId, sender: company?.name ?? '' };
}

/** A new draft, adopting the files uploaded under the form's draft id. */
export async function createDraft(
  deps: DocumentsContext,
  actor: Actor,
  direction: DocumentDirection,
  input: DraftForm & { createId?: string | undefined },
): Promise<{ id: number; version: number }> {
  const values = await draftValues(deps, actor, direction, input);
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertDocument(tx, { ...values, direction, createdBy: actor.userId });
    if (input.createId !== undefined && input.createId !== '') {
      await deps.attachments.bindDraft(tx, {
        companyId: actor.companyId,
        dataClass: DOCUMENT_DATA_CLASS,
        createId: input.createId,
        dataId: String(row.id),
      });
    }
    await writeAudit(deps, tx, actor, 'document.create', row);
    return { id: row.id, version: row.version };
  });
}

/** A draft's text replaced; a drawn PDF no longer matches it and goes, a signed draft is refused. */
export async function updateDraft(
  deps: DocumentsContext,
  actor: Actor,
  direction: DocumentDirection,
  id: number,
  input: DraftForm & { version: number },
): Promise<{ id: number; version: number }> {
  const item = await findOwnDraft(deps, actor, direction, id);
  if (item.signedFileId !== null) throw refused(MSG.documentSignedLocked);
  if (item.version !== input.version) throw conflict();
  const values = await draftValues(deps, actor, direction, input);
  return deps.db.transaction(async (tx) => {
    const row = await repo.updateGuarded(
      tx,
      item.id,
      input.version,
      { ...values, letterId: null, letterSha256: null, letterLayout: null, updatedAt: deps.clock.now() },
      'draft',
    );
    if (row === undefined) throw conflict();
    await writeAudit(deps, tx, actor, 'document.update', row);
    return { id: row.id, version: row.version };
  });
}

/** A draft deleted with its files. */
export async function removeDraft(
  deps: DocumentsContext,
  actor: Actor,
  direction: DocumentDirection,
  id: number,
  input: { version: number },
): Promise<void> {
  const item = await findOwnDraft(deps, actor, direction, id);
  if (item.version !== input.version) throw conflict();
  await deps.db.transaction(async (tx) => {
    if (!(await repo.deleteDraft(tx, item.id, input.version))) throw conflict();
    await deps.attachments.discardRecord(tx, recordOf(item.id));
    await writeAudit(deps, tx, actor, 'document.delete', item);
  });
}
