// What the sms module's use cases are given (service.ts wires them) and the messages and senders their calls
// carry.
import type { SmsTemplateCode } from '@cqjy/domain';
import type { AuditEntry } from '../../platform/audit.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { SmsProvider } from '../../platform/sms.ts';
import type { AuditService } from '../audit/service.ts';

export type SmsDeps = Pick<PlatformDeps, 'db' | 'clock' | 'log'> & {
  audit: AuditService;
  provider: SmsProvider;
};

/** A message to send: its content is built from the template's definition (sms-templates.ts) by the sender. */
export type OutgoingSms = { mobile: string; purpose: string; template: SmsTemplateCode; content: string };

/** Who caused the message, for its audit row. */
export type SmsActor = Omit<AuditEntry, 'action' | 'result' | 'target' | 'detail'>;
