// /404 sends each identity to its own landing page (SH-2.4). Every landing page exists, but one may still be
// refused: an admin whose role lost the project list is sent from /index/project to /404 and would be sent back.
// So when the page that was refused is the landing page itself, /404 shows a notice instead of redirecting.
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SHELL_MSG } from '@cqjy/domain/messages-shell';
import { identityName, notFoundTarget } from '@cqjy/domain/identity';
import { signOut } from '../api/auth.ts';
import { Notice } from './notice.tsx';
import { useSession } from '../lib/session-store.ts';

/** The query parameter that names the refused path. */
export const NOT_FOUND_FROM = 'from';

export function notFoundPath(from: string): string {
  return `/404?${NOT_FOUND_FROM}=${encodeURIComponent(from)}`;
}

export function NotFoundPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const identityType = useSession((session) => session.identityType);
  const target = notFoundTarget(identityName(identityType));
  if (searchParams.get(NOT_FOUND_FROM) !== target) return <Navigate to={target} replace />;
  return (
    <Notice
      title={SHELL_MSG.pageNotFound}
      action={
        <button
          type="button"
          className="plain-button plain-button-primary"
          onClick={() => void signOut().then(() => navigate('/login', { replace: true }))}
        >
          退出登录
        </button>
      }
    />
  );
}

/** Unknown paths go to /404, remembering where they came from. */
export function UnknownPathRedirect() {
  const location = useLocation();
  return <Navigate to={notFoundPath(location.pathname)} replace />;
}
