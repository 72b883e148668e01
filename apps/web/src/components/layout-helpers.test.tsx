import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CollapsibleMore } from './collapsible-more.tsx';
import { FixedActionBar } from './fixed-action-bar.tsx';

describe('FixedActionBar (BF-9.1)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows its actions only after 1 s', () => {
    render(
      <FixedActionBar>
        <button type="button">提交</button>
      </FixedActionBar>,
    );
    expect(screen.queryByRole('toolbar')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.queryByRole('toolbar')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('toolbar')).toBeTruthy();
    expect(screen.getByRole('button', { name: '提交' })).toBeTruthy();
  });
});

describe('CollapsibleMore (BF-9.1)', () => {
  it('is 27 px high until opened, and closes again', () => {
    render(
      <CollapsibleMore>
        <p>第一行</p>
        <p>第二行</p>
      </CollapsibleMore>,
    );
    const body = screen.getByTestId('collapsible-more-body');
    expect(body.style.maxHeight).toBe('27px');
    fireEvent.click(screen.getByRole('button', { name: /展\s*开/ }));
    expect(body.style.maxHeight).toBe('');
    fireEvent.click(screen.getByRole('button', { name: /收\s*起/ }));
    expect(body.style.maxHeight).toBe('27px');
  });
});
