import { describe, expect, it } from "vitest";
import { bannerFields, bannerLines, isStartBannerMessage, smtpServer, START_BANNER_MESSAGE } from "./start-banner";

describe("the start banner", () => {
  it("names ADMIN_EMAIL's administrator and the SMTP server, never a password", () => {
    const banner = { url: "https://zampa.example.it", admin: "redazione@zampa.example.it", mail: { smtp: smtpServer("smtps://posta:segreta@smtp.example.it:465") } };
    expect(bannerLines(banner)).toEqual([
      "Zampa è pronto: apri https://zampa.example.it",
      "",
      "Amministratore: redazione@zampa.example.it (la password di ADMIN_PASSWORD)",
      "E-mail: inviate via SMTP a smtp.example.it:465",
    ]);
    expect(JSON.stringify(bannerFields(banner))).not.toContain("segreta");
    expect(bannerFields(banner)).toEqual({ url: banner.url, admin: banner.admin, smtp: "smtp.example.it:465" });
    expect(smtpServer("smtp://smtp.example.it")).toBe("smtp.example.it");
    expect(smtpServer("non un indirizzo")).toBe("(SMTP_URL non leggibile)");
  });

  it("is told by a worker to the primary in a message of its own", () => {
    expect(isStartBannerMessage({ type: START_BANNER_MESSAGE })).toBe(true);
    expect(isStartBannerMessage({ type: "zampa:metrics-request", id: 1 })).toBe(false);
    expect(isStartBannerMessage(null)).toBe(false);
  });
});
