// The identity switch of the header (SH-6.5): the person's identities (one per company they operate for), the
// current one marked. Choosing another signs in as it (POST /api/app/switch/{id}), loads its user and
// permissions while keeping the old permissions as the previous state (SH-4.4), starts the tab strip over and
// opens the new identity's first tab.
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import { IDENTITY_LABELS, identityName } from '@cqjy/domain/identity';
import { switchIdentity } from '../../api/auth.ts';
import { getSession, setSession, useSession } from '../../lib/session-store.ts';
import { firstTabOf, isCurrentIdentity, labelIdentity } from '../../lib/identities.ts';

export function IdentitySwitch() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userInfo = useSession((session) => session.userInfo);
  const switching = useMutation({ mutationFn: switchIdentity });
  if (!userInfo) return null;
  const name = identityName(userInfo.identityType);
  const currentLabel = name ? IDENTITY_LABELS[name] : '未知身份';

  const onChoose = (operatorId: number): void => {
    switching.mutate(operatorId, {
      onSuccess: ({ identityType }) => {
        // Nothing fetched for the old company may show for the new one.
        queryClient.clear();
        const first = firstTabOf(identityName(identityType));
        setSession({ tabs: [first], currentTabPath: first.path });
        void navigate(first.path, { replace: true });
      },
      onError: () => {
        // A refused switch (message already shown) leaves the old session as it was; a failed user load after
        // the new token was stored has emptied the session (SH-4.3), so sign-in is the only way on.
        if (getSession().token === null) void navigate('/login', { replace: true });
      },
    });
  };

  const items: MenuProps['items'] = userInfo.identities.map((entry) => {
    const isCurrent = isCurrentIdentity(entry, userInfo);
    return {
      key: String(entry.id),
      label: labelIdentity(entry),
      disabled: isCurrent,
      icon: isCurrent ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} />,
    };
  });

  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, onClick: ({ key }) => onChoose(Number(key)) }}
      disabled={switching.isPending || userInfo.identities.length === 0}
    >
      <Button
        size="small"
        ghost
        icon={<SwapOutlined />}
        loading={switching.isPending}
        aria-label={`切换身份（当前：${currentLabel}）`}
      >
        {currentLabel}
      </Button>
    </Dropdown>
  );
}
