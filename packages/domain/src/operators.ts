// 账号管理 (spec 000 sections 2 and 6: account, accountAdd, accountChange, accountShow, accountEdit; GKS_OPERATOR_LT):
// the operators of one company. A company's codes are those of the built-in role of its kind (DEFAULT_ROLE_CODES;
// agent members add AGENT_CODES); an operator is given a subset of them, chosen on the company's own menu tree so
// the page shows menu names rather than codes. The same tree decides, on both sides, what a choice means: a menu
// group's code is held exactly when one of its entries is (the menu hides a group whose code is missing, SH-4.13),
// 首页 is always held (it is never hidden), and a code outside the tree is one the company lacks. The operators
// module's checks and the account pages read these definitions, so the form refuses what the server refuses.
import { z } from 'zod';
import { validateRegisterUsername } from './account-opening.ts';
import { formatMessage } from './format.ts';
import { identityName } from './identity.ts';
import { menuFor, type MenuItem } from './menus.ts';
import { fillIn, MSG } from './messages.ts';
import { permissionTitle } from './profile.ts';
import { renderSmsTemplate } from './sms-templates.ts';
import { validateMobile } from './validation/mobile.ts';

export const OPERATOR_STATUS = { normal: 'normal', disabled: 'disabled' } as const;

export type OperatorStatus = (typeof OPERATOR_STATUS)[keyof typeof OPERATOR_STATUS];

export const OPERATOR_STATUS_LABELS: Record<OperatorStatus, string> = {
  normal: '正常',
  disabled: '停用',
};

export const OPERATOR_FIELD_LABELS = {
  username: '用户名',
  nickname: '姓名',
  mobile: '手机号',
  codes: '权限',
} as const;

/** As long as a nickname may be (the personal centre's rule): the name is stored as the user's nickname. */
export const OPERATOR_NAME_MAX = 20;

/** The home entry: never hidden (SH-4.13), so every operator holds it and the tree shows it fixed. */
const HOME_CODE = 'GJS_INDEX';

/** The key of the group that gathers the company's codes no menu entry carries. */
export const OTHER_CODES_KEY = 'others';

/**
 * One entry of the permission tree. `code` is null only for the 其他权限 group, which carries no code of its own;
 * `isFixed` marks 首页, held by everyone and not to be unticked.
 */
export type PermissionNode = {
  key: string;
  code: string | null;
  title: string;
  isFixed?: boolean;
  children?: PermissionNode[];
};

export type OperatorCompany = { identityType: number; isAgent: boolean; codes: readonly string[] };

/**
 * The company's codes as its menu shows them: the menu tree of its kind (menuFor) cut down to the codes it holds,
 * a group kept only with entries left, each code once (its first place). Codes the company holds that no menu
 * entry carries but that open a page follow in a 其他权限 group; a code known by no title at all is left out, as
 * it opens nothing a person could recognise.
 */
export function operatorPermissionTree(company: OperatorCompany): PermissionNode[] {
  const held: ReadonlySet<string> = new Set(company.codes);
  const placed = new Set<string>();
  const placedEntries = new Set<string>();
  const walk = (items: readonly MenuItem[]): PermissionNode[] =>
    items.flatMap((item): PermissionNode[] => {
      if (item.children !== undefined) {
        // The menu hides a group whose code is missing, entries and all.
        if (item.code !== undefined && !held.has(item.code)) return [];
        const children = walk(item.children);
        if (children.length === 0) return [];
        if (item.code === undefined) return children;
        placed.add(item.code);
        // Keyed apart from the entries: the exchange's 系统管理 group shares its code with 机构管理.
        return [{ key: `group:${item.code}`, code: item.code, title: item.title, children }];
      }
      if (item.code === undefined || !held.has(item.code) || placedEntries.has(item.code)) return [];
      placed.add(item.code);
      placedEntries.add(item.code);
      return [
        {
          key: item.code,
          code: item.code,
          title: item.title,
          ...(item.code === HOME_CODE ? { isFixed: true } : {}),
        },
      ];
    });
  const tree = walk(menuFor(identityName(company.identityType), { isAgent: company.isAgent }));
  const others = company.codes
    .filter((code) => !placed.has(code) && permissionTitle(code) !== code)
    .map((code): PermissionNode => ({ key: code, code, title: permissionTitle(code) }));
  if (others.length > 0) tree.push({ key: OTHER_CODES_KEY, code: null, title: '其他权限', children: others });
  return tree;
}

function listTreeCodes(nodes: readonly PermissionNode[], into: Set<string> = new Set()): Set<string> {
  for (const node of nodes) {
    if (node.code !== null) into.add(node.code);
    if (node.children !== undefined) listTreeCodes(node.children, into);
  }
  return into;
}

/**
 * What a choice of entries grants, in the tree's order: each chosen entry, a group's code when one of its entries
 * is chosen (and not otherwise: a group alone shows nothing), and 首页 always. Codes outside the tree are dropped.
 */
export function normalizeOperatorCodes(tree: readonly PermissionNode[], chosen: readonly string[]): string[] {
  const wanted: ReadonlySet<string> = new Set(chosen);
  const collect = (nodes: readonly PermissionNode[]): string[] =>
    nodes.flatMap((node): string[] => {
      if (node.children !== undefined) {
        const inner = collect(node.children);
        if (inner.length === 0) return [];
        return node.code === null ? inner : [node.code, ...inner];
      }
      return node.code !== null && (node.isFixed === true || wanted.has(node.code)) ? [node.code] : [];
    });
  return collect(tree);
}

/** The entries (not groups, not 首页) of the tree that `codes` holds, by their menu titles. */
export function describeOperatorCodes(tree: readonly PermissionNode[], codes: readonly string[]): string[] {
  const held: ReadonlySet<string> = new Set(codes);
  const collect = (nodes: readonly PermissionNode[]): string[] =>
    nodes.flatMap((node): string[] => {
      if (node.children !== undefined) return collect(node.children);
      return node.code !== null && node.isFixed !== true && held.has(node.code) ? [node.title] : [];
    });
  return collect(tree);
}

/** The entry codes of the tree (what a form ticks): neither groups nor 首页. */
export function listLeafCodes(tree: readonly PermissionNode[], codes: readonly string[]): string[] {
  const held: ReadonlySet<string> = new Set(codes);
  const collect = (nodes: readonly PermissionNode[]): string[] =>
    nodes.flatMap((node): string[] => {
      if (node.children !== undefined) return collect(node.children);
      return node.code !== null && node.isFixed !== true && held.has(node.code) ? [node.code] : [];
    });
  return collect(tree);
}

export type CodesCheck = { codes: string[]; message: null } | { message: string };

/**
 * The codes an operator is to hold, or the first reason not: a code the company lacks, none chosen beyond 首页, or
 * — with `grantable`, the codes of the operator granting them — a code the granting operator does not hold
 * themselves (nobody hands on more than they have). A company code the tree leaves out (it has no title a person
 * would know) is kept when chosen, after the tree's: the main operator's full set passes unchanged.
 */
export function checkOperatorCodes(input: {
  tree: readonly PermissionNode[];
  /** the company's codes */
  companyCodes: readonly string[];
  chosen: readonly string[];
  grantable?: readonly string[];
}): CodesCheck {
  const held: ReadonlySet<string> = new Set(input.companyCodes);
  const lacking = input.chosen.find((code) => !held.has(code));
  if (lacking !== undefined) {
    return { message: formatMessage(MSG.operatorCodeNotHeld, { title: permissionTitle(lacking) }) };
  }
  const inTree = listTreeCodes(input.tree);
  const untitled = [...new Set(input.chosen.filter((code) => !inTree.has(code)))];
  const codes = [...normalizeOperatorCodes(input.tree, input.chosen), ...untitled];
  if (listLeafCodes(input.tree, codes).length === 0) return { message: MSG.operatorCodesRequired };
  if (input.grantable !== undefined) {
    const own: ReadonlySet<string> = new Set(input.grantable);
    const chosen: ReadonlySet<string> = new Set(input.chosen);
    // Only what was ticked is judged: a group's code comes with its entry, and 首页 with everyone.
    const beyond = listLeafCodes(input.tree, codes).find((code) => chosen.has(code) && !own.has(code));
    if (beyond !== undefined) {
      return { message: formatMessage(MSG.operatorCodeNotOwn, { title: permissionTitle(beyond) }) };
    }
  }
  return { codes, message: null };
}

/** The name as stored: trimmed. */
export function normalizeOperatorName(value: string): string {
  return value.trim();
}

/** null when the (trimmed) name may be used, else the message. Characters are counted as code points. */
export function validateOperatorName(value: unknown): string | null {
  if (typeof value !== 'string' || normalizeOperatorName(value) === '') {
    return fillIn(OPERATOR_FIELD_LABELS.nickname);
  }
  const name = normalizeOperatorName(value);
  if ([...name].length > OPERATOR_NAME_MAX) {
    return formatMessage(MSG.operatorNameTooLong, { max: OPERATOR_NAME_MAX });
  }
  if (/[\u0000-\u001f\u007f]/.test(name)) return MSG.operatorNameCharacters;
  return null;
}

/** The username of a new operator: the registration's rule (whether it is taken is the server's question). */
export function validateOperatorUsername(value: unknown): string | null {
  return validateRegisterUsername(value);
}

/** The mobile of a new operator: spec 000 section 5. */
export function validateOperatorMobile(value: unknown): string | null {
  return validateMobile(value);
}

/** The first message of the fields of 新增账号 (username, name, mobile), or null; the codes are checked apart. */
export function checkNewOperator(input: {
  username: unknown;
  nickname: unknown;
  mobile: unknown;
}): string | null {
  return (
    validateOperatorUsername(input.username) ??
    validateOperatorName(input.nickname) ??
    validateOperatorMobile(input.mobile)
  );
}

/** The SMS a new operator receives (template operatorAdded, sent through the outbox). */
export function operatorAddedSmsText(input: { company: string; username: string }): string {
  return renderSmsTemplate('operatorAdded', input);
}

/** The SMS of an operator whose password the company reset (template operatorReset). */
export function operatorResetSmsText(input: { company: string; username: string }): string {
  return renderSmsTemplate('operatorReset', input);
}

// ---- the answers of the operator calls ----

export const ZOperatorListRow = z.object({
  id: z.number(),
  username: z.string(),
  nickname: z.string().nullable(),
  /** 138****0001 */
  mobileMasked: z.string().nullable(),
  /** the menu titles of the entries the operator holds (groups and 首页 left out) */
  permissions: z.array(z.string()),
  /** holds every code of the company (the main operator, or one left on the company's built-in role) */
  isFullRole: z.boolean(),
  /** 主操作员 */
  isMain: z.boolean(),
  status: z.enum([OPERATOR_STATUS.normal, OPERATOR_STATUS.disabled]),
  statusLabel: z.string(),
  /** the operator's last sign-in (or switch into this company) while its session is still kept; else null */
  lastSignInAt: z.string().nullable(),
  /** the caller's own identity */
  isSelf: z.boolean(),
  /** the optimistic-concurrency token: the operator row's change time in microseconds */
  version: z.string(),
});

export type OperatorListRow = z.infer<typeof ZOperatorListRow>;

export const ZOperatorView = ZOperatorListRow.extend({
  /** the codes the operator holds (groups and 首页 included), what 编辑账号 starts from */
  codes: z.array(z.string()),
  /** false until the person has chosen a password (gate 3): a new or reset account */
  isPasswordSet: z.boolean(),
  createdAt: z.string(),
});

export type OperatorView = z.infer<typeof ZOperatorView>;

export const ZOperatorCodes = z.object({
  identityType: z.number(),
  isAgent: z.boolean(),
  /** the company's codes */
  codes: z.array(z.string()),
  /** the codes the caller may hand on: the company's that the caller holds */
  grantable: z.array(z.string()),
});

export type OperatorCodes = z.infer<typeof ZOperatorCodes>;

export const ZOperatorSaved = z.object({ id: z.number(), version: z.string() });

export type OperatorSaved = z.infer<typeof ZOperatorSaved>;

export type OperatorQuery = { page: number; size: number; keyword?: string; status?: OperatorStatus };

export type NewOperatorInput = { username: string; nickname: string; mobile: string; codes: string[] };

export type OperatorUpdateInput = { nickname: string; codes: string[]; version: string };
