// antd for every page but the sign-in page: the zh_CN locale, the App context and the bridge that lets the HTTP
// client and the guards speak through antd's message and modal. Loaded lazily with the first such page.
import 'antd/dist/reset.css';
import { Outlet } from 'react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { NotifyBridge } from './notify-bridge.tsx';

export function AntdShell() {
  return (
    <ConfigProvider locale={zhCN}>
      <AntdApp>
        <NotifyBridge />
        <Outlet />
      </AntdApp>
    </ConfigProvider>
  );
}
