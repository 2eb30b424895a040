// Set the theme before the first paint: the saved choice, else the system's. The stylesheet
// reads only <html data-theme>, so its dark palette is written once. A file, not an inline
// script: the page's Content-Security-Policy allows no inline script.
(() => {
  let theme = null;
  try {
    theme = localStorage.getItem('latch.theme');
  } catch {
    // storage blocked: follow the system
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.dataset.theme = theme;
})();
