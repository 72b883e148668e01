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

/** Statuses in which an instance still blocks a new one of the same project and action. */
export const OPEN_ACTION_STATUSES: readonly ActionStatus[] = [
  'draft',
  'letterGenerated',
  'underReview',
  'returned',
];

/** Statuses in which the applicant may still change the form (save/update). */
export const EDITABLE_ACTION_STATUSES: readonly ActionStatus[] = ['draft', 'returned'];

/** Statuses in which the applicant may withdraw it: before the letter is signed, or when returned. */
export const WITHDRAWABLE_ACTION_STATUSES: readonly ActionStatus[] = ['draft', 'letterGenerated', 'returned'];

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
  disclosing: 'disclosing',
  suspended: 'suspended',
  ended: 'ended',
  terminated: 'terminated',
  dealt: 'dealt',
  closed: 'closed',
} as const;

export type ProjectStatus = (typeof PROJECT_STATUS)[keyof typeof PROJECT_STATUS];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  draft: '草稿',
  disclosing: '披露中',
  suspended: '已中止',
  ended: '已终止披露',
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

/** The result column of a process log row. */
export const PROCESS_RESULT_LABELS: Record<ProcessStep, string> = {
  submit: '已提交',
  sign: '已签章',
  pass: '通过',
  back: '退回',
  terminate: '已撤回',
};
