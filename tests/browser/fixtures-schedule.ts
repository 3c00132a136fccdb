// Scheduled articles for the /admin/schedule browser test: one still ahead ('In Attesa'), and one
// already due but without a category, which the server's first publishing run (at start-up) must
// log as failed. Neither ever becomes public, so the other screens' tests see no change.
// Data alone (the tests read it): tests/browser/insert-fixtures.ts writes it.

export const SCHEDULE_FIXTURES = {
  upcoming: { title: "Articolo programmato di prova", slug: "articolo-programmato-di-prova" },
  dueWithoutCategory: { title: "Articolo programmato senza categoria", slug: "articolo-programmato-senza-categoria" },
} as const;
