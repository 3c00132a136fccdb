import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords";
import { ACCOUNT_MESSAGES as M } from "./messages";
import { profileSchema } from "./profile-validation";
import { firstError, fullNameSchema, newPasswordSchema, normalizeName, signInSchema, signUpConsentSchema, signUpSchema } from "./validation";

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

describe("full name (one rule for the forms and better-auth's endpoints)", () => {
  it("stores the name in NFC, on one line, with single spaces and no spaces at the ends", () => {
    expect(fullNameSchema.parse("  Giulia   Rossi ")).toBe("Giulia Rossi");
    // "e" + combining acute accent becomes the one character "é".
    expect(fullNameSchema.parse("Jose\u0301 Nicco\u0300")).toBe("José Niccò");
    expect(fullNameSchema.parse("Giulia\r\nBcc: tutti@example.it")).toBe("Giulia Bcc: tutti@example.it");
    expect(fullNameSchema.parse("Giulia\tRossi\u2028")).toBe("Giulia Rossi");
  });

  it("removes invisible and direction-changing characters from a name that has letters", () => {
    expect(normalizeName("Giu\u200Blia\u200D \uFEFFRossi\u00AD")).toBe("Giulia Rossi");
    expect(fullNameSchema.parse("\u202EissoR ailuiG\u202C")).toBe("issoR ailuiG");
    expect(fullNameSchema.parse("\u2067Giulia\u2069 Rossi")).toBe("Giulia Rossi");
    expect(fullNameSchema.parse("Ἀλέξανδρος 李 Müller-Lüdenscheidt")).toBe("Ἀλέξανδρος 李 Müller-Lüdenscheidt");
  });

  it("refuses a name made only of invisible, direction or blank characters", () => {
    const invisible = [
      "",
      "   ",
      "\u200B\u200C\u200D",
      "\uFEFF",
      "\u202A\u202B\u202C\u202D\u202E",
      "\u2066\u2067\u2068\u2069",
      "\u2060\u00AD\u034F",
      "\u3164\u115F\u1160\uFFA0",
      "\u2800 \u3000\u00A0",
      "\r\n\t",
      "12345 ---",
    ];
    for (const name of invisible) expect(errorOf(fullNameSchema.safeParse(name)), JSON.stringify(name)).toBe(M.fullNameRequired);
    expect(errorOf(fullNameSchema.safeParse(undefined))).toBe(M.fullNameRequired);
    expect(errorOf(fullNameSchema.safeParse(42))).toBe(M.fullNameRequired);
  });

  it("allows 100 characters and refuses more, counted after normalising, even a huge one", () => {
    expect(fullNameSchema.parse("a".repeat(100))).toHaveLength(100);
    expect(fullNameSchema.parse(` ${"a".repeat(100)}\u200B\u200B `)).toHaveLength(100);
    expect(errorOf(fullNameSchema.safeParse("a".repeat(101)))).toBe(M.fullNameTooLong);
    expect(errorOf(fullNameSchema.safeParse("a".repeat(900_000)))).toBe(M.fullNameTooLong);
    expect(M.fullNameTooLong).toBe("Il nome completo può contenere al massimo 100 caratteri");
  });

  it("is the rule of the sign-up and the profile forms", () => {
    expect(signUpSchema.parse({ ...valid, fullName: " Giulia\u200B  Rossi " }).fullName).toBe("Giulia Rossi");
    expect(errorOf(signUpSchema.safeParse({ ...valid, fullName: "\u200B\u202E" }))).toBe(M.fullNameRequired);
    expect(errorOf(signUpSchema.safeParse({ ...valid, fullName: "x".repeat(101) }))).toBe(M.fullNameTooLong);
    expect(profileSchema.parse({ fullName: "Giulia\u2066 Rossi", email: "g@example.it" }).fullName).toBe("Giulia Rossi");
    expect(errorOf(profileSchema.safeParse({ fullName: "\uFEFF\u200B", email: "g@example.it" }))).toBe(M.fullNameRequired);
  });
});

describe("sign-up consent (shared with better-auth's hook)", () => {
  it("needs both boxes ticked", () => {
    expect(signUpConsentSchema.safeParse({ acceptPrivacy: true, acceptTerms: "on" }).success).toBe(true);
    for (const consent of [{}, { acceptPrivacy: true }, { acceptTerms: "on" }, { acceptPrivacy: "off", acceptTerms: "no" }, { acceptPrivacy: 1, acceptTerms: 1 }]) {
      expect(errorOf(signUpConsentSchema.safeParse(consent))).toBe(M.mustAcceptTerms);
    }
  });
});
