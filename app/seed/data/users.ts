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
