// Whether the signed-in user may open a page of the portal: its permission code, identity and project
// permissions, as the menu and the route guard judge them. A link or button to a page the user cannot open is
// not shown.
import { identityName } from '@cqjy/domain/identity';
import { isPathAllowed } from '@cqjy/domain/menus';
import { useSession } from './session-store.ts';

export function useCanOpen(path: string): boolean {
  const userInfo = useSession((session) => session.userInfo);
  const identityType = useSession((session) => session.identityType);
  return (
    userInfo !== null &&
    isPathAllowed(path, userInfo.permission, identityName(identityType ?? userInfo.identityType), {
      permissionProject: userInfo.permissionProject,
    })
  );
}
