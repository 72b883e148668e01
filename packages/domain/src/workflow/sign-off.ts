// The sign-off panel's request and parameter (spec 001 sections 2 and 3, BF-3.1): what the panel sends when an
// applicant e-signs a letter or the exchange passes or returns an application.
import { FAMILY_SCREENS, type FamilyKey } from './families.ts';

/** BF-3.1: the body of a signature (applicant) or a sign-off (exchange, plus `result`). */
export type SignRequest = {
  /** the action instance */
  dataId: number;
  /** now, 'YYYY-MM-DD HH:mm:ss' in +08:00 */
  passDate: string;
  otp: string;
  category: string;
  task: { type: string; id: number; actionId: number };
  /** the first carries the task id */
  transferees: { taskId: number }[];
  reason: string;
};

export type SignOffResult = 'pass' | 'back';

export type SignOffRequest = SignRequest & { result: SignOffResult };

/** What a page hands the sign-off panel (spec 001 section 3). */
export type SignOffParameter = {
  projectId?: number;
  id?: number;
  category: string;
  task: { type: string; id: number; actionId: number };
  mobile: string;
  contacts: string;
  idcard: string;
  /** whether the SMS code is asked for */
  duanxin: boolean;
  attachmentsIds: string[];
};

/** The flows of POST /api/task/signoff/{flow}. */
export const SIGN_OFF_FLOWS = ['right', 'bulk', 'small', 'cap', 'unified', 'default'] as const;

export type SignOffFlow = (typeof SIGN_OFF_FLOWS)[number];

/**
 * The sign-off flow of a family, by the screens it runs on: bulk and coll share bulk; the equity families the
 * right flow; cap and capOpen share cap.
 */
export function signOffFlow(family: FamilyKey): SignOffFlow {
  switch (FAMILY_SCREENS[family]) {
    case 'bulk':
    case 'coll':
      return 'bulk';
    case 'right':
      return 'right';
    case 'small':
      return 'small';
    case 'cap':
    case 'capOpen':
      return 'cap';
    case 'unified':
      return 'unified';
    default:
      return 'default';
  }
}
