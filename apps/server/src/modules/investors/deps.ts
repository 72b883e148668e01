// What the investors module's use cases are given (service.ts wires them): the platform's services and the other
// modules' parts they use.
import type { ModuleDeps } from '../../module-deps.ts';
import type { Viewer } from '../attachments/service.ts';
import type { ProjectsService } from '../projects/service.ts';
import type { RegistryCustomer } from '../registries/customers.ts';

export type InvestorsDeps = Pick<
  ModuleDeps,
  'db' | 'audit' | 'clock' | 'attachments' | 'dictionaries' | 'notifications' | 'users' | 'tasks'
> & {
  projects: Pick<ProjectsService, 'findById' | 'lockStatus' | 'listMembers' | 'listInStatus'>;
  /** the caller's 企业客户 and 自然人客户 (the registries module) */
  customers?: ((viewer: Viewer, keyword: string) => Promise<RegistryCustomer[]>) | undefined;
};

export type { Actor, Viewer } from '../attachments/service.ts';

/** What a change answers: the investor and its new version. */
export type Saved = { id: number; version: number };
