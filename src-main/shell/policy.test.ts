// Tests of the desktop window's security policy (plain data; Electron is not loaded).
import { describe, expect, it } from 'vitest';
import { isAllowedRendererRequest, shellContentSecurityPolicy, windowWebPreferences } from './policy.ts';

describe('desktop security policy', () => {
  it('isolates and sandboxes the renderer', () => {
    expect(windowWebPreferences('/app/out/preload/index.cjs')).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
    });
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
