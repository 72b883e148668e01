// What the dictionaries module's use cases are given (service.ts wires them), and the inputs and answers their
// calls carry.
import type { ServiceFee } from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { UsersService } from '../users/service.ts';

/** The deps as the use cases take them: the clock is the system's unless the caller gave one. */
export type DictionariesDeps = { db: Db; users: UsersService; clock: Clock };

export type DictQuery = {
  code: string;
  /** given (even empty) when the form asks for BF-6.1 filtering; the form's project business type */
  businessType?: string | undefined;
};

/** A service fee and the day the schedule it was counted by took effect ('' for the default schedule). */
export type ServiceFeeQuote = ServiceFee & { scheduleFrom: string };
