// Debian's Chromium and the flags this workplace needs, shared by Playwright (tests/) and Vitest browser mode
// (packages/ui). Never a downloaded browser.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
