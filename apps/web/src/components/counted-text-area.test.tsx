import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { CountedTextArea } from './counted-text-area.tsx';

function Harness({ max }: { max?: number }) {
  const [value, setValue] = useState('');
  return (
    <>
      <CountedTextArea
        aria-label="说明"
        max={max}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const area = () => screen.getByLabelText<HTMLTextAreaElement>('说明');

describe('CountedTextArea (BF-5.3)', () => {
  it('counts a Chinese character 2, full-width punctuation 4 and a letter 1', () => {
    const { container } = render(<Harness max={100} />);
    fireEvent.change(area(), { target: { value: '中文，a' } });
    expect(container.textContent).toContain('9 / 100');
  });

  it('uses 1000 as its maximum unless given', () => {
    const { container } = render(<Harness />);
    fireEvent.change(area(), { target: { value: '中' } });
    expect(container.textContent).toContain('2 / 1000');
  });

  it('cuts what goes past the maximum without splitting a character', () => {
    render(<Harness max={9} />);
    fireEvent.change(area(), { target: { value: '中文中文中文' } });
    expect(screen.getByTestId('value').textContent).toBe('中文中文');
  });
});
