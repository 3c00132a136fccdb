import type { SeedUser } from "../types";

/** Shared password of all demo accounts (demo content only). */
export const DEMO_PASSWORD = "ZampaDemo2026!";

export const demoUsers: SeedUser[] = [
  { email: "giulia.rossi@zampa.test", fullName: "Giulia Rossi", password: DEMO_PASSWORD, role: "user" },
  { email: "marco.bianchi@zampa.test", fullName: "Marco Bianchi", password: DEMO_PASSWORD, role: "user" },
  { email: "francesca.esposito@zampa.test", fullName: "Francesca Esposito", password: DEMO_PASSWORD, role: "user" },
  { email: "luca.ferrari@zampa.test", fullName: "Luca Ferrari", password: DEMO_PASSWORD, role: "user" },
  { email: "chiara.romano@zampa.test", fullName: "Chiara Romano", password: DEMO_PASSWORD, role: "user" },
  { email: "alessandro.colombo@zampa.test", fullName: "Alessandro Colombo", password: DEMO_PASSWORD, role: "user" },
];

/** The editorial team of the demo: one editor and one moderator (decision 0107), same password. */
export const DEMO_STAFF: SeedUser[] = [
  { email: "redazione@zampa.test", fullName: "Elena Conti", password: DEMO_PASSWORD, role: "editor" },
  { email: "moderazione@zampa.test", fullName: "Paolo Moretti", password: DEMO_PASSWORD, role: "moderator" },
];
