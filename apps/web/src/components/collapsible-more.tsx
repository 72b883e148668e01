// A block that shows one line (27 px) until 展开 is clicked (BF-9.1): search conditions and long descriptions.
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { COLLAPSED_MORE_HEIGHT } from '@cqjy/domain/constants';

export type CollapsibleMoreProps = { children: ReactNode; isInitiallyOpen?: boolean };

export function CollapsibleMore({ children, isInitiallyOpen = false }: CollapsibleMoreProps) {
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  return (
    <div>
      <div
        data-testid="collapsible-more-body"
        style={isOpen ? undefined : { maxHeight: COLLAPSED_MORE_HEIGHT, overflow: 'hidden' }}
      >
        {children}
      </div>
      <Button type="link" size="small" onClick={() => setIsOpen((open) => !open)} aria-expanded={isOpen}>
        {isOpen ? '收起' : '展开'}
      </Button>
    </div>
  );
}
