// SH-8.12: a page chunk that fails to load (Vite raises vite:preloadError, the import rejects) or a page that throws
// ends here: the user sees what happened and can reload, never a blank page. Plain elements, no antd: the root
// route shows it too, before antd has loaded (or when antd itself failed to load).
import { useRouteError } from 'react-router';
import { SHELL_MSG } from '@cqjy/domain/messages-shell';
import { reloadPage, useRouteErrorShown } from './chunk-error.tsx';
import { Notice } from './notice.tsx';

export function RouteError() {
  const error = useRouteError();
  useRouteErrorShown();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Notice
      title={SHELL_MSG.pageLoadFailed}
      action={
        <button type="button" className="plain-button plain-button-primary" onClick={reloadPage}>
          重新加载
        </button>
      }
    />
  );
}
