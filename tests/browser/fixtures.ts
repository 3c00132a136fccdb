// Data the browser suite needs beyond the demo content, written before the server starts (the
// server's embedded database belongs to its process once it runs).
// Data alone (the tests read it): tests/browser/insert-fixtures.ts writes it.

export const FIXTURES = {
  analyticsId: "G-ZAMPATEST1",
  pixelId: "1234567890",
  adMarker: "test-ad-banner",
  adHtml: '<div id="test-ad-banner">Pubblicità di prova</div><script>window.__zampaAdRan = true;</script>',
  unsafeArticle: {
    slug: "articolo-prova-sicurezza",
    title: "Articolo di prova per la sicurezza dei contenuti",
    content:
      '<p>Testo innocuo.</p><script>window.__zampaXss = "script";</script>' +
      '<p><img src="/favicon.svg" alt="" onerror="window.__zampaXss = \'onerror\'" onload="window.__zampaXss = \'onload\'"></p>' +
      '<p><a id="js-link" href="javascript:window.__zampaXss=\'link\'">clic</a></p>',
  },
  draftSlug: "bozza-non-pubblicata",
  /** Drafts only the bulk actions' test touches (tests/browser/admin-bulk.test.ts): more than a page, one with no excerpt. */
  bulkArticles: { prefix: "Lotto e2e", count: 22, noExcerpt: "Lotto e2e senza estratto" },
  redirect: { from: "/vecchia-guida-cuccioli", to: "/article/prime-settimane-con-il-cucciolo" },
  /** A listing suspended by the moderators, owned by this demo user. */
  suspendedListing: {
    id: "7d1c0e55-2f4a-4b8e-9c3d-5a6b7c8d9e01",
    title: "Annuncio sospeso di prova",
    ownerEmail: "giulia.rossi@zampa.test",
  },
  /** An account with more closed listings than one page of the dashboard shows (never public). */
  manyListings: { email: "molti-annunci@zampa.test", password: "Cuccioli-2026", count: 23 },
} as const;
