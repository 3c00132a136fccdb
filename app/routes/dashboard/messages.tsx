// /dashboard/messaggi: the account's conversations, the latest message first (decision 0090).
import { ListingThumb } from "~/components/listings/listing-thumb";
import { DashboardHeading } from "~/components/dashboard-heading";
import type { Route } from "./+types/messages";
import { requireUser } from "~/accounts/session.server";
import { Pagination } from "~/components/pagination";
import { PlainLink } from "~/components/plain-link";
import { readQuery } from "~/lib/form.server";
import { formatDateTimeLong, formatNumber, isoDate } from "~/lib/format";
import { pageParam, redirectPastLastPage } from "~/lib/paging";
import { inboxPage } from "~/messages/conversations.server";
import { useLiveMessages } from "~/messages/use-live-messages";
import { MESSAGE_TEXTS as M } from "~/messages/messages";

export const meta = () => [{ title: "Messaggi — Zampa" }, { name: "robots", content: "noindex" }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const query = readQuery(request);
  const inbox = await inboxPage(user.id, pageParam(query));
  redirectPastLastPage(url, inbox.page, inbox.pageCount);
  return { ...inbox, search: query.toString() };
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  // New messages and read counts arrive without a reload (decision 0091); the root loader, hence the header, reloads too.
  useLiveMessages();
  const { items, page, pageCount, search } = loaderData;
  return (
    <>
      <DashboardHeading title={"Messaggi"} />
      {items.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-stone-200 bg-white p-6 text-stone-700">{M.inboxEmpty}</p>
      ) : (
        <ul className="mt-6 space-y-3" aria-label="Conversazioni">
          {items.map((item) => (
            <li key={item.id} className="relative flex gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm hover:shadow-md sm:gap-4 sm:p-4">
              <ListingThumb photo={item.photo} />
              <div className="min-w-0 flex-1">
                <h2 className="font-bold text-stone-900">
                  <PlainLink to={`/dashboard/messaggi/${item.id}`} className="break-words after:absolute after:inset-0 hover:text-brand-800">
                    {item.listingTitle}
                  </PlainLink>
                </h2>
                {item.listingGone ? <p className="text-sm font-medium text-amber-900">{M.listingGone}</p> : null}
                <p className="text-sm text-stone-700">
                  Con <span className="font-semibold">{item.otherName}</span> ·{" "}
                  <time dateTime={isoDate(item.lastMessageAt)}>{formatDateTimeLong(item.lastMessageAt)}</time>
                </p>
                <p className="mt-1 truncate text-sm text-stone-800">
                  {item.lastExcerpt === null ? M.noMessages : `${item.lastMine ? "Tu: " : ""}${item.lastExcerpt}`}
                </p>
              </div>
              {item.unread > 0 ? (
                <span className="self-start rounded-full bg-brand-700 px-2.5 py-0.5 text-sm font-bold text-white">
                  {formatNumber(item.unread)}
                  <span className="sr-only"> {item.unread === 1 ? "messaggio non letto" : "messaggi non letti"}</span>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} search={new URLSearchParams(search)} label="Pagine dei messaggi" />
    </>
  );
}
