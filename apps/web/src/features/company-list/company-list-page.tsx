// 机构管理 (/index/companyList, GJS_SYSTEM_ADMIN): the exchange's review of project owners' account opening and
// of company authentication, one tab each.
import { Card, Tabs } from 'antd';
import { CompanyAuthTab } from './company-auth-tab.tsx';
import { OpeningReviewTab } from './opening-review-tab.tsx';

export function CompanyListPage() {
  return (
    <Card>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'opening', label: '开户审核', children: <OpeningReviewTab /> },
          { key: 'auth', label: '企业认证审核', children: <CompanyAuthTab /> },
        ]}
      />
    </Card>
  );
}
