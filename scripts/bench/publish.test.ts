import { describe, expect, it } from "vitest";
import { DEMO_USER, legalFields, listingForm } from "./publish.ts";

describe("the listing form", () => {
  it("posts what the law asks of a dog's listing: a 15-digit code, a birth date a year back, a private seller", () => {
    const fields = legalFields();
    expect(fields.identificationCode).toMatch(/^380\d{12}$/);
    expect(fields.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Date.now() - Date.parse(fields.birthDate!)).toBeGreaterThan(364 * 86_400_000);
    expect(fields).toMatchObject({ healthCertificate: "on", sellerType: "private" });
  });

  it("is a dog for adoption in Rome unless told otherwise, with its photos as JPEG files", () => {
    const form = listingForm({ title: "Bench: Luna", petType: "cat" }, [Buffer.from([0xff, 0xd8, 0xff]), Buffer.from([0xff, 0xd8])]);
    expect(form.get("title")).toBe("Bench: Luna");
    expect(form.get("petType")).toBe("cat");
    expect(form.get("listingType")).toBe("adoption");
    expect(form.get("city")).toBe("Roma");
    expect(form.get("contactEmail")).toBe(DEMO_USER.email);
    expect(form.get("submissionId")).toMatch(/^[0-9a-f-]{36}$/);
    const images = form.getAll("images") as File[];
    expect(images.map((f) => [f.name, f.type, f.size])).toEqual([
      ["foto-1.jpg", "image/jpeg", 3],
      ["foto-2.jpg", "image/jpeg", 2],
    ]);
  });
});
