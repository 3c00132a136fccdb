// Listings and reports made for the moderation tests (admin-listings, admin-reports), through the
// site's own endpoints, and removed again through the back office's.
import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import { baseUrl } from "./browser";

/** The listing every test publishes: a ferret in Turin, with what the law asks (decision 0085). */
const LISTING_FIELDS = {
  listingType: "free",
  // A legal breed of "other" in the demo catalogue.
  petType: "other",
  breed: "Furetto",
  gender: "female",
  description: "Furetto curioso e socievole, abituato a vivere in casa.",
  city: "Torino",
  region: "Piemonte",
  address: "Via Po 10",
  lat: "45.07",
  lng: "7.69",
  contactName: "Elena Marchi",
  contactPhone: "+39 333 222 1111",
  contactEmail: "elena@example.it",
  acceptPrivacy: "on",
  acceptTerms: "on",
  healthCertificate: "on",
  sellerType: "private",
};

/** Publishes a listing as the signed-in user of `context`, with the photos given (JPEG); returns its id. */
export async function publishListing(context: BrowserContext, title: string, ...photos: Buffer[]): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...LISTING_FIELDS, title })) form.append(name, value);
  photos.forEach((photo, i) => form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `foto${i + 1}.jpg`));
  const response = await context.request.post(`${baseUrl()}/api/pet-listings`, { headers: { origin: baseUrl() }, multipart: form });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Sends a report about a listing as a visitor, through the public form's endpoint. */
export async function reportListing(listingId: string, description: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/report-listing/${listingId}`, {
    method: "POST",
    headers: { origin: baseUrl(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name: "Visitatore Attento", email: "attento-moderazione@example.it", reason: "fraud", description }),
    redirect: "manual",
  });
  expect(response.status).toBeLessThan(400);
}

/** An action of a back-office page, posted as the admin signed in within `context`. */
export async function adminPost(context: BrowserContext, path: string, form: Record<string, string>): Promise<number> {
  const response = await context.request.post(`${baseUrl()}${path}`, { headers: { origin: baseUrl() }, form, maxRedirects: 0 });
  return response.status();
}
