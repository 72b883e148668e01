// 新增账号 (/index/accountAdd) and 编辑账号 (/index/accountEdit?id=): 用户名 (new accounts only), 姓名, 手机号 (new
// accounts only; shown masked on an edit) and 权限, the company's menu entries as check boxes. Every field is
// checked with the domain's rule, so the form refuses what the server refuses with the same words. A new account
// gets an SMS telling the person to sign in by code and choose a password; 保存 opens the account's page. The main
// operator's permissions are the company's and are not edited.
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Input, Result, Space } from 'antd';
import type { FormRule } from 'antd';
import { fillIn, MSG } from '@cqjy/domain/messages';
import {
  checkOperatorCodes,
  listLeafCodes,
  OPERATOR_FIELD_LABELS,
  OPERATOR_NAME_MAX,
  operatorPermissionTree,
  validateOperatorMobile,
  validateOperatorName,
  validateOperatorUsername,
} from '@cqjy/domain/operators';
import type { OperatorCodes, OperatorView } from '@cqjy/domain/operators';
import { CloseButton, PageLoading, PageNotFound } from '../../components/index.ts';
import { readQueryId } from '../../lib/query-id.ts';
import { accountShowPath } from './account-list-page.tsx';
import { operatorCodesQuery, operatorQuery, saveOperator, updateOperator } from './api.ts';
import { PermissionPicker } from './permission-picker.tsx';

const L = OPERATOR_FIELD_LABELS;

type FormValues = { username?: string; nickname?: string; mobile?: string; codes?: string[] };

/** A rule from a domain validator answering the message or null. */
function ruleOf(validate: (value: unknown) => string | null): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const message = validate(value);
      return message === null ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}

export function AccountFormPage() {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const id = readQueryId(rawId);
  const company = useQuery(operatorCodesQuery());
  const operator = useQuery({ ...operatorQuery(id ?? 0), enabled: id !== null });

  if (rawId !== null && (id === null || operator.isError)) {
    return <PageNotFound />;
  }
  if (company.isError) return <Result status="warning" title={MSG.pageLoadFailed} extra={<CloseButton />} />;
  if (company.data === undefined || (rawId !== null && operator.data === undefined)) {
    return <PageLoading />;
  }
  const view = operator.data ?? null;
  // keyed by the loaded version, so a reload after someone else's change starts from the server's copy
  return (
    <AccountEditor
      key={view === null ? 'new' : `${view.id}-${view.version}`}
      view={view}
      company={company.data}
    />
  );
}

function AccountEditor({ view, company }: { view: OperatorView | null; company: OperatorCodes }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [isSaving, setIsSaving] = useState(false);
  const [isDirty, setIsDirty] = useState(false);
  const tree = useMemo(() => operatorPermissionTree(company), [company]);
  const held = useMemo(() => (view === null ? [] : listLeafCodes(tree, view.codes)), [tree, view]);
  const isMain = view?.isMain === true;
  // What the caller may tick: what they hold themselves, and what the account already has (it may keep it).
  const grantable = useMemo(() => [...company.grantable, ...held], [company, held]);
  const locked = useMemo<ReadonlySet<string> | true>(() => {
    if (isMain) return true;
    const open = new Set(grantable);
    return new Set(listLeafCodes(tree, company.codes).filter((code) => !open.has(code)));
  }, [isMain, grantable, tree, company]);

  const codesRule: FormRule = {
    validator: (_rule, value: unknown) => {
      if (isMain) return Promise.resolve();
      const chosen = Array.isArray(value) ? value.map(String) : [];
      const checked = checkOperatorCodes({ tree, companyCodes: company.codes, chosen, grantable });
      return checked.message === null ? Promise.resolve() : Promise.reject(new Error(checked.message));
    },
  };

  const onSave = async (values: FormValues): Promise<void> => {
    setIsSaving(true);
    try {
      const nickname = values.nickname ?? '';
      const saved =
        view === null
          ? await saveOperator({
              username: values.username ?? '',
              nickname,
              mobile: values.mobile ?? '',
              codes: values.codes ?? [],
            })
          : await updateOperator(view.id, {
              nickname,
              // the main operator keeps the company's full set, as the server requires
              codes: isMain ? view.codes : (values.codes ?? []),
              version: view.version,
            });
      setIsDirty(false);
      void queryClient.invalidateQueries({ queryKey: ['operators'] });
      void navigate(accountShowPath(saved.id), { replace: true });
    } catch {
      // the HTTP client has told the user
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Card
      title={view === null ? '新增账号' : `编辑账号：${view.nickname ?? view.username}`}
      extra={<CloseButton isDirty={isDirty} to="/index/account" />}
    >
      {view === null && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24, maxWidth: 900 }}
          title="保存后系统将向该手机号发送短信，新账号使用手机验证码登录后设置登录密码。"
        />
      )}
      <Form<FormValues>
        form={form}
        name="account"
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        wrapperCol={{ flex: 1 }}
        style={{ maxWidth: 900 }}
        initialValues={view === null ? { codes: [] } : { nickname: view.nickname ?? '', codes: held }}
        onValuesChange={() => setIsDirty(true)}
        onFinish={(values) => void onSave(values)}
      >
        {view === null ? (
          <Form.Item
            name="username"
            label={L.username}
            required
            rules={[ruleOf(validateOperatorUsername)]}
            extra="4至30位字母、数字或下划线，以字母开头；保存后不能修改"
          >
            <Input maxLength={30} autoComplete="off" placeholder={fillIn(L.username)} />
          </Form.Item>
        ) : (
          <Form.Item label={L.username}>
            <span>{view.username}</span>
          </Form.Item>
        )}
        <Form.Item name="nickname" label={L.nickname} required rules={[ruleOf(validateOperatorName)]}>
          <Input maxLength={OPERATOR_NAME_MAX} placeholder={fillIn(L.nickname)} />
        </Form.Item>
        {view === null ? (
          <Form.Item name="mobile" label={L.mobile} required rules={[ruleOf(validateOperatorMobile)]}>
            <Input inputMode="tel" maxLength={11} autoComplete="off" placeholder={fillIn(L.mobile)} />
          </Form.Item>
        ) : (
          <Form.Item label={L.mobile} extra="手机号码由本人在个人中心修改">
            <span>{view.mobileMasked ?? '—'}</span>
          </Form.Item>
        )}
        <Form.Item
          name="codes"
          label={L.codes}
          required={!isMain}
          rules={[codesRule]}
          extra={isMain ? MSG.operatorMainCodesFixed : '勾选该账号可以使用的菜单；首页对所有账号开放'}
        >
          <PermissionPicker tree={tree} locked={locked} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={isSaving}>
              保存
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
