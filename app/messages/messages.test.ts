import { describe, expect, it } from "vitest";
import { DELETED_USER, excerpt, firstName, MESSAGE_LIMITS, MESSAGE_TEXTS as M, messageBodySchema, unreadLabel } from "./messages";

describe("the conversations' texts", () => {
  it("shows only the first name, and 'utente eliminato' for an erased account", () => {
    expect(firstName("Mario Rossi")).toBe("Mario");
    expect(firstName("  Anna   Maria Verdi ")).toBe("Anna");
    expect(firstName("")).toBe("Utente");
    expect(firstName(null)).toBe(DELETED_USER);
  });

  it("cuts a long excerpt at a word, on one line", () => {
    expect(excerpt("Ciao,\n\ncome stai?")).toBe("Ciao, come stai?");
    const long = excerpt("parola ".repeat(100));
    expect(long.length).toBeLessThanOrEqual(MESSAGE_LIMITS.excerpt + 1);
    expect(long).toMatch(/parola…$/);
  });

  it("names the header's link with the count", () => {
    expect(unreadLabel(0)).toBe("Messaggi, nessuno non letto");
    expect(unreadLabel(1)).toBe("Messaggi, 1 non letto");
    expect(unreadLabel(3)).toBe("Messaggi, 3 non letti");
  });

  it("stores a message's text trimmed, its lines kept, within the limit", () => {
    expect(messageBodySchema.parse("  Ciao\r\nA sabato  ")).toBe("Ciao\nA sabato");
    expect(messageBodySchema.safeParse("  \n ").error?.issues[0]?.message).toBe(M.bodyRequired);
    expect(messageBodySchema.safeParse(undefined).error?.issues[0]?.message).toBe(M.bodyRequired);
    expect(messageBodySchema.safeParse("x".repeat(MESSAGE_LIMITS.body + 1)).error?.issues[0]?.message).toBe(M.bodyTooLong);
    // Spaces around a text of the limit's length do not count.
    expect(messageBodySchema.parse(` ${"x".repeat(MESSAGE_LIMITS.body)} `)).toHaveLength(MESSAGE_LIMITS.body);
  });
});
