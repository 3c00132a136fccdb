import { describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, MAX_LISTING_IMAGES } from "../app/images/limits";
import { bodyLimitFor, CONTEST_BODY_LIMIT, DEFAULT_BODY_LIMIT, UPLOAD_BODY_LIMIT } from "./body-limits";

describe("body limits", () => {
  it("leave room for the most photos a listing may carry, and no more than a little over", () => {
    expect(UPLOAD_BODY_LIMIT).toBeGreaterThan(MAX_LISTING_IMAGES * MAX_IMAGE_BYTES);
    expect(UPLOAD_BODY_LIMIT).toBeLessThan((MAX_LISTING_IMAGES + 1) * MAX_IMAGE_BYTES);
  });

  it("apply the upload limit only to the listing upload paths", () => {
    expect(bodyLimitFor("/create-pet-listing")).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("/api/pet-listings")).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("/contact")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/api/pet-listings/map")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/contests/3f0f8a5e-1111-4222-8333-944455556666")).toBe(CONTEST_BODY_LIMIT);
    expect(bodyLimitFor("/contests")).toBe(DEFAULT_BODY_LIMIT);
  });
});
