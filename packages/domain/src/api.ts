// The API contract shared by server and web (BLUEPRINT section 3): every business answer is this envelope.
import type { AttachmentItem } from './attachment-item.ts';

export const API_STATUS = {
  /** success; the message may be shown */
  ok: 0,
  /** a refused operation; the message is shown as an error */
  refused: 1,
  /** a warning the caller must show in a dialog */
  warning: -1,
  /** a conflict: stale version or a task already handled */
  conflict: 409,
} as const;

export type ApiStatus = (typeof API_STATUS)[keyof typeof API_STATUS];

export type Envelope<T = unknown> = {
  status: number;
  msg: string;
  data: T;
};

/** The header that carries an anonymous pre-login session (SH-7.3). */
export const SESSION_ID_HEADER = 'session-id';

/** Client time-outs (spec 000 section 9, 001 section 9). */
export const TIMEOUTS = {
  defaultMs: 30_000,
  transferMs: 36_000_000,
  signatureAndSubmitMs: 120_000,
  inputVehicleDataMs: 60_000,
} as const;

/** Session user data (spec 000 section 3): what POST /api/app/userinfo answers. */
export type SessionUser = {
  id: number;
  username: string;
  nickname: string | null;
  mobile: string | null;
  companyId: number | null;
  companyName: string | null;
  identityType: number;
  examineStatus: number | null;
  /** ID_TYPES; null before real-name authentication */
  idType: number | null;
  /** the real-name authenticated name */
  realName: string | null;
  manager: boolean;
  validated: boolean;
  authStatus: number;
  companyAuthStatus: number;
  mainOperatorAuth: boolean;
  prompt: boolean;
  setupPassword: boolean;
  /** a phone change waiting for confirmation (gate 4) */
  pendingPhone: string | null;
  /** the exchange asks this company for advanced company authentication (SH-6.4, SH-8.11) */
  advancedAuthFlag: boolean;
  /** the periodic password change is due (PASSWORD_MAX_AGE_DAYS) */
  passwordExpired: boolean;
  /** attachment uuid of the avatar image */
  avatarUuid: string | null;
  /** identities this operator may switch to */
  identities: { id: number; identityType: number; companyName: string | null }[];
};

/** What POST /api/login answers (spec 000 section 3). */
export type LoginResult = {
  access_token: string;
  expires_in: number;
  created_at: number;
  identityType: number;
};

/** Project-level permission of a company: the asset types it may use per project business type. */
export type ProjectPermission = { businessType: string; projectAssetType: string[] };

/** What GET /api/app/user/role/permissions answers (spec 000 section 6). */
export type PermissionsResult = { permission: string[]; permissionProject: ProjectPermission[] };

/** One page of a list call: the rows of the page and the number of rows in all pages. */
export type PageResult<T> = {
  list: T[];
  total: number;
  /** true when there are more rows than `total` says: the count stopped at LIST_COUNT_CAP */
  isTotalCapped?: boolean;
  /** true when `total` is an estimate (约): the count stopped past LIST_EXACT_BEFORE_ESTIMATE and estimated the rest */
  isTotalEstimated?: boolean;
};

/**
 * The most rows a list counts exactly. Counting every project of an exchange on each page costs more than the
 * page itself; beyond this a list says 10,000+ and the user narrows it with the filters.
 */
export const LIST_COUNT_CAP = 1_000;

/**
 * The exchange's search of every company's projects for a common keyword (设备, in one name in six) counts this many
 * matches exactly; beyond, it estimates the total from how far back in the projects they were found, and says 约.
 */
export const LIST_EXACT_BEFORE_ESTIMATE = 100;

export type SmsStatus = 'queued' | 'sent' | 'failed';

/** A row of POST /api/sms/list (短信管理); times are ISO 8601. */
export type SmsOutboxItem = {
  id: number;
  mobile: string;
  purpose: string;
  template: string;
  content: string;
  status: SmsStatus;
  provider: string;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
};

/** What GET /api/homepage/count answers: the counters of the home page. */
export type HomepageCounts = {
  todo: number;
  done: number;
  launch: number;
  projects: number;
  messages: number;
};

/** A stored attachment as the upload and file calls answer it: declared with its schema in attachment-item.ts. */
export type { AttachmentItem } from './attachment-item.ts';

/** What POST /api/attachment/upload answers: the uploaded file under its tag (spec 000 section 3). */
export type UploadResult = Record<string, AttachmentItem[]>;

/** One option of a data dictionary; parentKey links the entries of a tree dictionary. */
export type DictItem = { key: string; label: string; parentKey: string | null; sort: number };

/** A node of GET /api/app/dict/data/list/{code}/tree. */
export type DictTreeNode = DictItem & { children: DictTreeNode[] };

/** A region of POST /api/app/getZoningDict (GB/T 2260, six-digit codes). */
export type ZoningItem = { code: string; name: string; hasChildren: boolean };

/** An enterprise of the state-asset directories (SH-7.5). */
export type EnterpriseDirectoryItem = { name: string; creditCode: string; sourceCode: string };
