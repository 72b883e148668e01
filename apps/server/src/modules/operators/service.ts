// The operators module: 账号管理, a company's management of its own operators. It adds an operator (a new login
// account that signs in by SMS code and then chooses its password, gate 3), gives it codes within the company's
// (the built-in role of the company's kind, never beyond, and never beyond what the granting operator holds
// themselves), stops and restarts it (a stopped operator cannot sign in to the company: auth checks
// operators.disabled), resets its password, and moves the 主操作员 flag to another operator on an SMS code sent to
// the current main operator. Everything is scoped to the caller's company: another company's operator answers 404.
//
// Rules where the specification is silent:
//   - each operator the company restricts has a role of its own (company_id set, named after the username); the
//     main operator holds the built-in role of the company's kind, whose codes are the company's;
//   - the version of an operator is its row's change time in microseconds; every change here gives a new one and
//     a stale version answers 409;
//   - the main operator and the caller themselves are neither stopped nor reset here;
//   - a new account's mobile may not be any other account's (sign-in by SMS code finds the account by mobile).
//
// Each call is a use case of its own in use-cases/; what they share (the company's scope, its operators found and
// locked) is scope.ts. This factory only hands them the module's deps.
import type { OperatorQuery, NewOperatorInput, OperatorUpdateInput } from '@cqjy/domain';
import type { Actor, OperatorsDeps } from './scope.ts';
import { changeMain, sendMainCode } from './use-cases/change-main.ts';
import { createOperator } from './use-cases/create-operator.ts';
import { disableOperator, enableOperator } from './use-cases/disable-operator.ts';
import { listOperatorCodes, listOperators, showOperator } from './use-cases/list-operators.ts';
import { resetOperatorPassword } from './use-cases/reset-password.ts';
import { updateOperator } from './use-cases/update-operator.ts';

export type { Actor, OperatorsDeps } from './scope.ts';

export type OperatorsService = ReturnType<typeof createOperatorsService>;

export function createOperatorsService(deps: OperatorsDeps) {
  return {
    list: (actor: Actor, query: OperatorQuery) => listOperators(deps, actor, query),
    listCodes: (actor: Actor) => listOperatorCodes(deps, actor),
    show: (actor: Actor, id: number) => showOperator(deps, actor, id),
    create: (actor: Actor, input: NewOperatorInput) => createOperator(deps, actor, input),
    update: (actor: Actor, id: number, input: OperatorUpdateInput) => updateOperator(deps, actor, id, input),
    disable: (actor: Actor, id: number, version?: string) => disableOperator(deps, actor, id, version),
    enable: (actor: Actor, id: number, version?: string) => enableOperator(deps, actor, id, version),
    resetPassword: (actor: Actor, id: number, version?: string) =>
      resetOperatorPassword(deps, actor, id, version),
    sendMainCode: (actor: Actor) => sendMainCode(deps, actor),
    changeMain: (actor: Actor, input: { operatorId: number; phonecode: string }) =>
      changeMain(deps, actor, input),
  };
}
