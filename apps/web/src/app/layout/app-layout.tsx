// The signed-in shell: header on top; below it the sider menu and, right of it, the tab strip over the pages, with
// the advanced-authentication banner at the top of the content; the expired-password prompt over everything. Coming
// back into view, it asks the server whether the sign-in still holds (the quiet session check).
import { Layout } from 'antd';
import { useSessionCheckOnReturn } from '../../api/session-check.ts';
import { AdvancedAuthBanner } from './advanced-auth-prompt.tsx';
import { PasswordExpiredPrompt } from '../../features/profile/password-expired-prompt.tsx';
import { AppHeader } from './app-header.tsx';
import { AppSider } from './app-sider.tsx';
import { KeepAliveOutlet } from './keep-alive-outlet.tsx';
import { TabStrip } from './tab-strip.tsx';
import { useAutoCollapse } from './use-auto-collapse.ts';

export { applyAutoCollapse } from './use-auto-collapse.ts';

export function AppLayout() {
  useAutoCollapse();
  useSessionCheckOnReturn();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      <Layout hasSider>
        <AppSider />
        <Layout style={{ minWidth: 0 }}>
          <TabStrip />
          <Layout.Content style={{ padding: 16, minWidth: 0 }}>
            <AdvancedAuthBanner />
            <KeepAliveOutlet />
          </Layout.Content>
        </Layout>
      </Layout>
      <PasswordExpiredPrompt />
    </Layout>
  );
}
