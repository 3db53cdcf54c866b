/** The door app while it opens its stored data, and when the browser cannot keep any. */
export function LoadingScreen() {
  return (
    <main className="door-page" aria-busy="true">
      <p>Loading…</p>
    </main>
  );
}

export function LoadErrorScreen() {
  return (
    <main className="door-page">
      <p className="door-error" role="alert">
        This browser does not let the page keep data (IndexedDB). Leave private browsing, or use another browser.
      </p>
    </main>
  );
}
