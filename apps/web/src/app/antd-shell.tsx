// antd and the query cache for every page but the sign-in page: the zh_CN locale, the App context and the bridge that lets the HTTP
// client and the guards speak through antd's message and modal. Loaded lazily with the first such page.
//
// Zero-runtime styling: antd's styles come from its prebuilt stylesheet instead of being computed and injected
// by CSS-in-JS on the main thread at every first render (that work was most of the signed-in pages' blocking
// time on phones). The default theme is the only theme, so nothing is lost.
import 'antd/dist/reset.css';
import 'antd/dist/antd.css';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';
import { NotifyBridge } from './notify-bridge.tsx';

// A person who asks their system for reduced motion (WCAG 2.3.3) gets dialogs, menus and messages without antd's zoom
// and slide animations: they appear and go at once. The e2e browser asks for it too, so that a click never aims at
// a dialog still growing into place on a busy machine.
const prefersReducedMotion =
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const ANTD_THEME = { zeroRuntime: true, token: { motion: !prefersReducedMotion } } as const;

// The date pickers name months and weekdays through dayjs, which antd's zh_CN locale does not switch by itself.
dayjs.locale('zh-cn');

export function AntdShell() {
  // One query cache while the shell stays mounted (the page's life in the browser; one render in a test). It comes
  // with the portal's pages, not the entry: the sign-in page runs without TanStack Query.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} theme={ANTD_THEME}>
        <AntdApp>
          <NotifyBridge />
          <Outlet />
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
