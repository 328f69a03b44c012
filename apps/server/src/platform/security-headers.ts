import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** 'sha256-…' for each inline `<script>` of the built page, so the policy allows exactly those. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  );
}

export type SecurityHeaderOptions = {
  /** The address people reach the app at: HSTS only when it is https. */
  publicUrl: string;
  /** HSTS only in production, so a developer's http://localhost is never pinned to https. */
  production: boolean;
  /** The built web app, whose index.html holds the inline scripts the policy must allow. */
  webDistDir?: string;
};

/**
 * The browser protections on every answer (API, pages, files, media): a Content-Security-Policy
 * that allows nothing from another origin, no framing, no MIME sniffing, and the origin only as
 * referrer to other sites. Referrer-Policy is not no-referrer on purpose: under no-referrer a
 * browser sends `Origin: null` with the app's own writes, and the origin check refuses those.
 */
export function securityHeaders({ publicUrl, production, webDistDir }: SecurityHeaderOptions): MiddlewareHandler {
  const indexHtml = webDistDir ? path.join(webDistDir, 'index.html') : null;
  const scriptHashes = indexHtml && existsSync(indexHtml) ? inlineScriptHashes(readFileSync(indexHtml, 'utf8')) : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scriptHashes],
      // The toast library adds its stylesheet at run time and the page inlines its own; a
      // style cannot run code, so inline styles are allowed while scripts are not.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // data: for small generated images (QR codes), blob: for the preview of a photo before upload.
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity:
      production && publicUrl.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : false,
  });
}
