import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("articles", "routes/articles.tsx"),
  route("article/:slug", "routes/article.tsx"),
  route("article/:slug/view", "routes/article-view.ts"),
  route("categories", "routes/categories.tsx"),
  route("category/:slug", "routes/category.tsx"),
  route("contact", "routes/contact.tsx"),
  route("about", "routes/pages/about.tsx"),
  route("privacy", "routes/pages/privacy.tsx"),
  route("terms", "routes/pages/terms.tsx"),
  route("legal-pets-info", "routes/pages/legal-pets-info.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("api/ads", "routes/api.ads.ts"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  route("healthz", "routes/healthz.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("uploads/*", "routes/uploads.ts"),
  route("dashboard", "routes/dashboard/layout.tsx", [index("routes/dashboard/index.tsx")]),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [index("routes/admin/index.tsx"), route("*", "routes/admin/fallback.tsx")]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
