/** 'Zum Inhalt springen': the keyboard's first stop, past the header to the page's `<main id="main">`. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2"
    >
      Zum Inhalt springen
    </a>
  );
}
