// Account statuses of spec 000 sections 3 and 4 with their Chinese labels. The spec names the fields and the values
// the onboarding gates test (examineStatus 3/9/10/empty; authStatus and companyAuthStatus 2/3; idType 0); the
// other values and all labels are the portal's own (docs/decisions.md).

/** examineStatus: the exchange's review of a project owner's account-opening application (gate 1). */
export const EXAMINE_STATUS = {
  /** the account exists, the company information is not yet submitted */
  draft: 0,
  submitted: 1,
  returned: 2,
  approved: 3,
  /** opened by the exchange on the owner's behalf: no review */
  openedByExchange: 9,
  /** approved, with a change of the company information under review */
  changeUnderReview: 10,
} as const;

export const EXAMINE_STATUS_LABELS: Record<number, string> = {
  0: '待提交',
  1: '待审核',
  2: '已退回',
  3: '审核通过',
  9: '交易所代开户',
  10: '信息变更审核中',
};

/** authStatus: the operator's real-name authentication (gate 5 holds 2 and 3). */
export const AUTH_STATUS = {
  none: 0,
  authenticated: 1,
  /** name and ID card given; face authentication not finished */
  inProgress: 2,
  failed: 3,
} as const;

export const AUTH_STATUS_LABELS: Record<number, string> = {
  0: '未认证',
  1: '已认证',
  2: '认证中',
  3: '认证失败',
};

/** companyAuthStatus: company (or advanced company) authentication (gate 5 holds 2 and 3). */
export const COMPANY_AUTH_STATUS = {
  none: 0,
  authenticated: 1,
  underReview: 2,
  refused: 3,
} as const;

export const COMPANY_AUTH_STATUS_LABELS: Record<number, string> = {
  0: '未认证',
  1: '已认证',
  2: '审核中',
  3: '未通过',
};

/** idType: the document of real-name authentication; gate 2 requires 0 of transferor, admin and land. */
export const ID_TYPES: Record<number, string> = {
  0: '居民身份证',
  1: '港澳居民来往内地通行证',
  2: '台湾居民来往大陆通行证',
  3: '护照',
};

export const RESIDENT_ID_CARD = 0;

/** Identities that may only authenticate with the resident identity card (the idType rule of gate 2). */
export const ID_CARD_ONLY_IDENTITIES: readonly number[] = [1, 99, 999];

/** Identities asked for advanced company authentication when their company's flag is set (SH-6.4). */
export const ADVANCED_AUTH_IDENTITIES: readonly number[] = [2, 3, 4];

/** face authentication request states */
export const FACE_AUTH_STATUS = {
  pending: 0,
  passed: 1,
  refused: 2,
  expired: 3,
} as const;

export const FACE_AUTH_STATUS_LABELS: Record<number, string> = {
  0: '等待核验',
  1: '核验通过',
  2: '核验未通过',
  3: '已过期',
};
