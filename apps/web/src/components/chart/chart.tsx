// A chart of the portal's pages (收入统计, 首页). ECharts is a large library: it is loaded only when a chart is
// first drawn, so the pages without one, and the first paint of those with one, stay light (bench/bundle.ts).
import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';

/** An ECharts option object (echarts/core's EChartsCoreOption), kept loose here so that this file loads none of it. */
export type ChartOption = Record<string, unknown>;

const EChartsView = lazy(() => import('./echarts-view.tsx'));

/** `label` names the chart for screen readers (a canvas says nothing by itself). */
export function Chart({
  option,
  height = 300,
  label,
}: {
  option: ChartOption;
  height?: number;
  label: string;
}) {
  return (
    <div role="img" aria-label={label} data-testid="chart">
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
        <EChartsView option={option} height={height} />
      </Suspense>
    </div>
  );
}
