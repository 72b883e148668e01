// /index/userCenter (个人中心), opened from the header's user menu: 基本信息 (nickname, avatar, company, identity,
// real-name status), 修改密码, 更换手机号, 二级角色 and 身份切换. `?tab=password` opens a tab directly (the
// expired-password prompt links there).
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Avatar,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Empty,
  Input,
  List,
  Space,
  Tabs,
  Tag,
  Upload,
} from 'antd';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { AUTH_STATUS_LABELS } from '@cqjy/domain/accounts';
import { IDENTITY_LABELS, identityName } from '@cqjy/domain/identity';
import { checkAvatar, NICKNAME_MAX_LENGTH, validateNickname } from '@cqjy/domain/profile';
import { switchIdentity } from '../../api/auth.ts';
import { fetchAttachmentBlob } from '../../api/attachments.ts';
import { notify } from '../../lib/notify.ts';
import { firstTabOf, isCurrentIdentity, labelIdentity } from '../../lib/identities.ts';
import { getSession, setSession, useSession } from '../../lib/session-store.ts';
import { PasswordTab, PhoneTab, refreshUser } from './account-tabs.tsx';
import { fetchSecondaryRole, saveSecondaryRole, setAvatar, updateNickname, uploadAvatar } from './api.ts';

export const USER_CENTER_TABS = ['basic', 'password', 'phone', 'role', 'identity'] as const;
type TabKey = (typeof USER_CENTER_TABS)[number];

function isTabKey(value: string | null): value is TabKey {
  return (USER_CENTER_TABS as readonly (string | null)[]).includes(value);
}

/** A stored picture as an object URL for <img> (the download needs the bearer token, so no plain src). */
function useImageUrl(uuid: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (uuid === null) {
      setUrl(null);
      return;
    }
    let objectUrl: string | null = null;
    let isCancelled = false;
    fetchAttachmentBlob(uuid, true)
      .then((blob) => {
        if (isCancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        // Reported by the client; the placeholder icon stays.
      });
    return () => {
      isCancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [uuid]);
  return url;
}

function AvatarEditor() {
  const current = useSession((session) => session.userInfo?.avatarUuid ?? null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const shownUrl = useImageUrl(uploaded ?? current);
  const uploading = useMutation({ mutationFn: uploadAvatar });
  const saving = useMutation({ mutationFn: setAvatar });

  const onPick = (file: File): false => {
    const problem = checkAvatar({ name: file.name, size: file.size });
    if (problem !== null) {
      notify.error(problem);
    } else {
      uploading.mutate(file, { onSuccess: setUploaded });
    }
    // The file goes through the one HTTP client, not antd's own request.
    return false;
  };

  return (
    <Space size={16} align="center">
      <Avatar size={72} src={shownUrl ?? undefined} icon={<UserOutlined />} alt="头像" />
      <Upload accept=".png,.jpg,.jpeg" showUploadList={false} maxCount={1} beforeUpload={onPick}>
        <Button loading={uploading.isPending}>上传头像</Button>
      </Upload>
      {uploaded !== null && uploaded !== current ? (
        <Button
          type="primary"
          loading={saving.isPending}
          onClick={() =>
            saving.mutate(uploaded, {
              onSuccess: () => {
                setUploaded(null);
                refreshUser();
              },
            })
          }
        >
          保存头像
        </Button>
      ) : null}
    </Space>
  );
}

function NicknameEditor({ nickname }: { nickname: string }) {
  const [value, setValue] = useState(nickname);
  const [error, setError] = useState<string | null>(null);
  const saving = useMutation({ mutationFn: updateNickname });
  useEffect(() => setValue(nickname), [nickname]);

  const onSave = (): void => {
    const problem = validateNickname(value);
    setError(problem);
    if (problem !== null) return;
    saving.mutate(value, { onSuccess: refreshUser });
  };

  return (
    <Space align="start">
      <div>
        <Input
          aria-label="昵称"
          value={value}
          maxLength={NICKNAME_MAX_LENGTH * 2}
          status={error === null ? undefined : 'error'}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          onPressEnter={onSave}
          style={{ width: 260 }}
        />
        {error !== null ? <div style={{ color: '#ff4d4f', marginTop: 4 }}>{error}</div> : null}
      </div>
      <Button type="primary" loading={saving.isPending} onClick={onSave}>
        保存
      </Button>
    </Space>
  );
}

function BasicTab() {
  const userInfo = useSession((session) => session.userInfo);
  if (!userInfo) return null;
  const identity = identityName(userInfo.identityType);
  return (
    <Descriptions column={1} bordered styles={{ label: { width: 160 } }}>
      <Descriptions.Item label="头像">
        <AvatarEditor />
      </Descriptions.Item>
      <Descriptions.Item label="用户名">{userInfo.username}</Descriptions.Item>
      <Descriptions.Item label="昵称">
        <NicknameEditor nickname={userInfo.nickname ?? ''} />
      </Descriptions.Item>
      <Descriptions.Item label="所属机构">{userInfo.companyName ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="当前身份">{identity ? IDENTITY_LABELS[identity] : '—'}</Descriptions.Item>
      <Descriptions.Item label="实名认证">
        <Space>
          <Tag color={userInfo.authStatus === 1 ? 'success' : 'default'}>
            {AUTH_STATUS_LABELS[userInfo.authStatus] ?? '—'}
          </Tag>
          {userInfo.realName ?? null}
        </Space>
      </Descriptions.Item>
    </Descriptions>
  );
}

function SecondaryRoleTab() {
  const queryClient = useQueryClient();
  const choices = useQuery({ queryKey: ['profile', 'secondaryRole'], queryFn: fetchSecondaryRole });
  const [chosen, setChosen] = useState<string[] | null>(null);
  const saving = useMutation({ mutationFn: saveSecondaryRole });
  const selected = chosen ?? choices.data?.chosen ?? [];

  if (choices.isPending) return <Card loading />;
  if (!choices.data || choices.data.available.length === 0) return <Empty description="暂无可选的权限" />;
  return (
    <Space orientation="vertical" size={16}>
      <Checkbox.Group
        value={selected}
        onChange={(values) => setChosen(values.map(String))}
        options={choices.data.available.map((entry) => ({ label: entry.title, value: entry.code }))}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 8 }}
      />
      <Button
        type="primary"
        loading={saving.isPending}
        onClick={() =>
          saving.mutate(selected, {
            onSuccess: () => {
              setChosen(null);
              void queryClient.invalidateQueries({ queryKey: ['profile', 'secondaryRole'] });
              refreshUser();
            },
          })
        }
      >
        保存
      </Button>
    </Space>
  );
}

function IdentityTab() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userInfo = useSession((session) => session.userInfo);
  // The header's switch: the same call and the same landing (the new identity's first tab).
  const switching = useMutation({ mutationFn: switchIdentity });
  if (!userInfo) return null;

  const onSwitch = (operatorId: number): void => {
    switching.mutate(operatorId, {
      onSuccess: ({ identityType }) => {
        queryClient.clear();
        const first = firstTabOf(identityName(identityType));
        setSession({ tabs: [first], currentTabPath: first.path });
        void navigate(first.path, { replace: true });
      },
      onError: () => {
        if (getSession().token === null) void navigate('/login', { replace: true });
      },
    });
  };

  return (
    <List
      bordered
      style={{ maxWidth: 640 }}
      dataSource={userInfo.identities}
      renderItem={(entry) => {
        const isCurrent = isCurrentIdentity(entry, userInfo);
        return (
          <List.Item
            actions={[
              isCurrent ? (
                <Tag key="current" color="processing">
                  当前身份
                </Tag>
              ) : (
                <Button
                  key="switch"
                  size="small"
                  loading={switching.isPending && switching.variables === entry.id}
                  disabled={switching.isPending}
                  onClick={() => onSwitch(entry.id)}
                >
                  切换
                </Button>
              ),
            ]}
          >
            {labelIdentity(entry)}
          </List.Item>
        );
      }}
    />
  );
}

export function UserCenterPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const active: TabKey = isTabKey(requested) ? requested : 'basic';

  return (
    <Card title="个人中心">
      <Tabs
        activeKey={active}
        onChange={(key) => setSearchParams(key === 'basic' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'basic', label: '基本信息', children: <BasicTab /> },
          { key: 'password', label: '修改密码', children: <PasswordTab /> },
          { key: 'phone', label: '更换手机号', children: <PhoneTab /> },
          { key: 'role', label: '二级角色', children: <SecondaryRoleTab /> },
          { key: 'identity', label: '身份切换', children: <IdentityTab /> },
        ]}
      />
    </Card>
  );
}
