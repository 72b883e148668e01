// A titled panel drawn as antd's Card is (its class names, whose styles come with the shell's antd.css), without
// Card's own code: Card imports antd's Tabs for its tab list, 21 KB of gzip JavaScript that the first page after
// sign-in would load for nothing. The home page's figures and boxes use it; pages that need Card's tabs, covers
// or actions use Card.
import type { HTMLAttributes, ReactNode } from 'react';
import { Skeleton } from 'antd';
import './panel.css';

export type PanelProps = Omit<HTMLAttributes<HTMLDivElement>, 'title'> & {
  title?: ReactNode;
  /** drawn at the right of the title, as Card's extra */
  extra?: ReactNode;
  /** a skeleton in place of the content while it loads */
  loading?: boolean;
  /** lifted on hover, for a panel that opens a page */
  hoverable?: boolean;
  'data-testid'?: string;
};

export function Panel({
  title,
  extra,
  loading = false,
  hoverable = false,
  className,
  children,
  ...rest
}: PanelProps) {
  const classes = ['panel', 'ant-card', 'ant-card-bordered'];
  if (loading) classes.push('ant-card-loading');
  if (hoverable) classes.push('ant-card-hoverable');
  if (className !== undefined) classes.push(className);
  const hasHead = title !== undefined || extra !== undefined;
  return (
    <div {...rest} className={classes.join(' ')}>
      {hasHead ? (
        <div className="ant-card-head">
          <div className="ant-card-head-wrapper">
            {title === undefined ? null : <div className="ant-card-head-title">{title}</div>}
            {extra === undefined ? null : <div className="ant-card-extra">{extra}</div>}
          </div>
        </div>
      ) : null}
      <div className="ant-card-body">
        {loading ? <Skeleton active title={false} paragraph={{ rows: 4 }} /> : children}
      </div>
    </div>
  );
}
