// The open-tab strip (SH-2.9 to SH-2.12) as pure functions over the tab list kept in the session store.
export type Tab = { name: string; path: string; title: string };

export const ROOT_PATH = '/index/home';

function isSameTab(a: Tab, b: Tab): boolean {
  return a.path === b.path || a.title === b.title;
}

/**
 * SH-2.9, SH-2.10: a tab already open with the same path or title is replaced where it stands (any further match
 * is dropped, so the strip never holds two); otherwise the new tab goes right after the tab of the current
 * top-level page, or at the end when that page has no tab.
 */
export function addTab(tabs: readonly Tab[], tab: Tab, currentTopPath: string | null | undefined): Tab[] {
  const firstMatch = tabs.findIndex((existing) => isSameTab(existing, tab));
  if (firstMatch >= 0) {
    return tabs.flatMap((existing, index) => {
      if (index === firstMatch) return [tab];
      return isSameTab(existing, tab) ? [] : [existing];
    });
  }
  const anchor = tabs.findIndex((existing) => existing.path === currentTopPath);
  if (anchor < 0) return [...tabs, tab];
  return [...tabs.slice(0, anchor + 1), tab, ...tabs.slice(anchor + 1)];
}

/**
 * A redirect (a navigation that replaces the history entry, such as /index/showproject handing over to its family's
 * view) puts its page's tab where the tab it left stood, so the hand-over leaves no tab behind. The first tab is
 * never replaced, and a left tab that is not open makes this an ordinary addTab.
 */
export function replaceTab(tabs: readonly Tab[], leftPath: string, tab: Tab, firstPath: string): Tab[] {
  const at = tabs.findIndex((existing) => existing.path === leftPath);
  if (at < 0 || leftPath === firstPath) return addTab(tabs, tab, leftPath);
  return tabs.flatMap((existing, index) => {
    if (index === at) return [tab];
    return isSameTab(existing, tab) ? [] : [existing];
  });
}

/**
 * SH-2.11, SH-2.12: closing the active tab moves to the tab that took its place (the next one), else the previous
 * one, else the root path (the identity's first tab, '/index/home' unless given). Closing another tab keeps the
 * active path. Closing a path that is not open changes nothing.
 */
export function closeTab(
  tabs: readonly Tab[],
  path: string,
  activePath: string,
  rootPath: string = ROOT_PATH,
): { tabs: Tab[]; nextPath: string } {
  const index = tabs.findIndex((tab) => tab.path === path);
  if (index < 0) return { tabs: [...tabs], nextPath: activePath };
  const rest = [...tabs.slice(0, index), ...tabs.slice(index + 1)];
  if (path !== activePath) return { tabs: rest, nextPath: activePath };
  const successor = rest[index] ?? rest[index - 1];
  return { tabs: rest, nextPath: successor?.path ?? rootPath };
}

/** SH-2.11: close every tab but the one at `path`. */
export function closeOtherTabs(tabs: readonly Tab[], path: string): Tab[] {
  return tabs.filter((tab) => tab.path === path);
}
