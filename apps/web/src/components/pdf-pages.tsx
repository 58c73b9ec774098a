// A PDF's pages drawn in the page by pdf.js, from the very file the server makes: one layout engine, so
// what a preview shows is what the client receives. pdf.js (about 1 MB with its worker) loads only when a
// preview is asked for, and its worker starts once per page load: later previews reuse it.
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type * as PdfJsModule from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';

type PdfJs = typeof PdfJsModule;
let loading: Promise<{ pdfjs: PdfJs; worker: InstanceType<PdfJs['PDFWorker']> }> | null = null;

/** Loads pdf.js and starts its worker; called as soon as a preview is asked for, while the server makes the PDF. */
export function preparePdfPages() {
  loading ??= (async () => {
    const [pdfjs, workerFile] = await Promise.all([
      import('pdfjs-dist'),
      import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
    ]);
    pdfjs.GlobalWorkerOptions.workerSrc = workerFile.default;
    const worker = new pdfjs.PDFWorker();
    await worker.promise;
    return { pdfjs, worker };
  })();
  // A failed load (the network dropped) is tried again by the next preview.
  loading.catch(() => (loading = null));
  return loading;
}

type PdfPagesProps = {
  file: Blob;
  /** What the document is, for screen readers ('Invoice preview'). */
  label: string;
};

export function PdfPages({ file, label }: PdfPagesProps) {
  const pagesRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ pages: number } | 'loading' | Error>('loading');

  useEffect(() => {
    const container = pagesRef.current;
    if (!container) return;
    let stopped = false;
    const release: Array<() => unknown> = [];
    setState('loading');
    void (async () => {
      const { pdfjs, worker } = await preparePdfPages();
      const task = pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()), worker });
      release.push(() => task.destroy());
      const document = await task.promise;
      // Drawn at the width the dialog gives, times the screen's pixel ratio so text stays sharp.
      const width = container.clientWidth || 600;
      const canvases: HTMLCanvasElement[] = [];
      for (let number = 1; number <= document.numPages && !stopped; number++) {
        const page = await document.getPage(number);
        const natural = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (width / natural.width) * (window.devicePixelRatio || 1) });
        const canvas = window.document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = '100%';
        canvas.style.display = 'block';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `${label}, page ${number} of ${document.numPages}`);
        canvas.dataset.page = String(number);
        await page.render({ canvas, viewport }).promise;
        canvases.push(canvas);
      }
      if (stopped) return;
      container.replaceChildren(...canvases);
      setState({ pages: document.numPages });
    })().catch((error: unknown) => {
      if (!stopped) setState(error instanceof Error ? error : new Error(String(error)));
    });
    return () => {
      stopped = true;
      for (const done of release) void done();
    };
  }, [file, label]);

  return (
    <Stack gap="xs">
      {state === 'loading' ? (
        <Stack align="center" py="xl" gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Generating preview...
          </Text>
        </Stack>
      ) : state instanceof Error ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
          <Text size="sm">Failed to show the preview: {state.message}. Download PDF still gives the document.</Text>
        </Alert>
      ) : null}
      <div
        ref={pagesRef}
        aria-label={label}
        aria-busy={state === 'loading'}
        data-testid="pdf-pages"
        style={{
          display: 'grid',
          gap: 'var(--mantine-spacing-sm)',
          // A sheet of paper on either theme: the PDF is white whatever the app's colours are.
          background: 'var(--mantine-color-default-hover)',
          padding: 'var(--mantine-spacing-xs)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      />
    </Stack>
  );
}
