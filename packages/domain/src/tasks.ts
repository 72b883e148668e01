// The task centre's decisions (待办任务): every decision someone must take is a task in that person's list, linked
// to the screen where it is taken. A task belongs to a subject — a workflow application, an account opening, an
// intention registration ... — and names the step waiting on it; the module owning the subject opens and closes
// its tasks in the transactions that move it. The workflow engine's own tasks name no step: their title is their
// action's.
import { stepPath } from './workflow/paths.ts';

/** What a task is about: the record kind whose module opens and closes it. */
export const TASK_SUBJECT = {
  /** a workflow application (action instance) */
  action: 'action',
  /** a project owner's account opening (机构管理 开户审核) */
  accountOpening: 'accountOpening',
  /** a company's authentication (机构管理 企业认证审核) */
  companyAuth: 'companyAuth',
  /** a member's intention registration (代理意向登记) */
  intention: 'intention',
  /** an investor registration of a capital increase */
  investor: 'investor',
  /** a payout the bank returned (退票信息) */
  refundTicket: 'refundTicket',
  /** an appraisal firm's engagement on a project (评估项目) */
  evaluation: 'evaluation',
  /** a vehicle disposal's steps over all its vehicles (the firm assigned, the appraisal, its confirmation, receiving) */
  vehicleDisposal: 'vehicleDisposal',
  /** one vehicle's letter waiting for the owner's signature (its listing, its revocation) */
  vehicleItem: 'vehicleItem',
  /** a dismantler's record of one vehicle (拆解记录) */
  dismantlingRecord: 'dismantlingRecord',
} as const;

export type TaskSubject = (typeof TASK_SUBJECT)[keyof typeof TASK_SUBJECT];

/** The steps of the subjects other than the workflow's applications, with the title the task centre shows. */
export const TASK_STEP_TITLES = {
  accountOpeningReview: '开户审核',
  companyAuthReview: '企业认证审核',
  intentionSign: '意向登记函签章',
  intentionOpinion: '意向登记资格审核',
  intentionConfirm: '意向登记资格确认',
  intentionModify: '意向登记退回修改',
  investorAudit: '投资方审核',
  refundTicketApply: '重新出金申请',
  refundTicketSign: '重新出金申请签章',
  refundTicketReview: '重新出金审核',
  refundTicketModify: '重新出金退回修改',
  evaluationReport: '出具评估报告',
  vehicleAssign: '指派评估机构',
  vehicleAppraise: '车辆评估',
  vehicleResultConfirm: '评估结果确认',
  vehicleHangingTag: '挂牌申请函签章',
  vehicleRevoke: '撤销挂牌申请函签章',
  vehicleDeal: '成交确认',
  vehicleReceiving: '接收申请',
  recordEntry: '拆解记录登记',
} as const;

export type TaskStep = keyof typeof TASK_STEP_TITLES;

/** A task list's category: the assessment institutions' lists (我的待办, 我的已办) hold the estimate tasks. */
export type TaskCategory = 'project' | 'estimate';

/** The query of a task's screen: the record's id and what else the screen needs to open on it. */
export type TaskRouteQuery = Record<string, string | number>;

/** The address of a task's screen: its route with its query and the task's own id (the screen closes it). */
export function taskPath(task: {
  id: number;
  routeName: string;
  routeQuery: TaskRouteQuery;
  family: string | null;
}): string {
  return stepPath(task.routeName, { ...task.routeQuery, taskId: task.id }, task.family ?? '');
}
