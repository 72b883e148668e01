// What the bidding module's use cases are given (service.ts wires them): the platform's services and the other
// modules' parts they use, and this node's own state of its halls (the close timers, the streams it serves, the
// work under way), which only the node that holds it may act on.
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AttachmentsService } from '../attachments/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { DictionariesService } from '../dictionaries/service.ts';
import type { IntentionsService } from '../intentions/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { UsersService } from '../users/service.ts';
import type { ProjectsService } from '../projects/service.ts';
import type { createSigningCredentials } from '../signatures/credentials.ts';
import type { SignaturesService } from '../signatures/service.ts';
import type { WorkflowService } from '../workflow/service.ts';
import type { BiddingHub } from './events.ts';

export type BiddingDeps = Pick<PlatformDeps, 'db' | 'config' | 'clock' | 'log'> & {
  audit: AuditService;
  users: UsersService;
  attachments: AttachmentsService;
  notifications: NotificationsService;
  signatures: Pick<SignaturesService, 'loadSigner'>;
  /** where the deal the hall decided is kept (the project's details) and the stage the close moves it to */
  projects: Pick<ProjectsService, 'findById' | 'isSellerSide' | 'lockStatus' | 'updateGuarded'>;
  /** the project's process log, where the hall's result is recorded */
  processLog: Pick<WorkflowService, 'recordProjectEvent' | 'describeActor'>;
  /** the reserve price's lead hours, a default's bar and offer terms (规则参数) */
  dictionaries: Pick<DictionariesService, 'ruleValue'>;
  /** a defaulter's deposit forfeited: the ledger's step on the registration */
  intentions: Pick<IntentionsService, 'takeLedgerStep'>;
  hub: BiddingHub;
};

export type Actor = SessionContext & RequestOrigin;

/** The stream of one watcher: what the route writes to its response, and how it ends it. */
export type BiddingStream = {
  /** the first event: the hall as it stands */
  first: string;
  /** from now on the events go to `write`; those that came meanwhile are written first */
  attach(write: (chunk: string) => void, end: () => void): void;
  stop(): void;
};

/** One stream's watcher of a hall. */
export type Watcher = {
  /** the last version this watcher was sent (0 before its first event) */
  version: number;
  pending: { version: number; chunk: string }[];
  write: ((chunk: string) => void) | undefined;
  end: (() => void) | undefined;
};

/** This node's state of its halls. */
export type HallNode = {
  timers: Map<number, NodeJS.Timeout>;
  watchers: Map<number, Set<Watcher>>;
  /** per hall: a push under way, and whether another signal came during it */
  pushing: Map<number, { isAgain: boolean }>;
  resultsMaking: Map<number, Promise<string | null>>;
  /** closes and results under way, waited for when the app closes */
  running: Set<Promise<unknown>>;
  isStopped: boolean;
};

export function createHallNode(): HallNode {
  return {
    timers: new Map(),
    watchers: new Map(),
    pushing: new Map(),
    resultsMaking: new Map(),
    running: new Set(),
    isStopped: false,
  };
}

/** The deps of the use cases: the module's, the exchange's signing credentials and this node's halls. */
export type HallDeps = BiddingDeps & {
  credentials: ReturnType<typeof createSigningCredentials>;
  node: HallNode;
};

/** Work under way (a close, a result), waited for when the app closes. */
export function track<T>(deps: Pick<HallDeps, 'node'>, work: Promise<T>): Promise<T> {
  const { running } = deps.node;
  running.add(work);
  void work.then(
    () => running.delete(work),
    () => running.delete(work),
  );
  return work;
}
