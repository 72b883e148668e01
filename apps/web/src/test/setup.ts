// jsdom lacks a few browser APIs antd relies on; tests also unmount after each case since vitest runs without
// globals (Testing Library only auto-cleans when afterEach is global).
import { createElement } from 'react';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// antd pages in jsdom take a while to settle on a busy machine; a second is too short to wait for them. The first
// portal page of a test file also loads (and transforms) the shell, antd and the page's chunk, which took more than
// five seconds with every worker busy in the whole suite; a wait ends as soon as the page is there.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}

// ECharts draws on a canvas, which jsdom has not: in tests a chart shows the data of its option as text, so that
// a page's test reads what its chart was given.
vi.mock('../components/chart/echarts-view.tsx', () => ({
  default: ({ option }: { option: unknown }) =>
    createElement('pre', { 'data-testid': 'chart-option' }, JSON.stringify(option)),
}));
