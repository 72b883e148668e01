// The 关闭 button of forms and detail pages (SH-8.10): with unsaved input it asks first; then it closes the current
// tab and goes to the given route, or, without one, to the tab that takes the closed one's place (else back).
// A query without a route is a programming error: the query would have nowhere to go.
import { Button } from 'antd';
import type { ButtonProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { MSG } from '@cqjy/domain/messages';
import { closeTab } from '@cqjy/domain/tabs';
import { getSession, setSession } from '../lib/session-store.ts';
import { notify } from '../lib/notify.ts';

export type CloseQuery = Record<string, string | number | boolean>;

export type CloseButtonProps = Omit<ButtonProps, 'onClick'> & {
  /** the form holds input not saved yet */
  isDirty?: boolean;
  /** where to go after closing */
  to?: string;
  /** query of `to` */
  query?: CloseQuery;
  /** runs after the tab is closed, before navigating */
  onClose?: () => void;
};

/** The address to go to after closing, or null to take the tab strip's choice. Throws on a query without a route. */
export function resolveCloseTarget(to: string | undefined, query: CloseQuery | undefined): string | null {
  if (to === undefined) {
    if (query !== undefined) throw new Error('关闭按钮传入了 query，但没有指定要前往的路由');
    return null;
  }
  if (query === undefined) return to;
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
  return search === '' ? to : `${to}${to.includes('?') ? '&' : '?'}${search}`;
}

export function CloseButton({ isDirty = false, to, query, onClose, children, ...rest }: CloseButtonProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // Checked while rendering so that a wrong use fails where it is written, not on the user's first click.
  const target = resolveCloseTarget(to, query);

  const close = (): void => {
    const current = pathname + search;
    const { tabs, currentTabPath } = getSession();
    const isOpenAsTab = tabs.some((tab) => tab.path === current || tab.path === pathname);
    const closedPath = tabs.some((tab) => tab.path === current) ? current : pathname;
    const result = closeTab(tabs, closedPath, isOpenAsTab ? closedPath : currentTabPath);
    if (isOpenAsTab) setSession({ tabs: result.tabs, currentTabPath: target ?? result.nextPath });
    onClose?.();
    if (target !== null) void navigate(target);
    else if (isOpenAsTab) void navigate(result.nextPath);
    else void navigate(-1);
  };

  const onClick = async (): Promise<void> => {
    if (isDirty) {
      const isConfirmed = await notify.confirm({
        title: MSG.promptTitle,
        content: MSG.unsavedCloseConfirm,
        okText: MSG.confirmOk,
        cancelText: MSG.cancel,
      });
      if (!isConfirmed) return;
    }
    close();
  };

  return (
    <Button {...rest} onClick={() => void onClick()}>
      {children ?? '关闭'}
    </Button>
  );
}
