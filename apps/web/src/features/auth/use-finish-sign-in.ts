import { useNavigate } from 'react-router';
import { SHELL_MSG } from '@cqjy/domain/messages-shell';
import { firstTab, identityName } from '@cqjy/domain/identity';
import { notify } from '../../lib/notify.ts';
import type { SignedIn } from '../../api/auth.ts';

/** What both ways of signing in do once the user is loaded: say so and open the identity's first tab (SH-2.5). */
export function useFinishSignIn(): (signedIn: SignedIn) => void {
  const navigate = useNavigate();
  return ({ identityType }) => {
    notify.success(SHELL_MSG.loginOk);
    void navigate(firstTab(identityName(identityType)).path, { replace: true });
  };
}
