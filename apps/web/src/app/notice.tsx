// A centred notice with one action, for the pages that must stay in the entry chunk (route errors, not-found):
// antd Result would bring its three illustrations along.
import type { ReactNode } from 'react';

export function Notice({ title, action }: { title: string; action: ReactNode }) {
  return (
    <div
      role="alert"
      style={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 24,
        padding: 24,
        textAlign: 'center',
      }}
    >
      <p style={{ margin: 0, fontSize: 18, color: 'rgba(0, 0, 0, 0.88)' }}>{title}</p>
      {action}
    </div>
  );
}
