// The signed-in shell: header on top, pages in the content area. The sider menu (built from the domain menus and
// the user's permissions) goes left of the content, and the open-tab strip above the Outlet, both in this folder.
import { Outlet } from 'react-router';
import { Layout } from 'antd';
import { AppHeader } from './app-header.tsx';

export function AppLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      <Layout>
        <Layout.Content style={{ padding: 16 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
