// PDF pages drawn on a canvas in the page (SH-9.4). pdf.js is large, so it is imported only when a PDF is first
// previewed; its worker is a file of our own origin (the CSP is default-src 'self').
import type * as Pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';

export type PdfDocument = {
  pageCount: number;
  /** draws page `pageNumber` (from 1) at `width` CSS pixels wide */
  renderPage: (pageNumber: number, canvas: HTMLCanvasElement, width: number) => Promise<void>;
  destroy: () => Promise<void>;
};

let pdfjsLoading: Promise<typeof Pdfjs> | undefined;

function loadPdfjs(): Promise<typeof Pdfjs> {
  pdfjsLoading ??= Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]).then(([pdfjs, worker]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return pdfjs;
  });
  return pdfjsLoading;
}

function wrap(pdf: PDFDocumentProxy, destroy: () => Promise<void>): PdfDocument {
  return {
    pageCount: pdf.numPages,
    renderPage: async (pageNumber, canvas, width) => {
      const page = await pdf.getPage(pageNumber);
      const base = page.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: (width / base.width) * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
      await page.render({ canvas, viewport }).promise;
    },
    destroy,
  };
}

export async function openPdf(blob: Blob): Promise<PdfDocument> {
  const pdfjs = await loadPdfjs();
  const data = new Uint8Array(await blob.arrayBuffer());
  const task = pdfjs.getDocument({ data });
  return wrap(await task.promise, () => task.destroy());
}
