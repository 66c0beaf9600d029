// Before the first paint, the page takes the system's colour scheme, so a phone in dark mode
// never flashes a white page (what Mantine's ColorSchemeScript does, as a file: the app's CSP
// allows no inline script). The app follows the system only; it stores no choice of its own.
(() => {
  const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches === true;
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
})();
