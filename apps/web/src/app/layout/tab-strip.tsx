// The open-tab strip under the header (SH-2.9 to SH-2.12), driven by the domain's tab functions over the tab list
// of the session store. Every /index page opened adds its tab after the tab that was current; the identity's
// first tab is always there and cannot be closed. A right click on a tab, or the menu at the end of the strip,
// offers 关闭当前 and 关闭其他.
//
// The strip is drawn here rather than with antd's Tabs (21 KB of gzip JavaScript on the first page after sign-in,
// for an overflow menu and animations this strip does not need): a tablist whose tabs scroll sideways when many
// are open, with the keys of the WAI-ARIA tabs pattern (arrows, Home, End).
//
// A tab and its page stay in step with the router itself, not with what React has drawn of it: React Router hands
// its state to React in a transition, which a click may interrupt, so a page can still be on its way (its guard
// running, its chunk loading, its first render under way) when its tab is closed. A close therefore moves to its
// destination whenever the router is not resting there, which supersedes the navigation under way (the latest
// navigation wins); and a page drawn while the router has already moved on opens no tab.
import { useCallback, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import {
  NavigationType,
  UNSAFE_DataRouterContext as DataRouterContext,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
import { Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import DownOutlined from '@ant-design/icons/DownOutlined';
import './tab-strip.css';
import { identityName } from '@cqjy/domain/identity';
import type { IdentityName } from '@cqjy/domain/identity';
import { findRouteByPath } from '@cqjy/domain/routes';
import { addTab, closeOtherTabs, closeTab, replaceTab } from '@cqjy/domain/tabs';
import type { Tab } from '@cqjy/domain/tabs';
import { firstTabOf } from '../../lib/identities.ts';
import { titleFor } from '../../lib/route-handle.ts';
import { getSession, setSession, useSession } from '../../lib/session-store.ts';

const CLOSE_CURRENT = 'close-current';
const CLOSE_OTHERS = 'close-others';
/** The accessible name of each tab's close button. */
export const CLOSE_TAB_LABEL = '关闭';

/** The first tab leads the strip whatever else was closed or restored. */
export function withFirstTab(tabs: readonly Tab[], first: Tab): Tab[] {
  return tabs.some((tab) => tab.path === first.path) ? [...tabs] : [first, ...tabs];
}

/** The tab of the page at this location, or null when it is no /index page. */
export function tabForLocation(
  pathname: string,
  search: string,
  identity: IdentityName | undefined,
  codes: readonly string[] = [],
): Tab | null {
  const route = findRouteByPath(pathname);
  if (route === undefined || route.topLevel === true) return null;
  return { name: route.name, path: pathname + search, title: titleFor(route, identity, codes) };
}

function pathOnly(path: string): string {
  return path.split(/[?#]/)[0] ?? path;
}

/**
 * The tab to show as current: the page on screen, or, while a close is moving to the next tab, the one it moves
 * to (the store already names it), so a click in that moment is not taken for a click on the current tab.
 */
export function findActivePath(
  tabs: readonly Tab[],
  location: string,
  currentTabPath: string,
  firstPath: string,
): string {
  if (tabs.some((tab) => tab.path === location)) return location;
  if (tabs.some((tab) => tab.path === currentTabPath)) return currentTabPath;
  const bare = pathOnly(location);
  return tabs.find((tab) => pathOnly(tab.path) === bare)?.path ?? firstPath;
}

type RouterNow = {
  location: { pathname: string; search: string };
  navigation: { state: string };
};

/**
 * The router's state at this instant (the rendered location may lag behind it). React Router keeps its router in
 * this context for its own hooks; no public hook answers the state as it is rather than as it was drawn.
 */
function useRouterNow(): () => RouterNow | null {
  const context = useContext(DataRouterContext);
  return useCallback(() => context?.router.state ?? null, [context]);
}

/** Whether the router rests on `path`: arrived there, and going nowhere else. */
export function isRouterAt(now: RouterNow, path: string): boolean {
  return now.navigation.state === 'idle' && now.location.pathname + now.location.search === path;
}

function useIdentity(): IdentityName | undefined {
  const identityType = useSession((session) => session.identityType);
  return identityName(identityType);
}

/**
 * Opening a page adds (or refreshes) its tab and makes it current; a redirect's page takes the left tab's place.
 * It happens as the page is drawn (a layout effect), so no click can fall between a page showing and its tab, and
 * only for the page the router rests on: one drawn while the router is already on its way elsewhere (a close moved
 * on meanwhile) is left without a tab, and the page the router settles on adds its own.
 */
function useTabSync(identity: IdentityName | undefined, routerNow: () => RouterNow | null): void {
  const { pathname, search, key } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    const session = getSession();
    const tab = tabForLocation(pathname, search, identity, session.userInfo?.permission);
    if (tab === null) return;
    const now = routerNow();
    if (now !== null && !isRouterAt(now, tab.path)) return;
    const first = firstTabOf(identity);
    const open = withFirstTab(session.tabs, first);
    const tabs =
      navigationType === NavigationType.Replace
        ? replaceTab(open, session.currentTabPath, tab, first.path)
        : addTab(open, tab, session.currentTabPath);
    setSession({ tabs, currentTabPath: tab.path, lastPath: tab.path });
  }, [key, pathname, search, identity, navigationType, routerNow]);
}

export function TabStrip() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const identity = useIdentity();
  const storedTabs = useSession((session) => session.tabs);
  const routerNow = useRouterNow();
  useTabSync(identity, routerNow);

  const first = firstTabOf(identity);
  const tabs = withFirstTab(storedTabs, first);
  const currentTabPath = useSession((session) => session.currentTabPath);
  const activePath = findActivePath(tabs, pathname + search, currentTabPath, first.path);
  const listRef = useRef<HTMLDivElement>(null);
  // the current tab in view when many are open and the strip scrolls
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (list === null || list === undefined || active === null || active === undefined) return;
    if (active.offsetLeft < list.scrollLeft) list.scrollLeft = active.offsetLeft;
    else if (active.offsetLeft + active.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = active.offsetLeft + active.offsetWidth - list.clientWidth;
  }, [activePath]);

  /**
   * After a close, the page of `destination` is the one to show. The router is moved there unless it already rests
   * there: a navigation still under way (to the page of a tab just closed) is superseded, so it cannot land after
   * the close and open its tab again. Staying on the same page replaces the history entry rather than doubling it.
   */
  const settleOn = (destination: string): void => {
    const now = routerNow();
    if (now === null) {
      if (destination !== pathname + search) void navigate(destination);
      return;
    }
    if (isRouterAt(now, destination)) return;
    const isAlreadyThere = now.location.pathname + now.location.search === destination;
    void navigate(destination, { replace: isAlreadyThere });
  };

  const closeOne = (path: string): void => {
    const result = closeTab(tabs, path, activePath, first.path);
    const next = withFirstTab(result.tabs, first);
    setSession({ tabs: next, currentTabPath: result.nextPath });
    settleOn(result.nextPath);
  };

  const closeOthers = (path: string): void => {
    setSession({ tabs: withFirstTab(closeOtherTabs(tabs, path), first), currentTabPath: path });
    settleOn(path);
  };

  const menuFor = (path: string): MenuProps => ({
    items: [
      { key: CLOSE_CURRENT, label: '关闭当前', disabled: path === first.path },
      { key: CLOSE_OTHERS, label: '关闭其他', disabled: tabs.length <= 1 },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === CLOSE_CURRENT) closeOne(path);
      else if (key === CLOSE_OTHERS) closeOthers(path);
    },
  });

  /** The tabs' own keys: the arrows, Home and End move to a tab and open it, as a tablist does. */
  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const at = tabs.findIndex((tab) => tab.path === activePath);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    const tab = tabs[to];
    if (tab === undefined) return;
    event.preventDefault();
    listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[to]?.focus();
    if (tab.path !== activePath) void navigate(tab.path);
  };

  return (
    <div data-testid="tab-strip" className="tab-strip">
      <div
        ref={listRef}
        role="tablist"
        aria-label="已打开的页面"
        className="tab-strip-list"
        onKeyDown={onListKeyDown}
      >
        {tabs.map((tab) => {
          const isActive = tab.path === activePath;
          return (
            <Dropdown key={tab.path} menu={menuFor(tab.path)} trigger={['contextMenu']}>
              <div
                role="tab"
                aria-selected={isActive}
                tabIndex={isActive ? 0 : -1}
                data-path={tab.path}
                className={isActive ? 'tab-strip-tab tab-strip-tab-active' : 'tab-strip-tab'}
                onClick={() => {
                  if (!isActive) void navigate(tab.path);
                }}
                onKeyDown={(event) => {
                  if ((event.key === 'Enter' || event.key === ' ') && !isActive) {
                    event.preventDefault();
                    void navigate(tab.path);
                  }
                }}
              >
                {tab.title}
                {tab.path === first.path ? null : (
                  // Inside the tab element, so the tab and its close button are found together; the tab must not
                  // also react to the click or the key press.
                  <button
                    type="button"
                    aria-label={CLOSE_TAB_LABEL}
                    className="tab-strip-close"
                    tabIndex={isActive ? 0 : -1}
                    onClick={(event) => {
                      event.stopPropagation();
                      closeOne(tab.path);
                    }}
                    onKeyDown={(event) => event.stopPropagation()}
                  >
                    <CloseOutlined aria-hidden="true" />
                  </button>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      <Dropdown menu={menuFor(activePath)} trigger={['click']}>
        <Button size="small" type="text" aria-label="标签操作" icon={<DownOutlined />} />
      </Dropdown>
    </div>
  );
}
