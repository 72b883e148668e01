// The identity module owns what the /auth page asks of a signed-in user (gates 2 to 5 of spec 000 section 4,
// SH-6.4): real-name authentication confirmed by face authentication through a QR code, company authentication
// (basic: checked against the approved account-opening record at once; advanced: reviewed by the exchange),
// setting the first password, and completing the login information (/perfectInformation). The user's and the
// company's status fields are written only here and only at decision time, in the decision's transaction, so a
// status the gates read is never ahead of or behind the record that justifies it.
//
// This file wires the use cases (use-cases/*.ts) to the module's dependencies; routes and tests see one service.
import type { RequestOrigin } from '../../platform/auth.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { TasksService } from '../tasks/service.ts';
import type { UsersService } from '../users/service.ts';
import type { Viewer, AttachmentsService } from '../attachments/service.ts';
import type { Actor, IdentityDeps } from './deps.ts';
import { builtinFaceProvider, type FaceAuthProvider } from './face-provider.ts';
import { getAuthentication, getAuthStatus } from './use-cases/auth-status.ts';
import {
  examineCompanyAuth,
  listCompanyAuth,
  type CompanyAuthFilter,
  type ExamineInput,
} from './use-cases/company-auth-review.ts';
import { validateCompany, type CompanyAuthInput } from './use-cases/company-auth.ts';
import {
  setupAccount,
  setupPassword,
  type AccountInput,
  type PasswordInput,
} from './use-cases/credentials.ts';
import { decideFaceConfirm, viewFaceConfirm } from './use-cases/face-confirm.ts';
import {
  issueFaceLink,
  readFaceResult,
  reissueByIdCard,
  startRealName,
  type RealNameInput,
} from './use-cases/real-name.ts';

export type { Actor } from './deps.ts';

export type IdentityService = ReturnType<typeof createIdentityService>;

export function createIdentityService(
  moduleDeps: Pick<PlatformDeps, 'db' | 'config' | 'clock'> & {
    audit: AuditService;
    users: UsersService;
    attachments: AttachmentsService;
    tasks: TasksService;
    faceProvider?: FaceAuthProvider;
  },
) {
  const deps: IdentityDeps = {
    ...moduleDeps,
    faceProvider: moduleDeps.faceProvider ?? builtinFaceProvider,
    faceTtlMs: moduleDeps.config.faceAuthTtlS * 1000,
  };
  return {
    getAuthStatus: (actor: Actor) => getAuthStatus(deps, actor),
    getAuthentication: (actor: Actor) => getAuthentication(deps, actor),
    startRealName: (actor: Actor, input: RealNameInput) => startRealName(deps, actor, input),
    issueFaceLink: (actor: Actor, requestId: string, requestOrigin: string) =>
      issueFaceLink(deps, actor, requestId, requestOrigin),
    reissueByIdCard: (actor: Actor, idCard: string, requestOrigin: string) =>
      reissueByIdCard(deps, actor, idCard, requestOrigin),
    readFaceResult: (actor: Actor, requestId: string) => readFaceResult(deps, actor, requestId),
    viewFaceConfirm: (token: string) => viewFaceConfirm(deps, token),
    decideFaceConfirm: (token: string, isAgreed: boolean, origin: RequestOrigin) =>
      decideFaceConfirm(deps, token, isAgreed, origin),
    validateCompany: (actor: Actor, input: CompanyAuthInput) => validateCompany(deps, actor, input),
    listCompanyAuth: (viewer: Viewer, filter: CompanyAuthFilter) => listCompanyAuth(deps, viewer, filter),
    examineCompanyAuth: (actor: Actor, id: number, input: ExamineInput) =>
      examineCompanyAuth(deps, actor, id, input),
    setupPassword: (actor: Actor, input: PasswordInput) => setupPassword(deps, actor, input),
    setupAccount: (actor: Actor, input: AccountInput) => setupAccount(deps, actor, input),
  };
}
