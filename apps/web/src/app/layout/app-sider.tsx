// The sider menu: the identity's tree (standard, agent or admin, SH-2.6 to SH-2.8, SH-6.2) cut down to the
// granted codes and the ledger rule (SH-4.13, SH-4.14) by the domain's filterMenu.
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Layout, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { identityName } from '@cqjy/domain/identity';
import type { IdentityName } from '@cqjy/domain/identity';
import { filterMenu, hasAgentCode, menuFor } from '@cqjy/domain/menus';
import type { MenuItem } from '@cqjy/domain/menus';
import { useSession } from '../../lib/session-store.ts';
import type { UserInfo } from '../../lib/session-store.ts';
import { renderMenuIcon } from './menu-icons.tsx';

type AntdMenuItem = NonNullable<MenuProps['items']>[number];

export const SIDER_WIDTH = 208;
export const SIDER_COLLAPSED_WIDTH = 64;

/** A member company acts as an agent when its role grants any agent code. */
export function isAgentUser(userInfo: Pick<UserInfo, 'permission'> | null): boolean {
  return hasAgentCode(userInfo?.permission ?? []);
}

/** The entries this user sees, as the domain builds and filters them. */
export function listMenuItems(identity: IdentityName | undefined, userInfo: UserInfo | null): MenuItem[] {
  if (!userInfo) return [];
  return filterMenu(menuFor(identity, { isAgent: isAgentUser(userInfo) }), userInfo.permission, {
    permissionProject: userInfo.permissionProject,
  });
}

/** Pages are keyed by path (a click navigates there), groups by name. */
function toAntdItems(items: readonly MenuItem[]): AntdMenuItem[] {
  return items.map((item): AntdMenuItem => {
    const icon = renderMenuIcon(item.icon);
    if (item.children !== undefined) {
      return { key: item.name, label: item.title, icon, children: toAntdItems(item.children) };
    }
    return { key: item.path ?? item.name, label: item.title, icon };
  });
}

/** The groups holding the page at `path`, so the menu opens on it. */
export function listGroupsContaining(items: readonly MenuItem[], path: string): string[] {
  for (const item of items) {
    if (item.children === undefined) continue;
    if (item.children.some((child) => child.path === path)) return [item.name];
    const nested = listGroupsContaining(item.children, path);
    if (nested.length > 0) return [item.name, ...nested];
  }
  return [];
}

export function AppSider() {
  const location = useLocation();
  const navigate = useNavigate();
  const userInfo = useSession((session) => session.userInfo);
  const identityType = useSession((session) => session.identityType);
  const isCollapsed = useSession((session) => session.isMenuCollapsed);
  const identity = identityName(identityType ?? userInfo?.identityType);
  const menuItems = useMemo(() => listMenuItems(identity, userInfo), [identity, userInfo]);
  const antdItems = useMemo(() => toAntdItems(menuItems), [menuItems]);
  const [openKeys, setOpenKeys] = useState<string[]>(() =>
    listGroupsContaining(menuItems, location.pathname),
  );

  return (
    <Layout.Sider
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsed={isCollapsed}
      trigger={null}
      theme="dark"
      data-testid="app-sider"
      style={{
        position: 'sticky',
        top: 64,
        height: 'calc(100vh - 64px)',
        overflowY: 'auto',
        overflowX: 'hidden',
      }}
    >
      <nav aria-label="主菜单">
        <Menu
          mode="inline"
          theme="dark"
          items={antdItems}
          selectedKeys={[location.pathname]}
          // A collapsed menu opens its groups as pop-ups on hover; only the expanded one keeps groups open.
          {...(isCollapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          onClick={({ key }) => void navigate(key)}
        />
      </nav>
    </Layout.Sider>
  );
}
