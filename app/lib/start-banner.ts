// The block printed last when the server starts (decision 0099): the address to open, how to sign
// in to the demo, where the e-mails go. Built by the process that started the app
// (app/startup.server.ts); printed by it, or by the cluster's primary once every worker is ready
// (server/primary.ts), which is why it has no imports.

export interface StartBanner {
  url: string;
  /** The demo administrator, when the demo password still opens that account. */
  demoAdmin?: { email: string; password: string };
  /** A demo user, when the demo password still opens that account (the other demo users share it). */
  demoUser?: { email: string; password: string };
  /** ADMIN_EMAIL's administrator (its password is ADMIN_PASSWORD: not printed). */
  admin?: string;
  /** The outbox folder and the command that lists it, or the SMTP server (host and port, never its credentials). */
  mail: { outbox: string; command: string } | { smtp: string };
}

/**
 * The cluster's message from a worker to its primary: this worker listens and has written out its
 * lines; its banner (none when it could not be read).
 */
export const START_BANNER_MESSAGE = "zampa:start-banner";

export function isStartBannerMessage(message: unknown): message is { type: typeof START_BANNER_MESSAGE; banner?: StartBanner } {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === START_BANNER_MESSAGE;
}

export function bannerLines(banner: StartBanner): string[] {
  const lines = [`Zampa è pronto: apri ${banner.url}`, ""];
  if (banner.admin) lines.push(`Amministratore: ${banner.admin} (la password di ADMIN_PASSWORD)`);
  if (banner.demoAdmin) lines.push(`Amministratore demo: ${banner.demoAdmin.email} / ${banner.demoAdmin.password}`);
  if (banner.demoUser) lines.push(`Utente demo: ${banner.demoUser.email} / ${banner.demoUser.password} (come gli altri utenti demo)`);
  if ("outbox" in banner.mail) {
    lines.push(`E-mail: scritte in ${banner.mail.outbox}/`, `Le ultime, con i link: ${banner.mail.command}`);
  } else {
    lines.push(`E-mail: inviate via SMTP a ${banner.mail.smtp}`);
  }
  return lines;
}

/** The banner for a terminal: a blank line, then the lines in a frame, then a blank line. */
export function bannerBlock(banner: StartBanner): string {
  const lines = bannerLines(banner);
  const width = Math.max(...lines.map((line) => [...line].length));
  const rule = "─".repeat(width + 2);
  const body = lines.map((line) => `│ ${line}${" ".repeat(width - [...line].length)} │`);
  return ["", `┌${rule}┐`, ...body, `└${rule}┘`, "", ""].join("\n");
}

/** The banner as one log record's fields, for JSON output (its message: the first line). */
export function bannerFields(banner: StartBanner): Record<string, unknown> {
  return {
    url: banner.url,
    ...(banner.admin ? { admin: banner.admin } : {}),
    ...(banner.demoAdmin ? { demoAdmin: `${banner.demoAdmin.email} / ${banner.demoAdmin.password}` } : {}),
    ...(banner.demoUser ? { demoUser: `${banner.demoUser.email} / ${banner.demoUser.password}` } : {}),
    ...("outbox" in banner.mail ? { outbox: banner.mail.outbox } : banner.mail),
  };
}

/** The SMTP server of an SMTP_URL, without user and password: `smtp.example.it:465`. */
export function smtpServer(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return url.port ? `${url.hostname}:${url.port}` : url.hostname;
  } catch {
    return "(SMTP_URL non leggibile)";
  }
}
