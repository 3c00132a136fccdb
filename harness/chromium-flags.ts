// Flags for Debian's Chromium on these machines (closed network, running as root), shared by the
// browser tests and the benchmark's Lighthouse runs.
export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
