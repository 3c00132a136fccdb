// What the article form holds, as one comparable string: the editor's "unsaved changes" are the
// difference between this and the snapshot taken when the form showed the saved article.

/** Fields that say where and how to save, not what the article is. */
const NOT_CONTENT = new Set(["intent", "id", "baseUpdatedAt"]);

/** The form's fields in document order; `overrides` replaces a field's value (the editor's own HTML). */
export function snapshotOf(form: HTMLFormElement, overrides: Record<string, string> = {}): string {
  const entries: [string, string][] = [];
  for (const [name, value] of new FormData(form)) {
    if (NOT_CONTENT.has(name)) continue;
    entries.push([name, name in overrides ? overrides[name]! : typeof value === "string" ? value : value.name]);
  }
  return JSON.stringify(entries);
}

const TIME = new Intl.DateTimeFormat("it-IT", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Rome" });

/** "18:42", in Rome, as the save bar says it. */
export function formatTime(value: Date | string | number): string {
  return TIME.format(new Date(value));
}
