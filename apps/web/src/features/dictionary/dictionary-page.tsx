// 数据字典 (route dictionary, GJS_SYSTEM_DICT_ADMIN; the operations admin's first page): the dictionaries and their
// entries on the first tab, the versioned rule parameters (disclosure periods, the service-fee schedule) on the
// second.
import { Card, Tabs } from 'antd';
import { usePageTitle } from '../../lib/route-handle.ts';
import { DictionaryDataTab } from './dictionary-data-tab.tsx';
import { RuleParametersTab } from './rule-parameters-tab.tsx';

export function DictionaryPage() {
  const title = usePageTitle();
  return (
    <Card>
      <h3 style={{ marginTop: 0 }}>{title}</h3>
      <Tabs
        items={[
          { key: 'data', label: '数据字典', children: <DictionaryDataTab /> },
          { key: 'rules', label: '规则参数', children: <RuleParametersTab /> },
        ]}
      />
    </Card>
  );
}
