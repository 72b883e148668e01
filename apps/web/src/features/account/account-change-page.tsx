// 变更主操作员 (/index/accountChange): the main operator hands the 主操作员 role to another operator of the company
// whose account is in use. 获取验证码 sends a code to the main operator's own mobile (the portal's code input, with
// its 120-second countdown); 确认变更, after a confirm naming the new main operator, moves the role. The session
// user is then read again (manager is false from now on) and the list opens. Anyone else is told only the main
// operator may do this.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Card, Descriptions, Form, Result, Select, Space } from 'antd';
import { formatMessage } from '@cqjy/domain/format';
import { MSG, pleaseSelect } from '@cqjy/domain/messages';
import { OPERATOR_STATUS } from '@cqjy/domain/operators';
import type { OperatorListRow } from '@cqjy/domain/operators';
import { isOtpFormat } from '@cqjy/domain/otp';
import { maskMobile } from '@cqjy/domain/validation/mobile';
import { loadUserInfo } from '../../api/auth.ts';
import { CloseButton, CodeInput, PageLoading } from '../../components/index.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session-store.ts';
import { changeMainOperator, operatorsQuery, sendMainChangeCode } from './api.ts';

/** Enough for every operator of a company: the choice lists them all. */
const CANDIDATES_QUERY = { page: 1, size: 100, status: OPERATOR_STATUS.normal } as const;

function describe(row: Pick<OperatorListRow, 'username' | 'nickname' | 'mobileMasked'>): string {
  const name = row.nickname === null ? row.username : `${row.nickname}（${row.username}）`;
  return row.mobileMasked === null ? name : `${name} ${row.mobileMasked}`;
}

export function AccountChangePage() {
  const user = useSession((session) => session.userInfo);
  const candidates = useQuery(operatorsQuery(CANDIDATES_QUERY));

  if (user?.manager !== true) {
    return (
      <Result status="warning" title={MSG.operatorMainOnly} extra={<CloseButton to="/index/account" />} />
    );
  }
  if (candidates.data === undefined) {
    return <PageLoading />;
  }
  const others = candidates.data.list.filter((row) => !row.isSelf);
  if (others.length === 0) {
    return (
      <Result status="info" title={MSG.operatorMainNoCandidate} extra={<CloseButton to="/index/account" />} />
    );
  }
  return <ChangeForm others={others} mobile={user.mobile ?? ''} current={user} />;
}

function ChangeForm({
  others,
  mobile,
  current,
}: {
  others: OperatorListRow[];
  mobile: string;
  current: { username: string; nickname: string | null };
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<number | undefined>();
  const [code, setCode] = useState('');
  const [isSaving, setIsSaving] = useState(false);

  const onConfirm = async (): Promise<void> => {
    const chosen = others.find((row) => row.id === target);
    if (chosen === undefined) {
      notify.warning(MSG.operatorMainTargetRequired);
      return;
    }
    if (code.trim() === '') {
      notify.warning(MSG.otpRequired);
      return;
    }
    if (!isOtpFormat(code)) {
      notify.warning(MSG.otpFormat);
      return;
    }
    const isConfirmed = await notify.confirm({
      title: '变更主操作员',
      content: formatMessage(MSG.operatorMainChangeConfirm, { name: chosen.nickname ?? chosen.username }),
      okText: '确认变更',
      cancelText: '取消',
    });
    if (!isConfirmed) return;
    setIsSaving(true);
    try {
      await changeMainOperator({ operatorId: chosen.id, phonecode: code });
      void queryClient.invalidateQueries({ queryKey: ['operators'] });
      // manager is false from now on: the menus and this page read it from the session user
      await loadUserInfo().catch(() => undefined);
      void navigate('/index/account', { replace: true });
    } catch {
      // the HTTP client has told the user; a wrong code is spent only by tries, so the boxes empty
      setCode('');
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Card title="变更主操作员" extra={<CloseButton to="/index/account" />}>
      <Descriptions bordered size="small" column={1} style={{ maxWidth: 720, marginBottom: 24 }}>
        <Descriptions.Item label="当前主操作员">
          {current.nickname === null ? current.username : `${current.nickname}（${current.username}）`}
        </Descriptions.Item>
        <Descriptions.Item label="验证手机号">{mobile === '' ? '—' : maskMobile(mobile)}</Descriptions.Item>
      </Descriptions>
      {/* a zero basis: the six code boxes shrink into the column instead of pushing it under its label */}
      <Form
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        wrapperCol={{ flex: '1 1 0' }}
        style={{ maxWidth: 720 }}
      >
        <Form.Item label="新主操作员" required extra="只能选择本单位状态正常的其他账号">
          <Select
            aria-label="新主操作员"
            placeholder={pleaseSelect('新主操作员')}
            value={target}
            onChange={setTarget}
            options={others.map((row) => ({ value: row.id, label: describe(row) }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item label="短信验证码" required extra="验证码发送至当前主操作员的手机号">
          <div style={{ maxWidth: 460 }}>
            <CodeInput value={code} onChange={setCode} mobile={mobile} onSend={() => sendMainChangeCode()} />
          </div>
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" loading={isSaving} onClick={() => void onConfirm()}>
              确认变更
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
