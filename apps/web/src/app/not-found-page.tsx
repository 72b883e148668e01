// /404 sends each identity to its own landing page (SH-2.4). When that landing page is itself the path that was
// not found (its screen is not mounted yet), it shows a plain notice instead of redirecting in a circle.
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { identityName, notFoundTarget } from '@cqjy/domain/identity';
import { signOut } from '../api/auth.ts';
import { Notice } from './notice.tsx';
import { useSession } from './session-store.ts';

export type NotFoundState = { from?: string } | null;

export function NotFoundPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const identityType = useSession((session) => session.identityType);
  const target = notFoundTarget(identityName(identityType));
  const from = (location.state as NotFoundState)?.from;
  if (from !== target) return <Navigate to={target} replace />;
  return (
    <Notice
      title={MSG.pageNotFound}
      action={
        <Button
          type="primary"
          onClick={() => void signOut().then(() => navigate('/login', { replace: true }))}
        >
          退出登录
        </Button>
      }
    />
  );
}

/** Unknown paths go to /404, remembering where they came from. */
export function UnknownPathRedirect() {
  const location = useLocation();
  return <Navigate to="/404" replace state={{ from: location.pathname } satisfies NotFoundState} />;
}
