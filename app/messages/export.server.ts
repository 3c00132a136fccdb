// The person's conversations in their GDPR export (decision 0091, beside decision 0061): each with
// the listing's title, the other person's first name, and every message with who sent it and when.
// The other person's messages are part of what was said to this person; of the other person only
// the first name is given, as on the site.
import { sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";
import { firstName } from "./notification-mail.server";

export const EXPORT_LABELS = {
  me: "io",
  erasedUser: "utente eliminato",
  owner: "inserzionista",
  asker: "interessato",
} as const;

interface Row extends Record<string, unknown> {
  id: string;
  listing_title: string;
  listing_deleted_at: Date | string | null;
  created_at: Date | string;
  i_am_owner: boolean;
  other_id: string | null;
  other_name: string | null;
}

interface MessageRow extends Record<string, unknown> {
  conversation_id: string;
  sender_id: string;
  body: string;
  created_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export async function exportConversations(userId: string) {
  const conversations = await queryRows<Row>(sql`
    select c.id, c.listing_title, c.listing_deleted_at, c.created_at, c.owner_id = ${userId} as i_am_owner,
           other.id as other_id, other.full_name as other_name
    from conversations c
    left join profiles other on other.id = case when c.owner_id = ${userId} then c.asker_id else c.owner_id end
    where c.owner_id = ${userId} or c.asker_id = ${userId}
    order by c.created_at, c.id
  `);
  if (conversations.length === 0) return [];
  const ids = conversations.map((c) => c.id);
  const messages = await queryRows<MessageRow>(sql`
    select conversation_id, sender_id, body, created_at from conversation_messages
    where conversation_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by created_at, id
  `);
  return conversations.map((c) => {
    const other = c.other_id ? firstName(c.other_name) || EXPORT_LABELS.erasedUser : EXPORT_LABELS.erasedUser;
    return {
      listingTitle: c.listing_title,
      listingDeletedAt: c.listing_deleted_at ? iso(c.listing_deleted_at) : null,
      myRole: c.i_am_owner ? EXPORT_LABELS.owner : EXPORT_LABELS.asker,
      otherPerson: other,
      startedAt: iso(c.created_at),
      messages: messages
        .filter((m) => m.conversation_id === c.id)
        .map((m) => ({ from: m.sender_id === userId ? EXPORT_LABELS.me : other, sentAt: iso(m.created_at), text: m.body })),
    };
  });
}
