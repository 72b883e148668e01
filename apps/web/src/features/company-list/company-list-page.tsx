// 机构管理 (/index/companyList, GJS_SYSTEM_ADMIN): the exchange's review of project owners' account opening and
// of company authentication, one tab each. A task of 待办任务 opens it on its tab (?tab=opening|auth) and, for an
// account opening, on the application (?id=).
import { useSearchParams } from 'react-router';
import { Card, Tabs } from 'antd';
import { readQueryId } from '../../lib/query-id.ts';
import { CompanyAuthTab } from './company-auth-tab.tsx';
import { OpeningReviewTab } from './opening-review-tab.tsx';

const TAB_KEYS = ['opening', 'auth'] as const;

export function CompanyListPage() {
  const [params] = useSearchParams();
  const tab = TAB_KEYS.find((key) => key === params.get('tab')) ?? 'opening';
  const openId = tab === 'opening' ? readQueryId(params.get('id')) : null;
  return (
    <Card>
      <Tabs
        destroyOnHidden
        defaultActiveKey={tab}
        items={[
          { key: 'opening', label: '开户审核', children: <OpeningReviewTab openId={openId} /> },
          { key: 'auth', label: '企业认证审核', children: <CompanyAuthTab /> },
        ]}
      />
    </Card>
  );
}
