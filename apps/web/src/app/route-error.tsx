// SH-8.12: a page chunk that fails to load (Vite raises vite:preloadError, the import rejects) or a page that throws
// ends here: the user sees what happened and can reload, never a blank page.
import { useRouteError } from 'react-router';
import { Button } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { Notice } from './notice.tsx';

export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Notice
      title={MSG.pageLoadFailed}
      action={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
