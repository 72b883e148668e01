// Statuses of the workflow engine (BLUEPRINT section 4, spec 001 sections 3 and 7): of an action instance (one
// application such as a project abort), of the tasks it opens, and of the project it acts on. Keys travel over
// the wire; the labels are what every screen shows.

/** An action instance: draft -> letterGenerated -> underReview -> approved | returned (-> letterGenerated ...). */
export const ACTION_STATUS = {
  draft: 'draft',
  /** submitted: the letter is generated and waits for the applicant's e-signature */
  letterGenerated: 'letterGenerated',
  underReview: 'underReview',
  approved: 'approved',
  returned: 'returned',
  /** withdrawn by the applicant (termination of a draft or returned instance) */
  cancelled: 'cancelled',
} as const;

export type ActionStatus = (typeof ACTION_STATUS)[keyof typeof ACTION_STATUS];

export const ACTION_STATUS_LABELS: Record<ActionStatus, string> = {
  draft: '草稿',
  letterGenerated: '待签章',
  underReview: '审核中',
  approved: '已通过',
  returned: '已退回',
  cancelled: '已撤回',
};

/**
 * What happens to an action instance: the applicant edits (save, update), submits (with a letter to sign, or
 * without one: straight to review), signs the letter and withdraws (termination); the exchange passes or sends
 * back. The event names of pass and back are the sign-off results.
 */
export const ACTION_EVENT = {
  edit: 'edit',
  submitLetter: 'submitLetter',
  submitUnsigned: 'submitUnsigned',
  sign: 'sign',
  pass: 'pass',
  back: 'back',
  withdraw: 'withdraw',
} as const;

export type ActionEvent = (typeof ACTION_EVENT)[keyof typeof ACTION_EVENT];

/** The statuses an event may start from, and the one it leads to (null: the status stays, only the form changes). */
export type ActionTransition = { from: readonly ActionStatus[]; to: ActionStatus | null };

/**
 * The one table of an instance's allowed transitions; the engine refuses any other. A letter generated but not
 * signed is no longer edited or submitted again: it is signed or withdrawn. approved and cancelled are final.
 */
export const ACTION_TRANSITIONS: Record<ActionEvent, ActionTransition> = {
  edit: { from: ['draft', 'returned'], to: null },
  submitLetter: { from: ['draft', 'returned'], to: 'letterGenerated' },
  submitUnsigned: { from: ['draft', 'returned'], to: 'underReview' },
  sign: { from: ['letterGenerated'], to: 'underReview' },
  pass: { from: ['underReview'], to: 'approved' },
  back: { from: ['underReview'], to: 'returned' },
  // a draft is not withdrawn but discarded (deleted): see DISCARDABLE_ACTION_STATUSES
  withdraw: { from: ['letterGenerated', 'returned'], to: 'cancelled' },
};

/**
 * Statuses in which the applicant's withdrawal deletes the instance instead of cancelling it: a draft was never
 * submitted, nobody but its author saw it, so it leaves nothing behind.
 */
export const DISCARDABLE_ACTION_STATUSES: readonly ActionStatus[] = ['draft'];

/** The status `event` leads to from `from`, or null when the table does not allow it. */
export function nextActionStatus(event: ActionEvent, from: ActionStatus): ActionStatus | null {
  const transition = ACTION_TRANSITIONS[event];
  if (!transition.from.includes(from)) return null;
  return transition.to ?? from;
}

export function canTransition(event: ActionEvent, from: ActionStatus): boolean {
  return nextActionStatus(event, from) !== null;
}

/**
 * Statuses in which an instance still blocks a new one of the same project and action: those with a way out
 * (the database's open-instance index lists the same).
 */
export const OPEN_ACTION_STATUSES: readonly ActionStatus[] = Object.values(ACTION_STATUS).filter((status) =>
  Object.values(ACTION_TRANSITIONS).some((transition) => transition.from.includes(status)),
);

/** Statuses in which the applicant may still change the form (save/update). */
export const EDITABLE_ACTION_STATUSES: readonly ActionStatus[] = ACTION_TRANSITIONS.edit.from;

/** Statuses in which the applicant may withdraw it: before the letter is signed, or when returned (a draft is
 * discarded instead). */
export const WITHDRAWABLE_ACTION_STATUSES: readonly ActionStatus[] = ACTION_TRANSITIONS.withdraw.from;

/** Task types: the step kind a task opens (BF-3.1 task.type). Review is the exchange's sign-off. */
export const TASK_TYPE = { Aon: 'Aon', MfyRrn: 'MfyRrn', EicSre: 'EicSre', Review: 'Review' } as const;

export type TaskType = (typeof TASK_TYPE)[keyof typeof TASK_TYPE];

export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  Aon: '申请',
  MfyRrn: '退回修改',
  EicSre: '电子签章',
  Review: '审核',
};

export const TASK_STATUS = { open: 'open', done: 'done', cancelled: 'cancelled' } as const;

export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  open: '待处理',
  done: '已处理',
  cancelled: '已取消',
};

/** Task list kinds of POST /api/task/list/{kind}. */
export const TASK_LIST_KINDS = ['todo', 'done', 'launch', 'todoEstimate', 'doneEstimate'] as const;

export type TaskListKind = (typeof TASK_LIST_KINDS)[number];

export const PROJECT_STATUS = {
  draft: 'draft',
  /**
   * a vehicle disposal approved by the exchange, its vehicles with the appraiser, with the owner to confirm their
   * values, or waiting for their listing letters to be signed (the first signed lists the project: disclosing)
   */
  appraising: 'appraising',
  /** the pre-disclosure (信息预披露) of an equity project, before its formal disclosure */
  preDisclosing: 'preDisclosing',
  disclosing: 'disclosing',
  suspended: 'suspended',
  ended: 'ended',
  /** a bidding hall closed without a bid (流拍): the project may be disclosed again */
  unsold: 'unsold',
  /** the deal is decided (the hall's winner, or the agreement with the one qualified buyer): the contract is next */
  awaitingContract: 'awaitingContract',
  terminated: 'terminated',
  dealt: 'dealt',
  closed: 'closed',
} as const;

export type ProjectStatus = (typeof PROJECT_STATUS)[keyof typeof PROJECT_STATUS];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  draft: '草稿',
  appraising: '评估中',
  preDisclosing: '预披露中',
  disclosing: '披露中',
  suspended: '已中止',
  ended: '已终止披露',
  unsold: '流拍',
  awaitingContract: '待签约',
  terminated: '已终结',
  dealt: '已成交',
  closed: '已结束',
};

/** The steps a process log row records, with the label the log shows. */
export const PROCESS_STEP = {
  submit: 'submit',
  sign: 'sign',
  pass: 'pass',
  back: 'back',
  terminate: 'terminate',
} as const;

export type ProcessStep = (typeof PROCESS_STEP)[keyof typeof PROCESS_STEP];

export const PROCESS_STEP_LABELS: Record<ProcessStep, string> = {
  submit: '提交申请',
  sign: '电子签章',
  pass: '审核',
  back: '审核',
  terminate: '撤回申请',
};

/**
 * The rows of a project's process log that are no application's step: what the deal's modules decided about the
 * project (the bidding hall's close with its winner or without a bid, the exchange's confirmation of the agreement),
 * with the stage, step and result the log shows.
 */
export const PROJECT_EVENTS = {
  biddingWon: { stage: '网络竞价', step: '竞价结束', result: '成交' },
  biddingUnsold: { stage: '网络竞价', step: '竞价结束', result: '流拍' },
  biddingDefault: { stage: '网络竞价', step: '竞得人违约', result: '取消竞得资格' },
  biddingOffered: { stage: '网络竞价', step: '递补', result: '待答复' },
  biddingOfferAccepted: { stage: '网络竞价', step: '递补答复', result: '成交' },
  biddingOfferDeclined: { stage: '网络竞价', step: '递补答复', result: '放弃' },
  agreementConfirmed: { stage: '协议转让', step: '成交确认', result: '成交' },
  delivered: { stage: '交付', step: '受让方签收', result: '已交割' },
  vehicleAppraiserAssigned: { stage: '车辆评估', step: '指派评估机构', result: '已指派' },
  vehicleAppraisalSubmitted: { stage: '车辆评估', step: '出具评估意见', result: '已提交' },
  vehicleResultConfirmed: { stage: '车辆评估', step: '评估结果确认', result: '已确认' },
  vehicleResultReturned: { stage: '车辆评估', step: '评估结果确认', result: '退回' },
  vehicleListed: { stage: '车辆挂牌', step: '挂牌申请函签章', result: '已挂牌' },
  vehicleRevoked: { stage: '车辆挂牌', step: '撤销挂牌申请函签章', result: '已撤牌' },
  vehicleDealt: { stage: '成交确认', step: '确认成交', result: '成交' },
  vehicleReceived: { stage: '车辆接收', step: '接收申请', result: '已接收' },
  vehicleDismantled: { stage: '车辆拆解', step: '拆解记录签章', result: '已拆解' },
  vehicleClosed: { stage: '处置完成', step: '全部车辆处置完毕', result: '已结束' },
} as const;

export type ProjectEvent = keyof typeof PROJECT_EVENTS;

/** Who the log names for a decision the server took by its clock (a hall closing when its countdown ran out). */
export const PROJECT_EVENT_SYSTEM_ACTOR = '网络竞价系统';

/** The result column of a process log row. */
export const PROCESS_RESULT_LABELS: Record<ProcessStep, string> = {
  submit: '已提交',
  sign: '已签章',
  pass: '通过',
  back: '退回',
  terminate: '已撤回',
};
