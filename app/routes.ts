import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("articles", "routes/articles.tsx"),
  route("article/:slug", "routes/article.tsx"),
  route("article/:slug/view", "routes/article-view.ts"),
  // A draft shared by a preview link, without signing in (decision 0111)
  route("anteprima/:token", "routes/article-preview-link.tsx"),
  route("categories", "routes/categories.tsx"),
  route("category/:slug", "routes/category.tsx"),
  route("contact", "routes/contact.tsx"),
  route("about", "routes/pages/about.tsx"),
  route("privacy", "routes/pages/privacy.tsx"),
  route("terms", "routes/pages/terms.tsx"),
  route("legal-pets-info", "routes/pages/legal-pets-info.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  // The child sitemaps (/sitemap-listings-2.xml, …): any other name ending in .xml answers 404.
  // Listed after sitemap.xml, which it would match too: of two equal matches the first listed wins.
  route(":name.xml", "routes/sitemap-child.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("api/ads", "routes/api.ads.ts"),
  route("pet-listings", "routes/listings/browse.tsx"),
  route("pet-listing/:id", "routes/listings/detail.tsx"),
  // "Mostra numero" / "Mostra email" asked by the page's script (decision 0089)
  route("pet-listing/:id/contatto", "routes/listings/contact-reveal.ts"),
  // The heart: add or remove a favourite (decision 0092)
  route("pet-listing/:id/preferito", "routes/listings/favourite.tsx"),
  route("create-pet-listing", "routes/listings/create.tsx"),
  route("pet-listing/:id/scrivi", "routes/messages/write.tsx"),
  route("report-listing/:id", "routes/listings/report.tsx"),
  route("api/pet-listings", "routes/api.pet-listings.ts"),
  route("api/pet-listings/map", "routes/api.pet-listings-map.ts"),
  route("api/pet-listings/:id", "routes/api.pet-listing-edit.ts"),
  route("api/breeds", "routes/api.breeds.ts"),
  route("api/geocode", "routes/api.geocode.ts"),
  route("api/geocode/reverse", "routes/api.geocode-reverse.ts"),
  route("contests", "routes/contests/list.tsx"),
  route("contests/:id", "routes/contests/detail.tsx"),
  route("login", "routes/login.tsx"),
  route("login/codice", "routes/login-code.tsx"),
  route("logout", "routes/logout.ts"),
  // Password recovery and e-mail verification (decision 0058)
  route("forgot-password", "routes/account/forgot-password.tsx"),
  route("reset-password", "routes/account/reset-password.tsx"),
  route("email-verification", "routes/account/email-verification.tsx"),
  // The two links of an e-mail change: confirm (new address) and cancel (old address); decision 0077
  route("email-change/:step", "routes/account/email-change.tsx"),
  // The one-click unsubscribe of the saved searches' alert mails (decision 0097)
  route("avvisi/disattiva", "routes/saved-searches/unsubscribe.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("readyz", "routes/readyz.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route(".well-known/jwks.json", "routes/well-known.jwks.ts"),
  route("uploads/*", "routes/uploads.ts"),
  // The live news of one's conversations (server-sent events; decision 0091), outside the dashboard's layout.
  route("dashboard/messaggi/eventi", "routes/messages/events.ts"),
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/index.tsx"),
    route("pet-listings", "routes/dashboard/pet-listings.tsx"),
    route("pet-listings/:id/legal", "routes/dashboard/pet-listing-legal.tsx"),
    route("pet-listings/:id/modifica", "routes/dashboard/pet-listing-edit.tsx"),
    route("contest-submissions", "routes/dashboard/contest-submissions.tsx"),
    route("profile", "routes/dashboard/profile.tsx"),
    // Private conversations (decision 0090)
    route("messaggi", "routes/dashboard/messages.tsx"),
    route("messaggi/:id", "routes/dashboard/conversation.tsx"),
    // Favourite listings (decision 0092)
    route("preferiti", "routes/dashboard/favourites.tsx"),
    // Saved searches and their alerts (decision 0097)
    route("ricerche", "routes/dashboard/saved-searches.tsx"),
    route("data-export", "routes/dashboard/data-export.ts"),
    route("delete-account", "routes/dashboard/delete-account.tsx"),
  ]),
  route("account-eliminato", "routes/account-deleted.tsx"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      // Articles
      route("articles", "routes/admin/articles/list.tsx"),
      route("articles/new", "routes/admin/articles/new.tsx"),
      route("articles/edit", "routes/admin/articles/edit.tsx"),
      route("article-images", "routes/admin/article-images.ts"),
      // Bulk actions of the lists (decision 0109): one module under each list's address
      route("articles/bulk", "routes/admin/bulk.ts", { id: "routes/admin/bulk-articles" }),
      route("pet-listings/bulk", "routes/admin/bulk.ts", { id: "routes/admin/bulk-listings" }),
      route("contests/bulk", "routes/admin/bulk.ts", { id: "routes/admin/bulk-contests" }),
      route("reports/bulk", "routes/admin/bulk.ts", { id: "routes/admin/bulk-reports" }),
      route("contacts/bulk", "routes/admin/bulk.ts", { id: "routes/admin/bulk-contacts" }),
      // Scheduled publishing
      route("schedule", "routes/admin/schedule.tsx"),
      // Categories and partners
      route("categories", "routes/admin/categories.tsx"),
      route("partners", "routes/admin/partners.tsx"),
      // Users and contact messages
      route("users", "routes/admin/users.tsx"),
      // One person: their activity, suspension and erasure (decision 0110); "users.manage" like the list
      route("users/:id", "routes/admin/user-detail.tsx"),
      route("registro", "routes/admin/registro.tsx"),
      route("registro.csv", "routes/admin/registro-csv.ts"),
      route("contacts", "routes/admin/contacts.tsx"),
      // Contests
      route("contests", "routes/admin/contests.tsx"),
      route("contests/:id/submissions", "routes/admin/contest-submissions.tsx"),
      // Listings, their reports and the breed catalogue
      route("pet-listings", "routes/admin/pet-listings.tsx"),
      route("reports", "routes/admin/reports.tsx"),
      // A reported conversation, read-only, reached from its report only (decision 0091)
      route("reports/:id/conversazione", "routes/admin/report-conversation.tsx"),
      route("breeds", "routes/admin/breeds.tsx"),
      // Ad codes (a full-page form)
      route("adsense", "routes/admin/adsense/list.tsx"),
      route("adsense/new", "routes/admin/adsense/new.tsx"),
      route("adsense/edit", "routes/admin/adsense/edit.tsx"),
      // SEO manager: one route per tab, inside the tabs' layout
      route("seo", "routes/admin/seo/layout.tsx", [
        index("routes/admin/seo/overview.tsx"),
        route("keywords", "routes/admin/seo/keywords.tsx"),
        route("sitemap", "routes/admin/seo/sitemap.tsx"),
        route("redirects", "routes/admin/seo/redirects.tsx"),
        route("meta-tags", "routes/admin/seo/meta-tags.tsx"),
        route("settings", "routes/admin/seo/settings.tsx"),
      ]),
      // AI writing (issue 18): the two screens, the endpoints streaming the server functions'
      // progress, the usage the banner polls, and the statistics' live events
      route("editorial-plan", "routes/admin/editorial-plan.tsx"),
      route("api-stats", "routes/admin/api-stats.tsx"),
      route("api-stats/events", "routes/admin/api-stats.events.ts"),
      route("ai/generate-article", "routes/admin/ai/generate-article.ts"),
      route("ai/regenerate-field", "routes/admin/ai/regenerate-field.ts"),
      route("ai/editorial-plan", "routes/admin/ai/editorial-plan.ts"),
      route("ai/usage", "routes/admin/ai/usage.ts"),
      route("*", "routes/admin/fallback.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
