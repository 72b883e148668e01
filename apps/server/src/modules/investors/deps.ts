// What the investors module's use cases are given (service.ts wires them): the platform's services and the other
// modules' parts they use.
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { DictionariesService } from '../dictionaries/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { TasksService } from '../tasks/service.ts';
import type { UsersService } from '../users/service.ts';
import type { Viewer, AttachmentsService } from '../attachments/service.ts';
import type { ProjectsService } from '../projects/service.ts';
import type { RegistryCustomer } from '../registries/customers.ts';

export type InvestorsDeps = Pick<PlatformDeps, 'db' | 'clock'> & {
  audit: AuditService;
  attachments: AttachmentsService;
  dictionaries: DictionariesService;
  notifications: NotificationsService;
  users: UsersService;
  tasks: TasksService;
  projects: Pick<ProjectsService, 'findById' | 'lockStatus' | 'listMembers' | 'listInStatus'>;
  /** the caller's 企业客户 and 自然人客户 (the registries module) */
  customers?: ((viewer: Viewer, keyword: string) => Promise<RegistryCustomer[]>) | undefined;
};

export type { Actor, Viewer } from '../attachments/service.ts';

/** What a change answers: the investor and its new version. */
export type Saved = { id: number; version: number };
