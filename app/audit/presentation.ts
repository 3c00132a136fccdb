// How a recorded change reads on /admin/registro and in its CSV (decision 0108): the field's Italian
// name where it has one (else the field as stored), and each value as a short text.

const FIELD_LABELS: Record<string, string> = {
  title: "Titolo",
  slug: "Indirizzo (slug)",
  excerpt: "Riassunto",
  content: "Testo",
  featuredImage: "Immagine in evidenza",
  categoryId: "Categoria (id)",
  status: "Stato",
  publishedAt: "Pubblicato il",
  metaTitle: "Meta title",
  metaDescription: "Meta description",
  isScheduled: "Programmato",
  scheduledPublishDate: "Data di pubblicazione programmata",
  role: "Ruolo",
  name: "Nome",
  email: "Email",
  subject: "Oggetto",
  description: "Descrizione",
  icon: "Icona",
  keyword: "Parola chiave",
  searchVolume: "Volume di ricerca",
  difficulty: "Difficoltà",
  notes: "Note",
  fromPath: "Da",
  toPath: "A",
  redirectType: "Tipo di redirect",
  isActive: "Attivo",
  logoUrl: "Logo",
  websiteUrl: "Sito web",
  displayOrder: "Ordine",
  htmlCode: "Codice HTML",
  placementType: "Posizione",
  pageType: "Pagina",
  priority: "Priorità",
  suspensionRule: "Regola violata",
  suspensionReason: "Motivo della sospensione",
  appealStatus: "Contestazione",
  adminNote: "Nota della redazione",
  adminNotes: "Note della redazione",
  reason: "Motivo",
  reporterName: "Chi ha segnalato",
  reporterEmail: "Email di chi ha segnalato",
  petType: "Tipo di animale",
  breedName: "Razza",
  breedNameEn: "Nome inglese",
  scientificName: "Nome scientifico",
  isLegal: "Ammessa",
  requiresLicense: "Richiede licenza",
  requiresCites: "Richiede CITES",
  requiresMicrochip: "Richiede microchip",
  siteName: "Nome del sito",
  siteDescription: "Descrizione del sito",
  defaultOgImage: "Immagine di condivisione",
  googleAnalyticsId: "Google Analytics",
  googleSearchConsoleCode: "Google Search Console",
  facebookPixelId: "Facebook Pixel",
  robotsTxt: "robots.txt",
  entries: "Partecipazioni",
  startDate: "Inizio",
  endDate: "Fine",
};

export function auditFieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** A value as text: none is "—", yes/no in Italian, anything else as it was stored. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (value === true) return "sì";
  if (value === false) return "no";
  if (typeof value === "string" || typeof value === "number") return String(value);
  return JSON.stringify(value);
}
