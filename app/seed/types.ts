import type { Role } from "~/accounts/permissions";
// Shapes of the Italian demo content loaded on an empty database (see app/seed/seed.server.ts).
// Data files in ./data hold only plain values; ids, hashing and image processing happen at seed time.

/** Names of the SVG illustrations in ./images (file `${name}.svg`). */
export const ILLUSTRATIONS = [
  "dog-portrait",
  "dog-park",
  "puppy",
  "dog-training",
  "cat-portrait",
  "cat-window",
  "kitten",
  "cat-play",
  "parrot",
  "canary",
  "budgie",
  "goldfish",
  "aquarium",
  "rabbit",
  "hamster",
  "guinea-pig",
  "turtle",
  "lizard",
  "vet-visit",
  "pet-food",
  "pet-home",
  "hero",
] as const;
export type Illustration = (typeof ILLUSTRATIONS)[number];

export type PetType = "dog" | "cat" | "bird" | "rabbit" | "rodent" | "fish" | "reptile" | "other";

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  /** one of: graduation-cap, utensils, dog, cat, fish, rabbit, bird, stethoscope, heart, home, heart-pulse, shopping-bag, activity */
  icon: string;
}

export interface SeedArticle {
  slug: string;
  title: string;
  /** at most 200 characters */
  excerpt: string;
  categorySlug: string;
  /** HTML: <h2>, <h3>, <p>, <ul>/<ol>/<li>, <strong>, <em>, <blockquote>; 600+ words */
  content: string;
  metaTitle: string;
  /** at most 160 characters */
  metaDescription: string;
  image: Illustration;
  /** published this many days before the seeding day */
  daysAgo: number;
  views: number;
}

export interface SeedUser {
  email: string;
  fullName: string;
  password: string;
  role: Role;
}

export interface SeedPartner {
  name: string;
  description: string;
  websiteUrl: string;
  /** logo is drawn at seed time from the partner's initials and this colour */
  color: string;
  displayOrder: number;
  isActive: boolean;
}

export interface SeedBreed {
  petType: PetType;
  breedName: string;
  breedNameEn: string | null;
  scientificName: string | null;
  isLegal: boolean;
  requiresCites: boolean;
  requiresLicense: boolean;
  requiresMicrochip: boolean;
  notes: string | null;
}

export interface SeedListing {
  ownerEmail: string;
  title: string;
  description: string;
  petType: PetType;
  breed: string | null;
  age: string | null;
  gender: "male" | "female";
  listingType: "adoption" | "sale" | "free";
  /** 0 unless listingType is sale */
  price: number;
  address: string;
  city: string;
  region: string;
  lat: number;
  lng: number;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  /** "Solo messaggi": phone and e-mail never revealed (decision 0089) */
  messagesOnly?: boolean;
  images: Illustration[];
  availability: "available" | "pending" | "adopted";
  daysAgo: number;
  /** 15 digits beginning with 380: dogs, cats and breeds the catalogue marks for a microchip (decision 0085) */
  identificationCode: string | null;
  /** dogs and cats: born in the month this many months before the seeding day (month-only, over 60 days) */
  birthMonthsAgo: number | null;
  /** a dog or cat of a named breed for sale: whether it has a pedigree */
  pedigree: boolean | null;
}

export interface SeedContestEntry {
  userEmail: string;
  title: string;
  description: string | null;
  petName: string;
  /** Italian label as chosen in the entry form: Cane, Gatto, Coniglio, Uccello, Pesce, Altro */
  petType: "Cane" | "Gatto" | "Coniglio" | "Uccello" | "Pesce" | "Altro";
  image: Illustration;
  status: "pending" | "approved" | "rejected";
  /** e-mails of the demo users who voted (never the entry's own author) */
  voterEmails: string[];
}

export interface SeedContest {
  title: string;
  description: string;
  prizeDescription: string;
  rules: string;
  /** days relative to the seeding day (negative = in the past) */
  startOffsetDays: number;
  endOffsetDays: number;
  status: "draft" | "active" | "ended";
  maxSubmissionsPerUser: number;
  entries: SeedContestEntry[];
}
