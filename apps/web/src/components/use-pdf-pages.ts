// A PDF drawn one page at a time on a canvas (SH-9.4): the file is opened while `key` is set (a new key opens it
// again from the first page), the current page is drawn at `width`, and the document is released when the key
// changes or the component goes. Shared by the preview dialog and the letter inside the e-signature screen.
import { useEffect, useRef, useState } from 'react';
import { MSG } from '@cqjy/domain/messages';
import { notify } from '../lib/notify.ts';
import { openPdf } from './pdf-document.ts';
import type { PdfDocument } from './pdf-document.ts';

export function usePdfPages(input: {
  /** what is open (a file's uuid, an opened dialog); null: nothing */
  key: string | null;
  /** loads the file's bytes; called once per key */
  load: () => Promise<Blob>;
  width: number;
  /** the file could not be loaded or read */
  onFailed: () => void;
}) {
  const { key, width } = input;
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);

  useEffect(() => {
    if (key === null) return;
    let isCurrent = true;
    let opened: PdfDocument | null = null;
    input
      .load()
      .then(openPdf)
      .then((pdf) => {
        opened = pdf;
        if (!isCurrent) {
          void pdf.destroy();
          return;
        }
        setPageNumber(1);
        setDoc(pdf);
      })
      .catch(() => {
        if (isCurrent) input.onFailed();
      });
    return () => {
      isCurrent = false;
      setDoc(null);
      if (opened !== null) void opened.destroy();
    };
    // `load` and `onFailed` are new functions on every render of the caller; the file is opened once per key.
  }, [key]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (doc === null || canvas === null) return;
    let isCurrent = true;
    // A drawing cut short because the file was swapped or the viewer went (a letter replaced by its signed copy)
    // is no failure to tell.
    doc.renderPage(pageNumber, canvas, width).catch(() => {
      if (isCurrent) notify.error(MSG.previewFailed);
    });
    return () => {
      isCurrent = false;
    };
  }, [doc, pageNumber, width]);

  return { doc, pageNumber, setPageNumber, pageCount: doc?.pageCount ?? 0, canvasRef };
}
