// Tests of the desktop window's security policy (plain data; Electron is not loaded).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../web/securityHeaders.ts';
import { isAllowedExternalUrl, isAllowedRendererRequest, shellContentSecurityPolicy } from './policy.ts';

describe('desktop security policy', () => {
  // The window's webPreferences are a literal in desktop.ts, checked by Electronegativity in npm test.

  it.each([
    ['https://github.com/feedback-desk/feedback-desk#readme', true],
    ['http://github.com/', false],
    ['https://github.com.evil.example/', false],
    ['https://user:pw@github.com/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('opens %s outside the app: %s', (url, expected) => {
    expect(isAllowedExternalUrl(url)).toBe(expected);
  });

  it('writes out exactly web mode’s strict CSP in the desktop session (where Electronegativity evaluates it)', () => {
    const source = readFileSync(join(import.meta.dirname, 'desktop.ts'), 'utf8');
    expect(source).toContain(
      `'Content-Security-Policy': [\n            "${contentSecurityPolicy}",\n          ]`,
    );
  });

  it('enforces the strict CSP in production, and relaxes only styles and the HMR socket in development', () => {
    expect(shellContentSecurityPolicy(null)).not.toContain('unsafe');
    const dev = shellContentSecurityPolicy('http://localhost:5173');
    expect(dev).toContain("style-src 'self' 'unsafe-inline'");
    expect(dev).toContain("connect-src 'self' ws://localhost:5173");
    expect(dev).toContain("script-src 'self';");
  });

  it.each([
    ['app://renderer/index.html', null, true],
    ['app://renderer/assets/index.js', null, true],
    ['app://other/index.html', null, false],
    ['https://example.com/', null, false],
    ['http://127.0.0.1:8080/v2/experience-points.json', null, false],
    ['file:///etc/passwd', null, false],
    ['data:image/png;base64,AAAA', null, true],
    ['http://localhost:5173/src/main.ts', 'http://localhost:5173', true],
    ['ws://localhost:5173/', 'http://localhost:5173', true],
    ['http://localhost:5174/', 'http://localhost:5173', false],
    ['garbage', null, false],
  ])('request %s (dev %s) allowed: %s', (url, dev, expected) => {
    expect(isAllowedRendererRequest(url, dev)).toBe(expected);
  });
});
