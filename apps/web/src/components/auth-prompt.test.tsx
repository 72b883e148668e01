import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthPrompt } from './auth-prompt.tsx';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderPrompt() {
  const onClose = vi.fn();
  render(
    <MemoryRouter initialEntries={['/index/bulkEicSre']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <AuthPrompt open onClose={onClose} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return { onClose };
}

describe('AuthPrompt (SH-8.11)', () => {
  it('says the enterprise advanced authentication is missing, in a 420 px dialog', () => {
    renderPrompt();
    expect(screen.getByText('您尚未完成企业高级认证')).toBeTruthy();
    expect(document.querySelector<HTMLElement>('.ant-modal')?.style.width).toBe('420px');
  });

  it('去认证 goes to /auth', async () => {
    const { onClose } = renderPrompt();
    fireEvent.click(screen.getByRole('button', { name: '去认证' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/auth'));
    expect(onClose).toHaveBeenCalled();
  });

  it('暂不认证 only closes the prompt', () => {
    const { onClose } = renderPrompt();
    fireEvent.click(screen.getByRole('button', { name: '暂不认证' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('where').textContent).toBe('/index/bulkEicSre');
  });
});
