// The action bar of long forms (BF-9.1): fixed under the header and tab strip at an offset of 141 px, and shown
// only after 1 s, so that it does not flash while a page is still laying itself out.
import { Affix } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { AFFIX_DELAY_MS, AFFIX_OFFSET } from '@cqjy/domain/constants';

export type FixedActionBarProps = { children: ReactNode };

export function FixedActionBar({ children }: FixedActionBarProps) {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setIsShown(true), AFFIX_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!isShown) return null;
  return (
    <Affix offsetTop={AFFIX_OFFSET}>
      <div className="fixed-action-bar" role="toolbar" style={{ background: '#fff', padding: '8px 0' }}>
        {children}
      </div>
    </Affix>
  );
}
