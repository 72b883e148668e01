// The signed-in shell: header on top; below it the sider menu and, right of it, the tab strip over the pages; the
// expired-password prompt over everything.
import { Layout } from 'antd';
import { AdvancedAuthPrompt } from './advanced-auth-prompt.tsx';
import { PasswordExpiredPrompt } from '../../features/profile/password-expired-prompt.tsx';
import { AppHeader } from './app-header.tsx';
import { AppSider } from './app-sider.tsx';
import { KeepAliveOutlet } from './keep-alive-outlet.tsx';
import { TabStrip } from './tab-strip.tsx';
import { useAutoCollapse } from './use-auto-collapse.ts';

export { applyAutoCollapse } from './use-auto-collapse.ts';

export function AppLayout() {
  useAutoCollapse();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      <Layout hasSider>
        <AppSider />
        <Layout style={{ minWidth: 0 }}>
          <TabStrip />
          <Layout.Content style={{ padding: 16, minWidth: 0 }}>
            <KeepAliveOutlet />
          </Layout.Content>
        </Layout>
      </Layout>
      <PasswordExpiredPrompt />
      <AdvancedAuthPrompt />
    </Layout>
  );
}
