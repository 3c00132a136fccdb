// What each role may do in the back office (decision 0107): the permissions as typed strings, the
// roles as sets of them. The gate (app/admin/gate.server.ts) asks for the permission of the area a
// request is for; domain functions ask for theirs with refuseWithout (app/admin/access.server.ts);
// the sidebar and the dashboard show only what the person may use. Nothing else looks at a role's
// name to decide a right. Client-safe.
import { type ROLES } from "~/lib/enums";

export type Role = (typeof ROLES.values)[number];

/** Every permission, with what it opens (shown on /admin/users beside a role). */
export const PERMISSIONS = {
  "backoffice.enter": "Entrare nell'area amministrazione",
  "articles.manage": "Articoli, immagini e link di anteprima",
  "schedule.manage": "Calendario delle pubblicazioni",
  "editorialPlan.manage": "Piano editoriale",
  "ai.use": "Strumenti di scrittura con l'IA",
  "ai.stats": "Statistiche delle API",
  "categories.manage": "Categorie",
  "seo.keywords": "Parole chiave SEO e panoramica",
  "seo.sitemap": "Sitemap",
  "seo.settings": "Redirect, meta tag e impostazioni SEO",
  "listings.moderate": "Annunci",
  "reports.moderate": "Segnalazioni e conversazioni segnalate",
  "contests.manage": "Concorsi e partecipazioni",
  "contacts.manage": "Messaggi di contatto",
  "breeds.manage": "Razze",
  "users.manage": "Utenti e ruoli",
  "partners.manage": "Partner",
  "ads.manage": "AdSense",
  "audit.view": "Registro delle attività",
} as const;

export type Permission = keyof typeof PERMISSIONS;

const ALL = Object.keys(PERMISSIONS) as Permission[];

const EDITOR: Permission[] = [
  "backoffice.enter",
  "articles.manage",
  "schedule.manage",
  "editorialPlan.manage",
  "ai.use",
  "categories.manage",
  "seo.keywords",
  "seo.sitemap",
];

const MODERATOR: Permission[] = [
  "backoffice.enter",
  "listings.moderate",
  "reports.moderate",
  "contests.manage",
  "contacts.manage",
  "breeds.manage",
];

/** Each role's permissions. An administrator holds every one, as the spec's "admin" always has. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  user: new Set(),
  editor: new Set(EDITOR),
  moderator: new Set(MODERATOR),
  admin: new Set(ALL),
};

/** Whether a role (of a signed-in person; none for a visitor) holds a permission. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].has(permission) : false;
}

/** The roles that open the back office: everyone but a plain user. */
export type StaffRole = Exclude<Role, "user">;

export function isStaff(role: Role | null | undefined): role is StaffRole {
  return can(role, "backoffice.enter");
}

/** The permissions of a role, in the order PERMISSIONS declares them (for showing them). */
export function permissionsOf(role: Role): Permission[] {
  return ALL.filter((permission) => ROLE_PERMISSIONS[role].has(permission));
}
