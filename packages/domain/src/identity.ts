// Identities (spec 000 section 1): numeric codes the server sends as identityType, and where each one lands.
export const IDENTITY = {
  transferor: 1,
  member: 2,
  assessment: 3,
  disassembly: 4,
  land: 99,
  opsAdmin: 998,
  admin: 999,
} as const;

export type IdentityName = keyof typeof IDENTITY;
export type IdentityCode = (typeof IDENTITY)[IdentityName];

export const IDENTITY_LABELS: Record<IdentityName, string> = {
  transferor: '转让方',
  member: '会员',
  assessment: '评估机构',
  disassembly: '拆解企业',
  land: '土地资产管理',
  opsAdmin: '运维管理员',
  admin: '交易所管理员',
};

const byCode = new Map<number, IdentityName>(
  Object.entries(IDENTITY).map(([name, code]) => [code, name as IdentityName]),
);

export function identityName(code: number | string | null | undefined): IdentityName | undefined {
  if (code === null || code === undefined || code === '') return undefined;
  return byCode.get(Number(code));
}

export function isIdentityCode(code: number): code is IdentityCode {
  return byCode.has(code);
}

/** SH-2.4: where /404 sends each identity. */
export function notFoundTarget(identity: IdentityName | undefined): string {
  switch (identity) {
    case 'assessment':
      return '/index/todoEstimate';
    case 'land':
      return '/landManage';
    case 'admin':
      return '/index/project';
    case 'opsAdmin':
      return '/index/dictionary';
    default:
      return '/index/home';
  }
}

/** SH-2.5: the first tab each identity opens after sign-in. */
export function firstTab(identity: IdentityName | undefined): { path: string; title: string } {
  switch (identity) {
    case 'assessment':
      return { path: '/index/todoEstimate', title: '我的待办' };
    case 'admin':
      return { path: '/index/project', title: '项目管理' };
    case 'opsAdmin':
      return { path: '/index/dictionary', title: '数据字典' };
    default:
      return { path: '/index/home', title: '首页' };
  }
}
