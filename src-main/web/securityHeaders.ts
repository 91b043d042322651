// The Content-Security-Policy and security headers every page and answer carries (web mode and the desktop shell).

/**
 * Strict CSP: only the app's own scripts and styles, no inline code, no eval, no framing, no plugins.
 * ECharts draws on a canvas and sets styles through CSSOM (allowed); vue-echarts injects its base styles through
 * a constructed stylesheet (allowed); the chart tooltip is canvas text. `data:` images are ECharts' exports.
 */
export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

export const securityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), payment=()',
  'Cache-Control': 'no-store',
};
