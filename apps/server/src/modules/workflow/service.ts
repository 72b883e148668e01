// The workflow engine (BLUEPRINT section 4, spec 001 sections 3 to 7): one implementation for every action of
// the registry with an application step. An instance moves draft -> letterGenerated (submitted, letter made) ->
// underReview (signed) -> approved | returned (-> update, submit again ...), or cancelled when the applicant
// withdraws it. Each transition is one transaction guarded by the row's version (stale: 409), opening and closing
// the tasks, writing the process log and the audit row; the approval applies the action's effect to the project
// in the same transaction. Who may act: the applicant company's operators on their own instances (another
// company: 404), the exchange (identity 999) reviews and never its own company's; nothing is signed before it is
// submitted. The applicant is the project's owner company, or for the member's actions (intention registration,
// the member's qualification opinion) the member company representing the project. PDF work and object storage
// happen outside the transactions; SMS only after commit (otp service).
//
// This file composes the engine from its parts, each built on one shared context (instances.ts): the transitions
// (transitions.ts, checked against ACTION_TRANSITIONS of the domain's statuses.ts), the e-signature (signing.ts),
// the task centre (tasks.ts), the screens' reads (views.ts), the process log (process-log.ts) and the gateway
// of the disclosures applied for from the project form (disclosure-gateway.ts).
import { isFormDisclosure, MSG, type ActionConfig } from '@cqjy/domain';
import { refused } from '../../platform/errors.ts';
import { registerDisclosureGateway } from './disclosure-gateway.ts';
import { createWorkflowContext, requireConfig, type Actor, type WorkflowDeps } from './instances.ts';
import { createProcessLog } from './process-log.ts';
import { createSigning } from './signing.ts';
import { createTasks } from './tasks.ts';
import { createTransitions } from './transitions.ts';
import { createViews } from './views.ts';

export type { Actor, WorkflowDeps } from './instances.ts';

export type WorkflowService = ReturnType<typeof createWorkflowService>;

/** The disclosures (formal and pre-) are applied for only from the project form, so its listing rules always run. */
function refuseDisclosure(config: ActionConfig): void {
  if (isFormDisclosure(config)) throw refused(MSG.projectsDisclosureFromForm);
}

export function createWorkflowService(deps: WorkflowDeps) {
  const ctx = createWorkflowContext(deps);
  const transitions = createTransitions(ctx);
  const { terminate, review } = transitions;
  const { sendSignCode, checkSignCode, sign } = createSigning(ctx);
  const { listBatchTasks, isBatch, registerBatch } = createTasks(ctx);
  const { show, listProjectActions } = createViews(ctx);
  const { listProcessLog, listProcessLogStages, recordProjectEvent } = createProcessLog(ctx);
  registerDisclosureGateway(ctx, transitions);

  return {
    requireConfig,
    /** another module's check of a project before an action of some families is submitted and approved */
    registerPrecondition: ctx.registerPrecondition,
    /** another module's work when an action of some families is approved, in the approval's transaction */
    registerApprovalEffect: ctx.registerApprovalEffect,
    /** another module's part of an action's letter (the records it names), read when the letter is drawn */
    registerLetterSupplement: ctx.registerLetterSupplement,
    /** another module's tasks listed and judged as a batch under a family and action (the batch screens) */
    registerBatch,
    create: async (actor: Actor, config: ActionConfig, projectId: number, createId?: string) => {
      refuseDisclosure(config);
      return transitions.create(actor, config, projectId, createId);
    },
    save: async (
      actor: Actor,
      config: ActionConfig,
      input: { id: number; version: number; form: unknown },
    ) => {
      refuseDisclosure(config);
      return transitions.saveForm(actor, config, input, 'workflow.save');
    },
    update: async (
      actor: Actor,
      config: ActionConfig,
      input: { id: number; version: number; form: unknown },
    ) => {
      refuseDisclosure(config);
      return transitions.saveForm(actor, config, input, 'workflow.update');
    },
    submit: async (actor: Actor, config: ActionConfig, input: { id: number; version: number }) => {
      refuseDisclosure(config);
      return transitions.submit(actor, config, input);
    },
    terminate,
    show,
    sendSignCode,
    checkSignCode,
    sign,
    review,
    listBatchTasks,
    isBatch,
    listProcessLog,
    listProcessLogStages,
    /** a decision of another module about a project (the bidding hall's result ...) in its log, in its transaction */
    recordProjectEvent,
    /** the names a process log row gives a person (read before the transaction that records the row) */
    describeActor: ctx.describeActor,
    listProjectActions,
  };
}
