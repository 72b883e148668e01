// A table cell of two lines: the thing itself, and under it in small grey what places it (a payer's account, a
// registration's project).
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';

export function StackedCell({ main, sub }: { main: ReactNode; sub: ReactNode }) {
  return (
    <Space orientation="vertical" size={0}>
      <span>{main}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {sub}
      </Typography.Text>
    </Space>
  );
}
