import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setNotifier } from '../lib/notify.ts';
import { setSession } from '../lib/session-store.ts';
import { stubFetch } from '../test/fake-fetch.ts';
import { createFakeNotifier } from '../test/fake-notifier.ts';
import type { FakeNotifier } from '../test/fake-notifier.ts';
import { FileRow, listFileActions } from './file-row.tsx';
import type { FileRowItem } from './file-row.tsx';

const renderPage = vi.fn<(page: number, canvas: HTMLCanvasElement, width: number) => Promise<void>>(() =>
  Promise.resolve(),
);
vi.mock('./pdf-document.ts', () => ({
  openPdf: vi.fn(() => Promise.resolve({ pageCount: 2, renderPage, destroy: () => Promise.resolve() })),
}));

let notifier: FakeNotifier;
let clicked: { href: string; download: string }[];

beforeEach(() => {
  notifier = createFakeNotifier();
  setNotifier(notifier);
  setSession({ token: 'token-9' });
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  URL.createObjectURL = vi.fn(() => 'blob:file-1');
  URL.revokeObjectURL = vi.fn();
  renderPage.mockClear();
});

afterEach(() => {
  setNotifier(null);
  setSession({ token: null });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function item(fileName: string): FileRowItem {
  const dot = fileName.lastIndexOf('.');
  return {
    uuid: 'u1',
    name: fileName,
    fileName,
    labelName: fileName.slice(0, dot),
    dateCreated: '2026-01-02T03:04:05.000Z',
    contentType: 'application/octet-stream',
  };
}

const serveBytes = () =>
  stubFetch(
    () =>
      new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
  );

describe('listFileActions (SH-9.4)', () => {
  it('previews png, jpg, jpeg in the image viewer and pdf in the page; everything downloads', () => {
    for (const name of ['a.png', 'a.JPG', 'a.jpeg'])
      expect(listFileActions(name)).toEqual(['imagePreview', 'download']);
    expect(listFileActions('a.pdf')).toEqual(['pdfPreview', 'download']);
    for (const name of ['a.txt', 'a.zip', 'a.xls', 'a.xlsx', 'a.doc', 'a.docx', 'a.rar']) {
      expect(listFileActions(name)).toEqual(['download']);
    }
  });
});

describe('FileRow (SH-9.4)', () => {
  it('shows the name and the upload time in +08:00', () => {
    render(<FileRow item={item('评估报告.docx')} />);
    expect(screen.getByText('评估报告.docx')).toBeTruthy();
    expect(screen.getByText('2026-01-02 11:04:05')).toBeTruthy();
  });

  it('offers only 下载 for a docx, and downloads it under its own name with the bearer token', async () => {
    const { calls } = serveBytes();
    render(<FileRow item={item('评估报告.docx')} />);
    expect(screen.queryByRole('button', { name: /预\s*览/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /下\s*载/ }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:file-1', download: '评估报告.docx' }]));
    expect(calls[0]?.url).toBe('/api/attachment/download/u1');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-9');
  });

  it('opens an image through an inline blob URL', async () => {
    const { calls } = serveBytes();
    render(<FileRow item={item('现场照片.jpg')} />);
    fireEvent.click(screen.getByRole('button', { name: /预\s*览/ }));
    await waitFor(() => expect(document.querySelector('img[src="blob:file-1"]')).not.toBeNull());
    expect(calls[0]?.url).toBe('/api/attachment/download/u1?inline=1');
  });

  it('renders a pdf page by page in a dialog', async () => {
    serveBytes();
    render(<FileRow item={item('合同.pdf')} />);
    fireEvent.click(screen.getByRole('button', { name: /预\s*览/ }));
    await waitFor(() =>
      expect(renderPage).toHaveBeenCalledWith(1, expect.any(HTMLCanvasElement), expect.any(Number)),
    );
    expect(screen.getByText('第 1 / 2 页')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /下一页/ }));
    await waitFor(() =>
      expect(renderPage).toHaveBeenCalledWith(2, expect.any(HTMLCanvasElement), expect.any(Number)),
    );
    expect((renderPage.mock.calls[0]?.[2] ?? 0) >= 532).toBe(true);
  });

  it('deletes after the confirmation when deletable', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    render(<FileRow item={item('合同.pdf')} onDelete={onDelete} />);
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
  });

  it('has no 删除 without a delete action, and a locked file says it cannot be deleted', () => {
    const { unmount } = render(<FileRow item={item('合同.pdf')} />);
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    unmount();
    const onDelete = vi.fn();
    render(<FileRow item={item('合同.pdf')} onDelete={onDelete} isLocked />);
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(notifier.warning).toHaveBeenCalledWith('该文件不可删除');
    expect(onDelete).not.toHaveBeenCalled();
  });
});
