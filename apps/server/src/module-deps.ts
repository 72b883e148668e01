// What buildApp hands every business module's service factory: the platform's parts and the shared services.
// Each factory declares what it needs by the parts' own types (platform/deps.ts, a module's service type), never
// by this root type, so the modules stay below the composition root and adding one never changes another's wiring.
import type { AttachmentsService } from './modules/attachments/service.ts';
import type { AuditService } from './modules/audit/service.ts';
import type { AuthService } from './modules/auth/service.ts';
import type { DictionariesService } from './modules/dictionaries/service.ts';
import type { HomepageService } from './modules/homepage/service.ts';
import type { NotificationsService } from './modules/notifications/service.ts';
import type { OtpService } from './modules/otp/service.ts';
import type { SmsService } from './modules/sms/service.ts';
import type { TasksService } from './modules/tasks/service.ts';
import type { UsersService } from './modules/users/service.ts';
import type { PlatformDeps } from './platform/deps.ts';

export type ModuleDeps = PlatformDeps & {
  audit: AuditService;
  users: UsersService;
  auth: AuthService;
  sms: SmsService;
  otp: OtpService;
  attachments: AttachmentsService;
  dictionaries: DictionariesService;
  /** where modules register the home page's counters of the data they own */
  homepage: HomepageService;
  /** raise(tx, ...) tells a company of a business event, in the caller's transaction */
  notifications: NotificationsService;
  /** open(tx, ...), advance(tx, ...), cancel(tx, ...): the decisions waiting in someone's 待办任务 */
  tasks: TasksService;
};
