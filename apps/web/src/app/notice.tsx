// A centred notice with one action, for the pages that must stay in the entry chunk (route errors, not-found):
// antd Result would bring its three illustrations along.
import type { ReactNode } from 'react';

export function Notice({ title, action }: { title: string; action: ReactNode }) {
  return (
    <div role="alert" className="notice">
      <p className="notice-title">{title}</p>
      {action}
    </div>
  );
}
