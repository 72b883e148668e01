// 短信管理 (/index/textMessage, GJS_SYSTEM_SMS_ADMIN): 发送记录, 短信模板 and 服务状态, one tab each. A tab is
// mounted when opened, so the state and the templates are asked for only when looked at.
import { Card, Tabs } from 'antd';
import { SmsProviderTab } from './sms-provider-tab.tsx';
import { SmsRecordsTab } from './sms-records-tab.tsx';
import { SmsTemplatesTab } from './sms-templates-tab.tsx';

export function TextMessagePage() {
  return (
    <Card>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'records', label: '发送记录', children: <SmsRecordsTab /> },
          { key: 'templates', label: '短信模板', children: <SmsTemplatesTab /> },
          { key: 'provider', label: '服务状态', children: <SmsProviderTab /> },
        ]}
      />
    </Card>
  );
}
