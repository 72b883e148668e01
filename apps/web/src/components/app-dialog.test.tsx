import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { AppDialog } from './app-dialog.tsx';

const width = () => document.querySelector<HTMLElement>('.ant-modal')?.style.width;

describe('AppDialog (SH-9.5)', () => {
  it('is 420, 500 or 580 px wide by size, 500 unless given', () => {
    const { rerender } = render(<AppDialog open size="sm" title="提示" />);
    expect(width()).toBe('420px');
    rerender(<AppDialog open title="提示" />);
    expect(width()).toBe('500px');
    rerender(<AppDialog open size="lg" title="提示" />);
    expect(width()).toBe('580px');
    rerender(<AppDialog open size="lg" minWidth={860} title="提示" />);
    expect(width()).toBe('860px');
  });
});
