// The skeleton of the workflow registry (BLUEPRINT section 4, spec 001 section 2): every project family, its
// business actions, their steps, and the exact route name of each step's screen. Form schemas, letters and
// effects hang on these entries later; the route table mounts every name under /index/<name>.
//
// `derived: true` marks a name the spec neither spells nor fixes by a stated pattern: we chose it in the
// family's own pattern so that every screen has a name. Names without the flag are the spec's, letter for letter
// (BF-2.1 to BF-2.4, plus smallShowProject of spec 000 section 2).

/**
 * Step kinds. Aon: application; MfyRrn: returned for modification; EicSre: e-signature letter; EicSreF: the
 * transaction-assurance letter of the right family; Sre: the price-deduction letter; Edit: the application screen
 * in edit mode; Show: read-only view; Page: a single screen of its own kind (information entry, import, opinion).
 */
export type StepKind = 'Show' | 'Aon' | 'Edit' | 'MfyRrn' | 'EicSre' | 'EicSreF' | 'Sre' | 'Page';

export type StepDef = {
  readonly step: StepKind;
  readonly name: string;
  /** the screen title when "action title + step title" does not read naturally */
  readonly title?: string;
  readonly derived?: boolean;
};

export type ActionDef = { readonly key: string; readonly title: string; readonly steps: readonly StepDef[] };

export type FamilyDef = { readonly title: string; readonly actions: readonly ActionDef[] };

export const STEP_TITLES: Record<StepKind, string> = {
  Show: '查看',
  Aon: '申请',
  Edit: '修改',
  MfyRrn: '退回修改',
  EicSre: '电子签章',
  EicSreF: '电子签章',
  Sre: '电子签章',
  Page: '',
};

export const FAMILIES = {
  bulk: {
    title: '实物资产',
    actions: [
      { key: 'show', title: '项目', steps: [{ step: 'Show', name: 'bulkShowProject', title: '查看项目' }] },
      {
        key: 'disclosure',
        title: '信息披露',
        steps: [
          { step: 'MfyRrn', name: 'bulkMfyRrn' },
          { step: 'EicSre', name: 'bulkEicSre' },
        ],
      },
      {
        key: 'abort',
        title: '项目中止',
        steps: [
          { step: 'Aon', name: 'bulkAbortAon' },
          { step: 'MfyRrn', name: 'bulkAbortMfyRrn' },
          { step: 'EicSre', name: 'bulkAbortEicSre' },
        ],
      },
      {
        key: 'recovery',
        title: '项目恢复',
        steps: [
          { step: 'Aon', name: 'bulkRecoveryAon' },
          { step: 'MfyRrn', name: 'bulkRecoveryMfyRrn' },
          { step: 'EicSre', name: 'bulkRecoveryEicSre' },
        ],
      },
      {
        key: 'end',
        title: '终止披露',
        steps: [
          { step: 'Aon', name: 'bulkEndAon' },
          { step: 'MfyRrn', name: 'bulkEndMfyRrn' },
          { step: 'EicSre', name: 'bulkEndEicSre' },
        ],
      },
      {
        key: 'supplement',
        title: '补充披露',
        steps: [
          { step: 'Aon', name: 'bulkSupplementAon' },
          { step: 'MfyRrn', name: 'bulkSupplementMfyRrn' },
          { step: 'EicSre', name: 'bulkSupplementEicSre' },
        ],
      },
      {
        key: 'termination',
        title: '项目终结',
        steps: [
          { step: 'Aon', name: 'bulkTerminationAon' },
          { step: 'MfyRrn', name: 'bulkTerminationMfyRrn' },
          { step: 'EicSre', name: 'bulkTerminationEicSre' },
        ],
      },
      {
        key: 'rediscovery',
        title: '重新披露',
        steps: [
          { step: 'Aon', name: 'bulkRediscoveryAon' },
          { step: 'MfyRrn', name: 'bulkRediscoveryMfyRrn' },
          { step: 'EicSre', name: 'bulkRediscoveryEicSre' },
        ],
      },
      {
        key: 'online',
        title: '网络竞价',
        steps: [
          { step: 'Aon', name: 'bulkOnlineAon' },
          { step: 'MfyRrn', name: 'bulkOnlineMfyRrn' },
          { step: 'EicSre', name: 'bulkOnlineEicSre' },
        ],
      },
      {
        // The spec gives bulk one contract screen with type add/edit; the edit mode gets its own name as
        // rightContractEdit does, so both modes can be opened as separate tabs.
        key: 'contract',
        title: '合同信息登记',
        steps: [
          { step: 'Aon', name: 'bulkContractAon', title: '合同信息录入' },
          { step: 'Edit', name: 'bulkContractEdit', title: '合同信息修改', derived: true },
          { step: 'MfyRrn', name: 'bulkContractMfyRrn' },
          { step: 'EicSre', name: 'bulkContractEicSre' },
        ],
      },
      {
        key: 'price',
        title: '价款划转',
        steps: [
          { step: 'Aon', name: 'bulkPriceAon' },
          { step: 'MfyRrn', name: 'bulkPriceMfyRrn' },
          { step: 'EicSre', name: 'bulkPriceEicSre' },
        ],
      },
      {
        key: 'transfer',
        title: '资产交割',
        steps: [
          { step: 'Aon', name: 'bulkTransferAon' },
          { step: 'MfyRrn', name: 'bulkTransferMfyRrn' },
        ],
      },
      { key: 'withdrawal', title: '摘牌重新披露', steps: [{ step: 'EicSre', name: 'bulkWithdrawalEicSre' }] },
      { key: 'survey', title: '现场踏勘确认', steps: [{ step: 'EicSre', name: 'bulkSurveyEicSre' }] },
      { key: 'exhibition', title: '展示确认', steps: [{ step: 'EicSre', name: 'bulkExhibitionEicSre' }] },
      {
        key: 'priceDeduction',
        title: '价款抵扣服务费',
        steps: [{ step: 'Sre', name: 'bulkPriceDeductionSre' }],
      },
      // Spec 001 section 7 lists the refund cash-out's calls (signature, submit, termination) but no screen: its
      // letter gets one in the family's pattern.
      {
        key: 'refundCashout',
        title: '退款出金',
        steps: [{ step: 'EicSre', name: 'bulkRefundCashoutEicSre', derived: true }],
      },
    ],
  },

  // Spec 000 calls this group "collection (prefix coll)", spec 001 lists "collateral (coll) projects" among the
  // families and handles 409 for "right, bulk, collateral, small flows". An exchange transfers pledged and
  // mortgaged assets, not collections, so the family is 抵质押资产.
  coll: {
    title: '抵质押资产',
    actions: [
      { key: 'show', title: '项目', steps: [{ step: 'Show', name: 'collShowProject', title: '查看项目' }] },
      {
        key: 'disclosure',
        title: '信息披露',
        steps: [
          { step: 'MfyRrn', name: 'collMfyRrn' },
          { step: 'EicSre', name: 'collEicSre' },
        ],
      },
      {
        key: 'abort',
        title: '项目中止',
        steps: [
          { step: 'Aon', name: 'collAbortAon' },
          { step: 'MfyRrn', name: 'collAbortMfyRrn' },
          { step: 'EicSre', name: 'collAbortEicSre' },
        ],
      },
      {
        key: 'recovery',
        title: '项目恢复',
        steps: [
          { step: 'Aon', name: 'collRecoveryAon' },
          { step: 'MfyRrn', name: 'collRecoveryMfyRrn' },
          { step: 'EicSre', name: 'collRecoveryEicSre' },
        ],
      },
      {
        key: 'end',
        title: '终止披露',
        steps: [
          { step: 'Aon', name: 'collEndAon' },
          { step: 'MfyRrn', name: 'collEndMfyRrn' },
          { step: 'EicSre', name: 'collEndEicSre' },
        ],
      },
      {
        key: 'supplement',
        title: '补充披露',
        steps: [
          { step: 'Aon', name: 'collSupplementAon' },
          { step: 'MfyRrn', name: 'collSupplementMfyRrn' },
          { step: 'EicSre', name: 'collSupplementEicSre' },
        ],
      },
      {
        key: 'termination',
        title: '项目终结',
        steps: [
          { step: 'Aon', name: 'collTerminationAon' },
          { step: 'MfyRrn', name: 'collTerminationMfyRrn' },
          { step: 'EicSre', name: 'collTerminationEicSre' },
        ],
      },
      {
        key: 'rediscovery',
        title: '重新披露',
        steps: [
          { step: 'Aon', name: 'collRediscoveryAon' },
          { step: 'MfyRrn', name: 'collRediscoveryMfyRrn' },
          { step: 'EicSre', name: 'collRediscoveryEicSre' },
        ],
      },
      {
        key: 'online',
        title: '网络竞价',
        steps: [
          { step: 'Aon', name: 'collOnlineAon' },
          { step: 'MfyRrn', name: 'collOnlineMfyRrn' },
          { step: 'EicSre', name: 'collOnlineEicSre' },
        ],
      },
      {
        key: 'contract',
        title: '合同信息登记',
        steps: [
          { step: 'Aon', name: 'collContractAon', title: '合同信息录入' },
          { step: 'Edit', name: 'collContractEdit', title: '合同信息修改', derived: true },
          { step: 'MfyRrn', name: 'collContractMfyRrn' },
          { step: 'EicSre', name: 'collContractEicSre' },
        ],
      },
      {
        // The spec names only the price e-signature for coll; the group "mirrors bulk", so the application and
        // its return exist as in bulk.
        key: 'price',
        title: '价款划转',
        steps: [
          { step: 'Aon', name: 'collPriceAon', derived: true },
          { step: 'MfyRrn', name: 'collPriceMfyRrn', derived: true },
          { step: 'EicSre', name: 'collPriceEicSre' },
        ],
      },
      {
        key: 'transfer',
        title: '资产交割',
        steps: [
          { step: 'Aon', name: 'collTransferAon' },
          { step: 'MfyRrn', name: 'collTransferMfyRrn' },
        ],
      },
      { key: 'withdrawal', title: '摘牌重新披露', steps: [{ step: 'EicSre', name: 'collWithdrawalEicSre' }] },
      { key: 'survey', title: '现场踏勘确认', steps: [{ step: 'EicSre', name: 'collSurveyEicSre' }] },
      { key: 'exhibition', title: '展示确认', steps: [{ step: 'EicSre', name: 'collExhibitionEicSre' }] },
      {
        key: 'priceDeduction',
        title: '价款抵扣服务费',
        steps: [{ step: 'Sre', name: 'collPriceDeductionSre' }],
      },
      // Spec 001 section 7 lists the refund cash-out's calls (signature, submit, termination) but no screen: its
      // letter gets one in the family's pattern.
      {
        key: 'refundCashout',
        title: '退款出金',
        steps: [{ step: 'EicSre', name: 'collRefundCashoutEicSre', derived: true }],
      },
    ],
  },

  // The rights-type screens (spec 001 "Rights type" and the "Right-transfer (stock right) contract and price
  // group"): the screens of the equity families, stock (产权转让) and privateStock, whose calls live under
  // /api/project/stock/ and /api/project/privateStock/ (FAMILY_SCREENS).
  right: {
    title: '产权转让',
    actions: [
      { key: 'show', title: '项目', steps: [{ step: 'Show', name: 'rightShowProject', title: '查看项目' }] },
      // State-owned equity is pre-disclosed (信息预披露) before its formal disclosure: the spec names no screens for
      // it, so its return and letter take names in the group's pattern.
      {
        key: 'preDisclosure',
        title: '信息预披露',
        steps: [
          { step: 'MfyRrn', name: 'rightPreMfyRrn', derived: true },
          { step: 'EicSre', name: 'rightPreEicSre', derived: true },
        ],
      },
      {
        key: 'disclosure',
        title: '信息披露',
        steps: [
          { step: 'MfyRrn', name: 'rightMfyRrn', derived: true },
          { step: 'EicSre', name: 'rightEicSre' },
        ],
      },
      // "Assurance" is the accountant's 鉴证: the exchange's transaction certification letter.
      { key: 'assurance', title: '交易鉴证', steps: [{ step: 'EicSreF', name: 'rightEicSreF' }] },
      {
        key: 'abort',
        title: '项目中止',
        steps: [
          { step: 'Aon', name: 'rightAbortAon', derived: true },
          { step: 'MfyRrn', name: 'rightAbortMfyRrn', derived: true },
          { step: 'EicSre', name: 'rightAbortEicSre', derived: true },
        ],
      },
      {
        key: 'recovery',
        title: '项目恢复',
        steps: [
          { step: 'Aon', name: 'rightRecoveryAon', derived: true },
          { step: 'MfyRrn', name: 'rightRecoveryMfyRrn', derived: true },
          { step: 'EicSre', name: 'rightRecoveryEicSre', derived: true },
        ],
      },
      {
        key: 'termination',
        title: '项目终结',
        steps: [
          { step: 'Aon', name: 'rightTerminationAon', derived: true },
          { step: 'MfyRrn', name: 'rightTerminationMfyRrn', derived: true },
          { step: 'EicSre', name: 'rightTerminationEicSre', derived: true },
        ],
      },
      {
        key: 'end',
        title: '终止披露',
        steps: [
          { step: 'Aon', name: 'rightEndAon', derived: true },
          { step: 'MfyRrn', name: 'rightEndMfyRrn', derived: true },
          { step: 'EicSre', name: 'rightEndEicSre', derived: true },
        ],
      },
      {
        key: 'supplement',
        title: '补充披露',
        steps: [
          { step: 'Aon', name: 'rightSupplementAon', derived: true },
          { step: 'MfyRrn', name: 'rightSupplementMfyRrn', derived: true },
          { step: 'EicSre', name: 'rightSupplementEicSre', derived: true },
        ],
      },
      {
        key: 'rediscovery',
        title: '重新披露',
        steps: [
          { step: 'Aon', name: 'rightRediscoveryAon', derived: true },
          { step: 'MfyRrn', name: 'rightRediscoveryMfyRrn', derived: true },
          { step: 'EicSre', name: 'rightRediscoveryEicSre', derived: true },
        ],
      },
      { key: 'withdrawal', title: '项目摘牌', steps: [{ step: 'EicSre', name: 'rightWithdrawalEicSre' }] },
      {
        key: 'intentionReview',
        title: '意向资格审核',
        steps: [
          { step: 'Aon', name: 'rightIntentionReview', title: '意向资格审核' },
          { step: 'MfyRrn', name: 'rightIntentionReviewMfyRrn', derived: true },
        ],
      },
      {
        key: 'registration',
        title: '意向登记',
        steps: [
          { step: 'EicSre', name: 'registrationEicSre' },
          { step: 'Show', name: 'registrationShow', title: '查看意向登记' },
        ],
      },
      {
        key: 'online',
        title: '网络竞价',
        steps: [
          { step: 'Aon', name: 'rightOnlineAon', derived: true },
          { step: 'MfyRrn', name: 'rightOnlineMfyRrn', derived: true },
          { step: 'EicSre', name: 'rightOnlineEicSre', derived: true },
        ],
      },
      {
        key: 'contract',
        title: '合同信息登记',
        steps: [
          { step: 'Aon', name: 'rightContractAon', title: '合同信息录入' },
          { step: 'Edit', name: 'rightContractEdit', title: '合同信息修改' },
          { step: 'MfyRrn', name: 'rightContractMfyRrn' },
        ],
      },
      {
        key: 'price',
        title: '价款划转',
        steps: [
          { step: 'Aon', name: 'rightPriceAon' },
          { step: 'MfyRrn', name: 'rightPriceMfyRrn' },
          { step: 'EicSre', name: 'rightPriceEicSre' },
        ],
      },
    ],
  },

  unified: {
    title: '统一类项目',
    actions: [
      {
        key: 'show',
        title: '项目',
        steps: [{ step: 'Show', name: 'unifiedShowProject', title: '查看项目' }],
      },
      {
        key: 'disclosure',
        title: '信息披露',
        steps: [
          { step: 'MfyRrn', name: 'unifiedMfyRrn', derived: true },
          { step: 'EicSre', name: 'unifiedEicSre', derived: true },
        ],
      },
      {
        key: 'abort',
        title: '项目中止',
        steps: [
          { step: 'Aon', name: 'unifiedAbortAon', derived: true },
          { step: 'MfyRrn', name: 'unifiedAbortMfyRrn', derived: true },
          { step: 'EicSre', name: 'unifiedAbortEicSre', derived: true },
        ],
      },
      {
        key: 'recovery',
        title: '项目恢复',
        steps: [
          { step: 'Aon', name: 'unifiedRecoveryAon', derived: true },
          { step: 'MfyRrn', name: 'unifiedRecoveryMfyRrn', derived: true },
          { step: 'EicSre', name: 'unifiedRecoveryEicSre', derived: true },
        ],
      },
      {
        key: 'termination',
        title: '项目终结',
        steps: [
          { step: 'Aon', name: 'unifiedTerminationAon', derived: true },
          { step: 'MfyRrn', name: 'unifiedTerminationMfyRrn', derived: true },
          { step: 'EicSre', name: 'unifiedTerminationEicSre', derived: true },
        ],
      },
      {
        key: 'withdrawal',
        title: '项目摘牌',
        steps: [
          { step: 'Aon', name: 'unifiedWithdrawalAon', derived: true },
          { step: 'MfyRrn', name: 'unifiedWithdrawalMfyRrn', derived: true },
          { step: 'EicSre', name: 'unifiedWithdrawalEicSre', derived: true },
        ],
      },
      {
        key: 'rediscovery',
        title: '重新披露',
        steps: [
          { step: 'Aon', name: 'unifiedRediscoveryAon', derived: true },
          { step: 'MfyRrn', name: 'unifiedRediscoveryMfyRrn', derived: true },
          { step: 'EicSre', name: 'unifiedRediscoveryEicSre', derived: true },
        ],
      },
      {
        key: 'intentionReview',
        title: '意向资格审核',
        steps: [{ step: 'Aon', name: 'unifiedIntentionReview', title: '意向资格审核' }],
      },
      {
        key: 'memberIntentionReview',
        title: '会员意向资格审核',
        steps: [
          { step: 'EicSre', name: 'memberIntentionReviewEicSre' },
          { step: 'Show', name: 'memberIntentionReviewShow', title: '查看会员意向资格审核' },
        ],
      },
      { key: 'transaction', title: '交易管理', steps: [{ step: 'Page', name: 'unifiedContract' }] },
    ],
  },

  small: {
    title: '小宗实物',
    actions: [
      // Spelled in spec 000 section 2 among the project detail routes.
      { key: 'show', title: '项目', steps: [{ step: 'Show', name: 'smallShowProject', title: '查看项目' }] },
      {
        key: 'disclosure',
        title: '信息披露',
        steps: [
          { step: 'MfyRrn', name: 'smallMfyRrn', derived: true },
          { step: 'EicSre', name: 'smallEicSre', derived: true },
        ],
      },
      {
        key: 'end',
        title: '终止披露',
        steps: [
          { step: 'Aon', name: 'smallEndAon', derived: true },
          { step: 'MfyRrn', name: 'smallEndMfyRrn', derived: true },
          { step: 'EicSre', name: 'smallEndEicSre', derived: true },
        ],
      },
      {
        key: 'transfer',
        title: '资产交割确认',
        steps: [{ step: 'Aon', name: 'smallTransferAon', derived: true }],
      },
      { key: 'delivery', title: '交付信息', steps: [{ step: 'Page', name: 'smallDelivery', derived: true }] },
      {
        key: 'rediscovery',
        title: '重新披露',
        steps: [
          { step: 'Aon', name: 'smallRediscoveryAon', derived: true },
          { step: 'MfyRrn', name: 'smallRediscoveryMfyRrn', derived: true },
          { step: 'EicSre', name: 'smallRediscoveryEicSre', derived: true },
        ],
      },
      {
        key: 'supplement',
        title: '补充披露',
        steps: [
          { step: 'Aon', name: 'smallSupplementAon', derived: true },
          { step: 'MfyRrn', name: 'smallSupplementMfyRrn', derived: true },
          { step: 'EicSre', name: 'smallSupplementEicSre', derived: true },
        ],
      },
      {
        key: 'survey',
        title: '现场踏勘确认',
        steps: [{ step: 'EicSre', name: 'smallSurveyEicSre', derived: true }],
      },
      {
        key: 'exhibition',
        title: '展示确认',
        steps: [{ step: 'EicSre', name: 'smallExhibitionEicSre', derived: true }],
      },
      {
        key: 'extensionStatement',
        title: '延期说明',
        steps: [{ step: 'Page', name: 'smallExtensionStatement', derived: true }],
      },
      { key: 'estimate', title: '估价信息', steps: [{ step: 'Page', name: 'smallEstimate', derived: true }] },
      {
        key: 'earlyClearance',
        title: '提前清场',
        steps: [{ step: 'Page', name: 'smallEarlyClearance', derived: true }],
      },
      {
        key: 'environmentalProtection',
        title: '环保信息',
        steps: [{ step: 'Page', name: 'smallEnvironmentalProtection', derived: true }],
      },
      {
        key: 'assetTransfer',
        title: '资产移交信息',
        steps: [{ step: 'Page', name: 'smallAssetTransfer', derived: true }],
      },
      {
        key: 'evaluation',
        title: '评估信息',
        steps: [{ step: 'Page', name: 'smallEvaluation', derived: true }],
      },
      {
        key: 'resultConfirm',
        title: '结果确认',
        steps: [{ step: 'Page', name: 'smallResultConfirm', derived: true }],
      },
      {
        key: 'supplementInfo',
        title: '补充信息',
        steps: [{ step: 'Page', name: 'smallSupplementInfo', derived: true }],
      },
      {
        key: 'auctionResultImport',
        title: '拍卖结果导入',
        steps: [{ step: 'Page', name: 'smallAuctionResultImport', derived: true }],
      },
    ],
  },

  // Ordinary capital increase: project, investor and contract screens (spec 001 "Capital increase"). Its calls
  // under /api/project/cap/ list abort, recovery, termination, supplement, disclosure, contract and price with their
  // signature calls, so it runs the open one's course but for the pre-disclosure; the screens the spec does not
  // name take names in the family's pattern. The investor screens are the investors module's (not the engine's).
  cap: {
    title: '增资扩股',
    actions: [
      {
        key: 'show',
        title: '项目',
        steps: [{ step: 'Show', name: 'capShowProject', title: '查看项目', derived: true }],
      },
      {
        key: 'disclosure',
        title: '信息披露',
        steps: [
          { step: 'MfyRrn', name: 'capMfyRrn', derived: true },
          { step: 'EicSre', name: 'capEicSre', derived: true },
        ],
      },
      {
        key: 'investor',
        title: '投资方信息',
        steps: [
          { step: 'Aon', name: 'capInvestorAon', title: '投资方信息录入', derived: true },
          { step: 'Show', name: 'capInvestorShow', title: '查看投资方信息', derived: true },
        ],
      },
      {
        key: 'abort',
        title: '项目中止',
        steps: [
          { step: 'Aon', name: 'capAbortAon', derived: true },
          { step: 'MfyRrn', name: 'capAbortMfyRrn', derived: true },
          { step: 'EicSre', name: 'capAbortEicSre', derived: true },
        ],
      },
      {
        key: 'recovery',
        title: '项目恢复',
        steps: [
          { step: 'Aon', name: 'capRecoveryAon', derived: true },
          { step: 'MfyRrn', name: 'capRecoveryMfyRrn', derived: true },
          { step: 'EicSre', name: 'capRecoveryEicSre', derived: true },
        ],
      },
      {
        key: 'termination',
        title: '项目终结',
        steps: [
          { step: 'Aon', name: 'capTerminationAon', derived: true },
          { step: 'MfyRrn', name: 'capTerminationMfyRrn', derived: true },
          { step: 'EicSre', name: 'capTerminationEicSre', derived: true },
        ],
      },
      {
        key: 'supplement',
        title: '补充披露',
        steps: [
          { step: 'Aon', name: 'capSupplementAon', derived: true },
          { step: 'MfyRrn', name: 'capSupplementMfyRrn', derived: true },
          { step: 'EicSre', name: 'capSupplementEicSre', derived: true },
        ],
      },
      {
        key: 'contract',
        title: '合同信息登记',
        steps: [
          { step: 'Aon', name: 'capContractAon', title: '合同信息录入', derived: true },
          { step: 'Edit', name: 'capContractEdit', title: '合同信息修改', derived: true },
          { step: 'MfyRrn', name: 'capContractMfyRrn', derived: true },
          { step: 'EicSre', name: 'capContractEicSre', derived: true },
        ],
      },
      {
        key: 'price',
        title: '价款划转',
        steps: [
          { step: 'Aon', name: 'capPriceAon', derived: true },
          { step: 'MfyRrn', name: 'capPriceMfyRrn', derived: true },
          { step: 'EicSre', name: 'capPriceEicSre', derived: true },
        ],
      },
    ],
  },

  // Open capital increase: its calls list abort, recovery, termination, supplement, disclosure, contract and
  // price, each with a signature call, and an investor audit.
  capOpen: {
    title: '公开增资',
    actions: [
      {
        key: 'show',
        title: '项目',
        steps: [{ step: 'Show', name: 'capOpenShowProject', title: '查看项目', derived: true }],
      },
      // An open capital increase may be pre-disclosed (its calls have submit and submitFormal); the spec names no
      // screens for it, so its return and letter take names in the group's pattern, as the rights type's do.
      {
        key: 'preDisclosure',
        title: '信息预披露',
        steps: [
          { step: 'MfyRrn', name: 'capOpenPreMfyRrn', derived: true },
          { step: 'EicSre', name: 'capOpenPreEicSre', derived: true },
        ],
      },
      {
        key: 'disclosure',
        title: '信息披露',
        steps: [
          { step: 'MfyRrn', name: 'capOpenMfyRrn', derived: true },
          { step: 'EicSre', name: 'capOpenEicSre', derived: true },
        ],
      },
      {
        key: 'investorAudit',
        title: '投资方资格审核',
        steps: [{ step: 'Page', name: 'capOpenInvestorAudit', derived: true }],
      },
      {
        key: 'abort',
        title: '项目中止',
        steps: [
          { step: 'Aon', name: 'capOpenAbortAon', derived: true },
          { step: 'MfyRrn', name: 'capOpenAbortMfyRrn', derived: true },
          { step: 'EicSre', name: 'capOpenAbortEicSre', derived: true },
        ],
      },
      {
        key: 'recovery',
        title: '项目恢复',
        steps: [
          { step: 'Aon', name: 'capOpenRecoveryAon', derived: true },
          { step: 'MfyRrn', name: 'capOpenRecoveryMfyRrn', derived: true },
          { step: 'EicSre', name: 'capOpenRecoveryEicSre', derived: true },
        ],
      },
      {
        key: 'termination',
        title: '项目终结',
        steps: [
          { step: 'Aon', name: 'capOpenTerminationAon', derived: true },
          { step: 'MfyRrn', name: 'capOpenTerminationMfyRrn', derived: true },
          { step: 'EicSre', name: 'capOpenTerminationEicSre', derived: true },
        ],
      },
      {
        key: 'supplement',
        title: '补充披露',
        steps: [
          { step: 'Aon', name: 'capOpenSupplementAon', derived: true },
          { step: 'MfyRrn', name: 'capOpenSupplementMfyRrn', derived: true },
          { step: 'EicSre', name: 'capOpenSupplementEicSre', derived: true },
        ],
      },
      {
        key: 'contract',
        title: '合同信息登记',
        steps: [
          { step: 'Aon', name: 'capOpenContractAon', title: '合同信息录入', derived: true },
          { step: 'Edit', name: 'capOpenContractEdit', title: '合同信息修改', derived: true },
          { step: 'MfyRrn', name: 'capOpenContractMfyRrn', derived: true },
          { step: 'EicSre', name: 'capOpenContractEicSre', derived: true },
        ],
      },
      {
        key: 'price',
        title: '价款划转',
        steps: [
          { step: 'Aon', name: 'capOpenPriceAon', derived: true },
          { step: 'MfyRrn', name: 'capOpenPriceMfyRrn', derived: true },
          { step: 'EicSre', name: 'capOpenPriceEicSre', derived: true },
        ],
      },
    ],
  },

  // Motor-vehicle disposal (机动车处置; issue 32): a state body's or enterprise's application to dispose of its
  // vehicles (calls under /api/project/disposalApply), their appraisal, listing and sale (/api/project/motorVehicle),
  // and the dismantler's receipt and dismantling records (/api/record). One course, one screen group: the spec lists
  // the screens of "vehicle and vehicle disposal" together and names none of them, so every name here is derived,
  // in the prefixes the spec's call names suggest (disposal* for the application's side, vehicle* for the sale's).
  // The application is the engine's (its disclosure action: the form, the letter, the exchange's review); the steps
  // over single vehicles are the vehicles module's (isModuleAction). A scrapped vehicle is sold by agreement to a
  // qualified dismantler (成交确认); an auction screen comes with an auction among dismantlers, which is not built.
  vehicle: {
    title: '机动车处置',
    actions: [
      {
        key: 'show',
        title: '项目',
        steps: [{ step: 'Show', name: 'vehicleShowProject', title: '查看项目', derived: true }],
      },
      {
        // applied for on the project form (新增项目 / 编辑项目), as every family's disclosure is; titled 处置 so that
        // what is composed of it reads 处置申请, 处置申请函, 处置申请已审核通过
        key: 'disclosure',
        title: '处置',
        steps: [
          { step: 'MfyRrn', name: 'disposalApplyMfyRrn', title: '处置申请退回修改', derived: true },
          { step: 'EicSre', name: 'disposalApplyEicSre', title: '处置申请电子签章', derived: true },
        ],
      },
      {
        key: 'vehicleInfo',
        title: '车辆信息',
        steps: [
          { step: 'Aon', name: 'vehicleInfoAon', title: '车辆信息录入', derived: true },
          { step: 'Edit', name: 'vehicleInfoEdit', title: '车辆信息修改', derived: true },
        ],
      },
      {
        key: 'assessmentOpinion',
        title: '评估意见',
        steps: [{ step: 'Page', name: 'disposalAssessmentOpinion', derived: true }],
      },
      {
        key: 'expertOpinion',
        title: '专家意见',
        steps: [{ step: 'Page', name: 'disposalExpertOpinion', derived: true }],
      },
      {
        key: 'resultConfirm',
        title: '评估结果确认',
        steps: [{ step: 'Page', name: 'disposalResultConfirm', derived: true }],
      },
      {
        key: 'hangingTag',
        title: '挂牌',
        steps: [{ step: 'EicSre', name: 'vehicleHangingTagEicSre', derived: true }],
      },
      {
        key: 'batchSign',
        title: '批量挂牌',
        steps: [{ step: 'EicSre', name: 'vehicleBatchEicSre', derived: true }],
      },
      {
        key: 'revokeSign',
        title: '撤销挂牌',
        steps: [{ step: 'EicSre', name: 'vehicleRevokeEicSre', derived: true }],
      },
      {
        key: 'rediscovery',
        title: '重新披露',
        steps: [
          { step: 'Aon', name: 'vehicleRediscoveryAon', derived: true },
          { step: 'MfyRrn', name: 'vehicleRediscoveryMfyRrn', derived: true },
          { step: 'EicSre', name: 'vehicleRediscoveryEicSre', derived: true },
        ],
      },
      {
        key: 'dealConfirm',
        title: '成交确认',
        steps: [{ step: 'Page', name: 'vehicleDealConfirm', derived: true }],
      },
      {
        key: 'receiving',
        title: '接收',
        steps: [{ step: 'Aon', name: 'disposalReceivingAon', derived: true }],
      },
      { key: 'breakup', title: '拆解', steps: [{ step: 'Page', name: 'disposalBreakup', derived: true }] },
      {
        key: 'disintegrate',
        title: '解体',
        steps: [{ step: 'Page', name: 'disposalDisintegrate', derived: true }],
      },
      {
        key: 'delivery',
        title: '车辆交割',
        steps: [{ step: 'Page', name: 'vehicleDelivery', derived: true }],
      },
    ],
  },

  auction: {
    title: '拍卖',
    actions: [
      {
        key: 'show',
        title: '项目',
        steps: [{ step: 'Show', name: 'auctionShowProject', title: '查看项目', derived: true }],
      },
      {
        key: 'disclosure',
        title: '信息披露',
        steps: [
          { step: 'MfyRrn', name: 'auctionMfyRrn', derived: true },
          { step: 'EicSre', name: 'auctionEicSre', derived: true },
        ],
      },
    ],
  },

  // The small-lot ledger whose list is the agent menu's ledgerSmall page.
  ledger: {
    title: '台账',
    actions: [
      {
        key: 'show',
        title: '台账',
        steps: [{ step: 'Show', name: 'ledgerSmallShow', title: '查看台账', derived: true }],
      },
    ],
  },
} as const satisfies Record<string, FamilyDef>;

/** A set of screens of the registry: a family's own, or the rights-type screens the equity families share. */
export type ScreenGroupKey = keyof typeof FAMILIES;

/**
 * The workflow families (a project's `family`, and the {family} of /api/project/{family}/{action}/...), each with
 * the screens its actions open on: its own, but for the equity families stock (产权转让) and privateStock, which
 * both run on the rights-type screens (rightShowProject, rightEicSre, registrationEicSre ...).
 */
export const FAMILY_SCREENS = {
  bulk: 'bulk',
  coll: 'coll',
  stock: 'right',
  privateStock: 'right',
  unified: 'unified',
  small: 'small',
  cap: 'cap',
  capOpen: 'capOpen',
  motorVehicle: 'vehicle',
  auction: 'auction',
  ledger: 'ledger',
} as const satisfies Record<string, ScreenGroupKey>;

export type FamilyKey = keyof typeof FAMILY_SCREENS;

export const FAMILY_KEYS = Object.keys(FAMILY_SCREENS) as readonly FamilyKey[];

export function isFamilyKey(value: string): value is FamilyKey {
  return Object.hasOwn(FAMILY_SCREENS, value);
}

/** A family's Chinese name: its screens' title, or its own where it shares the screens of another. */
export const FAMILY_TITLES: Readonly<Record<FamilyKey, string>> = {
  ...(Object.fromEntries(
    FAMILY_KEYS.map((family) => [family, FAMILIES[FAMILY_SCREENS[family]].title]),
  ) as Record<FamilyKey, string>),
  stock: '产权转让',
  privateStock: '私募股权转让',
};

/** A family's Chinese name; an unknown key as it is (a row stored by a family since removed still reads). */
export function familyLabel(family: string): string {
  return isFamilyKey(family) ? FAMILY_TITLES[family] : family;
}

/** The families whose actions open on a screen group's screens (the equity families on `right`). */
export function familiesOfScreens(screens: string): FamilyKey[] {
  return FAMILY_KEYS.filter((family) => FAMILY_SCREENS[family] === screens);
}

/** The route of a family's project view (bulkShowProject, rightShowProject ...), if its screens have one. */
export function projectShowRoute(family: FamilyKey): string | undefined {
  const screens: FamilyDef = FAMILIES[FAMILY_SCREENS[family]];
  return screens.actions.find((action) => action.key === 'show')?.steps[0]?.name;
}

type AnyStep = (typeof FAMILIES)[ScreenGroupKey]['actions'][number]['steps'][number];

/** The union of every workflow screen's route name. */
export type WorkflowRouteName = AnyStep['name'];

export type WorkflowRoute = {
  name: WorkflowRouteName;
  screens: ScreenGroupKey;
  action: string;
  step: StepKind;
  title: string;
  isDerived: boolean;
};

function titleOf(action: ActionDef, step: StepDef): string {
  return step.title ?? `${action.title}${STEP_TITLES[step.step]}`;
}

/** Every workflow screen, in the order of FAMILIES. */
export function listWorkflowRoutes(): WorkflowRoute[] {
  const groups = Object.entries(FAMILIES) as [ScreenGroupKey, FamilyDef][];
  return groups.flatMap(([screens, def]) =>
    def.actions.flatMap((action) =>
      action.steps.map((step) => ({
        name: step.name as WorkflowRouteName,
        screens,
        action: action.key,
        step: step.step,
        title: titleOf(action, step),
        isDerived: step.derived === true,
      })),
    ),
  );
}
