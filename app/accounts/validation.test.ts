import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords";
import { ACCOUNT_MESSAGES as M } from "./messages";
import { firstError, newPasswordSchema, signInSchema, signUpSchema } from "./validation";

const valid = {
  fullName: "Giulia Rossi",
  email: "Giulia.Rossi@Example.it ",
  password: "Micio-e-Fido",
  acceptPrivacy: "on",
  acceptTerms: "on",
};

function errorOf(result: { success: boolean; error?: unknown }) {
  expect(result.success).toBe(false);
  return firstError((result as { error: Parameters<typeof firstError>[0] }).error);
}

describe("sign-up schema", () => {
  it("accepts a complete form and normalises the e-mail", () => {
    const parsed = signUpSchema.parse(valid);
    expect(parsed.email).toBe("giulia.rossi@example.it");
    expect(parsed.acceptPrivacy && parsed.acceptTerms).toBe(true);
  });

  it("requires both checkboxes with the spec's exact message", () => {
    expect(errorOf(signUpSchema.safeParse({ ...valid, acceptTerms: undefined }))).toBe(
      "Devi accettare la Privacy Policy e i Termini e Condizioni per registrarti",
    );
    expect(errorOf(signUpSchema.safeParse({ ...valid, acceptPrivacy: undefined }))).toBe(M.mustAcceptTerms);
  });

  it("rejects missing or malformed fields with Italian messages", () => {
    expect(errorOf(signUpSchema.safeParse({ ...valid, fullName: "  " }))).toBe(M.fullNameRequired);
    expect(errorOf(signUpSchema.safeParse({ ...valid, email: "" }))).toBe(M.emailRequired);
    expect(errorOf(signUpSchema.safeParse({ ...valid, email: "giulia@" }))).toBe(M.emailInvalid);
    expect(errorOf(signUpSchema.safeParse({ ...valid, password: "abc" }))).toBe(M.passwordTooShort);
    expect(errorOf(signUpSchema.safeParse({ ...valid, password: "x".repeat(129) }))).toBe(M.passwordTooLong);
    expect(errorOf(signUpSchema.safeParse({ ...valid, password: "qwerty123" }))).toBe(M.passwordTooCommon);
  });

  it("checks the sign-in fields", () => {
    expect(signInSchema.safeParse({ email: "a@b.it", password: "x" }).success).toBe(true);
    expect(errorOf(signInSchema.safeParse({ email: "a@b.it", password: "" }))).toBe(M.passwordRequired);
    expect(errorOf(signInSchema.safeParse({ email: "nope", password: "x" }))).toBe(M.emailInvalid);
  });
});

describe("password rule (DESIGN [8])", () => {
  it("needs at least 6 characters", () => {
    expect(newPasswordSchema.safeParse("Zampa").success).toBe(false);
    expect(newPasswordSchema.safeParse("Zampa!").success).toBe(true);
  });

  it("refuses the most common passwords, whatever the case", () => {
    expect(isCommonPassword("123456")).toBe(true);
    expect(isCommonPassword("PASSWORD")).toBe(true);
    expect(isCommonPassword("juventus")).toBe(true);
    expect(isCommonPassword("Gatto-sul-tetto-7")).toBe(false);
  });
});
