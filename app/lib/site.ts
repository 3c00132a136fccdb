// Site-wide navigation and links, defined once for the header, the mobile menu and the footer.
export const SITE_NAME = "Zampa";
export const SITE_TAGLINE = "Il portale italiano per chi ama gli animali";
/** Default site description (SEO settings form default). */
export const SITE_DESCRIPTION =
  "Zampa è il portale italiano per chi ama gli animali: consigli di cura, annunci di adozione e concorsi fotografici.";

export const MAIN_NAV = [
  { to: "/", label: "Home" },
  { to: "/articles", label: "Articoli" },
  { to: "/categories", label: "Categorie" },
  { to: "/contests", label: "Concorsi" },
  { to: "/pet-listings", label: "Adozioni" },
  { to: "/about", label: "Chi Siamo" },
] as const;

export const FOOTER_CATEGORIES = [
  { to: "/category/cani", label: "Cani" },
  { to: "/category/gatti", label: "Gatti" },
  { to: "/category/uccelli", label: "Uccelli" },
  { to: "/category/pesci", label: "Pesci" },
  { to: "/category/salute", label: "Salute" },
] as const;

export const FOOTER_INFO = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Termini e Condizioni" },
  { to: "/legal-pets-info", label: "Animali legali in Italia" },
  { to: "/contact", label: "Contatti" },
] as const;

export const SOCIAL_PLACEHOLDERS = ["Facebook", "Instagram", "YouTube"] as const;
