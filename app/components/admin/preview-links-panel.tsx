// "Anteprima condivisibile" in the article editor (decision 0111): make a link to the draft for a
// number of days (the full address shown once, with a copy button), list the links still working,
// revoke one after a confirmation. Posts to the editor's own action (intents preview-create and
// preview-revoke); the page's data brings the list back after each.
import { Copy, Link2 } from "lucide";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { PREVIEW_LINK_DAYS, PREVIEW_LINK_MESSAGES as M } from "~/articles/preview-links";
import { ConfirmDialog } from "~/components/admin/dialog";
import { Icon } from "~/components/icon";
import { useHydrated } from "~/components/use-hydrated";
import { formatDateTimeLong } from "~/lib/format";

export interface PreviewLinkRow {
  id: string;
  createdAt: Date | string;
  expiresAt: Date | string;
  createdByName: string | null;
}

/** What the editor's action answers to the panel's two intents. */
export type PanelAnswer = { intent: string; ok: boolean; error?: string; message?: string; url?: string } | undefined;

export function PreviewLinksPanel({
  articleId,
  status,
  links,
  answer,
}: {
  articleId: string;
  status: string;
  links: readonly PreviewLinkRow[];
  /** the page's own answer, when the panel's form was sent without JavaScript */
  answer?: PanelAnswer;
}) {
  const create = useFetcher<PanelAnswer>();
  const revoke = useFetcher<PanelAnswer>();
  const hydrated = useHydrated();
  const [revoking, setRevoking] = useState<PreviewLinkRow | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const linkField = useRef<HTMLInputElement>(null);
  const created = (create.data ?? answer)?.intent === "preview-create" ? (create.data ?? answer)! : null;
  const revoked = (revoke.data ?? answer)?.intent === "preview-revoke" ? (revoke.data ?? answer)! : null;
  const creating = create.state !== "idle";

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(M.copied);
    } catch {
      linkField.current?.select();
      setCopied(M.copyFailed);
    }
  }

  return (
    <section aria-labelledby="preview-links-title" className="mt-12 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5" data-preview-links>
      <h2 id="preview-links-title" className="flex items-center gap-2 text-xl font-bold text-stone-900">
        <Icon node={Link2} aria-hidden size={20} /> {M.panelTitle}
      </h2>
      {status !== "draft" ? (
        <p className="mt-2 text-stone-700">{status === "published" ? M.published : M.archived}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-700">{M.panelIntro}</p>
          <create.Form method="post" className="mt-4 flex flex-wrap items-end gap-3" onSubmit={() => setCopied(null)}>
            <input type="hidden" name="intent" value="preview-create" />
            <input type="hidden" name="id" value={articleId} />
            <div>
              <label htmlFor="preview-days" className="field-label">
                {M.daysLabel}
              </label>
              <input
                id="preview-days"
                name="days"
                type="number"
                inputMode="numeric"
                min={PREVIEW_LINK_DAYS.min}
                max={PREVIEW_LINK_DAYS.max}
                step={1}
                required
                defaultValue={PREVIEW_LINK_DAYS.default}
                aria-describedby="preview-days-hint"
                aria-invalid={created && !created.ok ? true : undefined}
                className="field-input w-32"
              />
            </div>
            <button type="submit" className="btn-primary" disabled={creating}>
              {M.create}
            </button>
            <p id="preview-days-hint" className="w-full text-sm text-stone-600">
              {M.daysHint}
            </p>
          </create.Form>

          <div aria-live="polite" className="mt-3">
            {created && !creating ? (
              created.ok && created.url ? (
                <div className="rounded-xl border border-green-300 bg-green-50 p-3">
                  <p className="text-sm font-semibold text-green-900">{created.message}</p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <label htmlFor="preview-url" className="sr-only">
                      Link di anteprima
                    </label>
                    <input
                      ref={linkField}
                      id="preview-url"
                      readOnly
                      value={created.url}
                      onFocus={(event) => event.currentTarget.select()}
                      className="field-input min-w-0 flex-1 font-mono text-sm"
                    />
                    {hydrated ? (
                      <button type="button" className="btn-secondary" onClick={() => void copy(created.url!)}>
                        <Icon node={Copy} aria-hidden size={16} /> {M.copy}
                      </button>
                    ) : null}
                  </div>
                  {copied ? <p className="mt-1 text-sm text-green-900">{copied}</p> : null}
                </div>
              ) : (
                <p role="alert" className="text-sm font-semibold text-red-800">
                  {created.error}
                </p>
              )
            ) : null}
            {revoked && revoke.state === "idle" ? (
              <p role={revoked.ok ? undefined : "alert"} className={`text-sm font-semibold ${revoked.ok ? "text-green-800" : "text-red-800"}`}>
                {revoked.ok ? revoked.message : revoked.error}
              </p>
            ) : null}
          </div>
        </>
      )}

      <h3 className="mt-5 font-semibold text-stone-900">{M.activeTitle}</h3>
      {links.length === 0 ? (
        <p className="mt-1 text-sm text-stone-700">{M.none}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-200 rounded-xl border border-stone-200" aria-label={M.activeTitle}>
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
              <p className="min-w-0 flex-1 text-sm text-stone-800">
                Scade il {formatDateTimeLong(link.expiresAt)}
                <span className="block text-stone-600">
                  Creato il {formatDateTimeLong(link.createdAt)}
                  {link.createdByName ? ` da ${link.createdByName}` : ""}
                </span>
              </p>
              <revoke.Form
                method="post"
                onSubmit={(event) => {
                  // With JavaScript the confirmation asks first; without, the form revokes at once.
                  event.preventDefault();
                  setRevoking(link);
                }}
              >
                <input type="hidden" name="intent" value="preview-revoke" />
                <input type="hidden" name="id" value={articleId} />
                <input type="hidden" name="linkId" value={link.id} />
                <button
                  type="submit"
                  className="btn-secondary text-red-800"
                  disabled={revoke.state !== "idle"}
                  aria-label={`${M.revoke} il link che scade il ${formatDateTimeLong(link.expiresAt)}`}
                >
                  {M.revoke}
                </button>
              </revoke.Form>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        question={revoking ? M.revokeQuestion(formatDateTimeLong(revoking.expiresAt)) : ""}
        confirmLabel={M.revoke}
        destructive
        busy={revoke.state !== "idle"}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) void revoke.submit({ intent: "preview-revoke", id: articleId, linkId: revoking.id }, { method: "post" });
          setRevoking(null);
        }}
      />
    </section>
  );
}
