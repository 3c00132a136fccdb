// /admin/users: the Italian texts and the input rules of the users' screen, shared by the page and
// the server (client-safe: no server code here).
import { z } from "zod";
import { sortFields, type ListSort } from "~/lib/list-sort";
import { ROLES } from "~/lib/enums";

export type { Role } from "./permissions";
import type { Role } from "./permissions";

/** Accounts per page of /admin/users. */
export const USERS_PAGE_SIZE = 20;
/** A search longer than this is cut: no name or e-mail address is longer. */
export const USER_SEARCH_MAX_LENGTH = 100;
/**
 * A search counts its matches up to this many: past it the list says "more than" (a search that
 * matches most of 100,000 accounts is not worth counting exactly) and pages that far.
 */
export const USER_MATCHES_COUNTED = 1000;

export const USER_ADMIN_MESSAGES = {
  // Spec section 8, word for word.
  roleError: "Errore durante l'aggiornamento del ruolo",
  // Ours.
  lastAdmin: "Non puoi togliere il ruolo di amministratore all'ultimo amministratore: deve restarne almeno uno",
  invalidRole: "Ruolo non valido",
  notFound: "Utente non trovato",
  suspendedNotStaff: "L'account è sospeso: riattivalo prima di dargli un ruolo della redazione",
  roleUpdated: (role: Role) => `Ruolo aggiornato: ${ROLES.labels[role]}`,
  unchanged: (role: Role) => `L'utente ha già il ruolo ${ROLES.labels[role]}`,
} as const;

/**
 * The confirmation the spec writes as 'Vuoi cambiare il ruolo di questo utente a {role}?', with
 * {role} the target role's value as stored (admin, user), as the spec's template does (decision 0048).
 */
export function roleChangeQuestion(role: Role): string {
  return `Vuoi cambiare il ruolo di questo utente a ${role}?`;
}

const M = USER_ADMIN_MESSAGES;

/** The orders of /admin/users: by sign-up date (newest first unless asked) or by name. */
export const USER_SORT_KEYS = ["created", "name"] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];
export const USER_DEFAULT_SORT: ListSort<UserSortKey> = { key: "created", direction: "desc" };

/** The query of /admin/users: a search (cut to its maximum), an optional role filter, the order and the page. */
export const userListQuerySchema = z.object({
  ...sortFields(USER_SORT_KEYS, USER_DEFAULT_SORT),
  q: z
    .string()
    .catch("")
    .transform((q) => q.trim().slice(0, USER_SEARCH_MAX_LENGTH)),
  role: z.enum(ROLES.values).optional().catch(undefined),
  /** "suspended": only the accounts an administrator suspended (decision 0110) */
  status: z.enum(["suspended"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1),
});

export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** The role-change form: the account and the role it is given. */
export const roleChangeSchema = z.object({
  id: z.string({ error: M.notFound }),
  role: z.enum(ROLES.values, { error: M.invalidRole }),
});
