// The style nonce the server wrote into index.html (and into its Content-Security-Policy), so that
// the <style> tags libraries inject at run time are allowed without 'unsafe-inline'.

/** What index.html holds when no server rewrote it (the Vite dev server, which sends no policy). */
const PLACEHOLDER = '__CSP_NONCE__';

export function readStyleNonce(): string | undefined {
  const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return nonce && nonce !== PLACEHOLDER ? nonce : undefined;
}

/**
 * Mantine takes the nonce through MantineProvider getStyleNonce; react-remove-scroll (the scroll lock
 * of Mantine's modals and drawers) reads it through get-nonce, which falls back to this global.
 */
export function shareStyleNonce(nonce: string | undefined): void {
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
