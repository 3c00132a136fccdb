// The whole Zampa schema, for PGlite and PostgreSQL alike. Migrations in /drizzle are generated
// from this file by drizzle-kit (`npm run db:generate`) and applied at start-up.
import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import {
  AD_PAGE_TYPES,
  AD_PLACEMENTS,
  AI_QUEUE_STATES,
  AI_REQUEST_TYPES,
  AI_USAGE_STATUSES,
  APPEAL_STATUSES,
  AUDIT_ACTIONS,
  AUDIT_AREAS,
  AUTOMATIC_CHECKS,
  BULK_AREAS,
  BULK_JOB_STATES,
  ARTICLE_STATUSES,
  CONTACT_STATUSES,
  CONTEST_PET_TYPES,
  CONTEST_STATUSES,
  EMAIL_CHANGE_STATES,
  GENDERS,
  KEYWORD_STATUSES,
  LISTING_AVAILABILITY,
  LISTING_STATUSES,
  LISTING_TYPES,
  PET_TYPES,
  PUBLISHING_LOG_STATUSES,
  REDIRECT_TYPES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_SUBJECTS,
  ROLES,
  SEARCH_ALERTS,
  SELLER_TYPES,
  SUBMISSION_STATUSES,
  SUSPENSION_RULES,
} from "../lib/enums";

/** `column IN ('a','b',…)` for a check constraint, from the enum values defined once in lib/enums. */
function oneOf(column: AnyPgColumn, values: readonly (string | number)[]): SQL {
  const list = values.map((v) => (typeof v === "number" ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(", ");
  return sql`${column} in (${sql.raw(list)})`;
}

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

const id = () => uuid("id").primaryKey().defaultRandom();

// ─── Accounts (tables used by better-auth; field names follow its model) ──────────────────────

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  // better-auth twoFactor plugin: a verified factor exists (decision 0059).
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  ...timestamps,
});

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Decision 0059: "aal2" once a second factor was checked for this session; the last time the
    // person proved who they are in it (sign-in, code, password), for reauthentication.
    aal: text("aal").notNull().default("aal1"),
    authenticatedAt: timestamp("authenticated_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index("sessions_user_idx").on(t.userId, t.createdAt.desc())],
);

export const accounts = pgTable(
  "accounts",
  {
    id: id(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", {
      withTimezone: true,
    }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", {
      withTimezone: true,
    }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: id(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/**
 * Signing keys of the tokens Zampa issues (better-auth `jwt` plugin, EdDSA): the public half is
 * served as the JWKS (/.well-known/jwks.json); the private half is stored encrypted with the auth
 * secret (decision 0060).
 */
export const jwks = pgTable("jwks", {
  id: id(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  alg: text("alg"),
  crv: text("crv"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
});

/** better-auth twoFactor plugin: the TOTP secret and backup codes (both encrypted), one row per account. */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: id(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("two_factors_user_idx").on(t.userId)],
);

/** The phone number that receives sign-in codes by SMS (decision 0059); verified when its code was given back. */
export const twoFactorPhones = pgTable("two_factor_phones", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  phone: text("phone").notNull(),
  verifiedAt: timestamp("verified_at", { withTimezone: true }),
  ...timestamps,
});

/** Same id as the account; created by a trigger in the same statement as the account (migration 0001). */
export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    fullName: text("full_name").notNull().default(""),
    role: text("role", { enum: ROLES.values }).notNull().default("user"),
    avatarUrl: text("avatar_url"),
    /** Whether a new private message is announced by e-mail (issue 29); the profile's setting. */
    messageMail: boolean("message_mail").notNull().default(true),
    // What /admin/users searches (any part of the name or the e-mail, any case), lower-cased once
    // when the row is written: a search checks one stored text per candidate (decision 0057).
    adminSearch: text("admin_search")
      .notNull()
      .generatedAlwaysAs(sql`lower(full_name || ' ' || email)`),
    // The account's suspension by an administrator (issue 32, decision 0110): when, why (mailed to
    // the person) and by whom. Null while the account is in good standing. While set, the account
    // cannot sign in and its listings are withheld (status "withheld"), its entries not shown.
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspendedReason: text("suspended_reason"),
    suspendedBy: uuid("suspended_by").references((): AnyPgColumn => profiles.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("profiles_suspension_check", sql`(${t.suspendedAt} is null) = (${t.suspendedReason} is null)`),
    // /admin/users' "Sospesi" filter and count, and the anti-join of the contest entries' rule: the
    // few suspended accounts, read from a small index.
    index("profiles_suspended_idx")
      .on(t.suspendedAt.desc(), t.id)
      .where(sql`${t.suspendedAt} is not null`),
    check("profiles_role_check", oneOf(t.role, ROLES.values)),
    index("profiles_created_idx").on(t.createdAt.desc()),
    // /admin/users ordered by name (decision 0102).
    index("profiles_name_idx").on(t.fullName, t.id),
    index("profiles_role_idx").on(t.role),
    index("profiles_admin_search_idx").using("gin", t.adminSearch.op("gin_trgm_ops")),
  ],
);

/**
 * E-mail changes asked from the profile (decision 0077), one row per request: the address the
 * account had when it was asked (the links are bound to it), the new one, and the SHA-256 of the
 * two links' tokens (confirm, sent to the new address; cancel, sent to the old one). At most one
 * pending per account.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    oldEmail: text("old_email").notNull(),
    newEmail: text("new_email").notNull(),
    confirmHash: text("confirm_hash").notNull().unique(),
    cancelHash: text("cancel_hash").notNull().unique(),
    state: text("state", { enum: EMAIL_CHANGE_STATES }).notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    check("email_changes_state_check", oneOf(t.state, EMAIL_CHANGE_STATES)),
    uniqueIndex("email_changes_pending_idx").on(t.userId).where(sql`${t.state} = 'pending'`),
    index("email_changes_user_idx").on(t.userId),
    index("email_changes_expires_idx").on(t.expiresAt),
  ],
);

/** Secrets shared by every app process (the session-signing key when AUTH_SECRET is unset). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window counters shared by every app process (login attempts, contact form, reports…). A row
 * outlives its window only until the hourly housekeeping deletes it (expires_at: the window's end).
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '1 day'`),
  },
  (t) => [index("rate_limits_expires_idx").on(t.expiresAt)],
);

/** The next free turn of a paced outside service (Nominatim: one request a second for the whole site; decision 0071). */
export const pacing = pgTable("pacing", {
  key: text("key").primaryKey(),
  nextAt: timestamp("next_at", { withTimezone: true }).notNull(),
});

// ─── Editorial content ───────────────────────────────────────────────────────────────────────

export const categories = pgTable("categories", {
  id: id(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  description: text("description"),
  icon: text("icon"),
  ...timestamps,
});

export const articles = pgTable(
  "articles",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt").notNull().default(""),
    /** HTML or Markdown; always rendered through the one sanitiser. */
    content: text("content").notNull().default(""),
    /**
     * The content's length in characters without its HTML tags (the SEO overview's average): kept
     * by the database on every write, so the average over every article reads no content.
     */
    textLength: integer("text_length").generatedAlwaysAs(sql`char_length(regexp_replace(content, '<[^>]*>', '', 'g'))`),
    featuredImage: text("featured_image"),
    categoryId: uuid("category_id").references(() => categories.id, {
      onDelete: "set null",
    }),
    authorId: uuid("author_id").references(() => profiles.id, {
      onDelete: "set null",
    }),
    status: text("status", { enum: ARTICLE_STATUSES.values }).notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    views: integer("views").notNull().default(0),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    scheduledPublishDate: timestamp("scheduled_publish_date", {
      withTimezone: true,
    }),
    isScheduled: boolean("is_scheduled").notNull().default(false),
    aiGenerated: boolean("ai_generated").notNull().default(false),
    /** { generatedBy, topic, planDate } */
    generationMetadata: jsonb("generation_metadata").$type<{
      generatedBy?: string;
      topic?: string;
      planDate?: string;
    }>(),
    ...timestamps,
  },
  (t) => [
    check("articles_status_check", oneOf(t.status, ARTICLE_STATUSES.values)),
    check("articles_views_check", sql`${t.views} >= 0`),
    check("articles_scheduled_date_check", sql`not ${t.isScheduled} or ${t.scheduledPublishDate} is not null`),
    index("articles_published_idx").on(t.status, t.publishedAt.desc()),
    index("articles_category_idx").on(t.categoryId, t.status, t.publishedAt.desc()),
    index("articles_scheduled_idx")
      .on(t.scheduledPublishDate)
      .where(sql`${t.isScheduled}`),
    index("articles_created_idx").on(t.createdAt.desc()),
    // /admin/articles ordered by title or by publication date (decision 0102).
    index("articles_title_idx").on(t.title, t.id),
    index("articles_published_at_idx").on(t.publishedAt.desc().nullsLast(), t.id),
    index("articles_author_idx").on(t.authorId),
    // /admin/articles searches titles (any part, any case) over every article.
    index("articles_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
  ],
);

/** The last saves of an article (revision history, at most ARTICLE_REVISIONS_KEPT per article). */
export const articleRevisions = pgTable(
  "article_revisions",
  {
    id: id(),
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    /** who saved this version */
    authorId: uuid("author_id").references(() => profiles.id, {
      onDelete: "set null",
    }),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    featuredImage: text("featured_image"),
    categoryId: uuid("category_id"),
    status: text("status", { enum: ARTICLE_STATUSES.values }).notNull(),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    isScheduled: boolean("is_scheduled").notNull().default(false),
    scheduledPublishDate: timestamp("scheduled_publish_date", {
      withTimezone: true,
    }),
    /** written by the editor's autosave, not by a save: the article itself was not changed */
    automatic: boolean("automatic").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("article_revisions_article_idx").on(t.articleId, t.createdAt.desc())],
);

/**
 * A link that shows a draft article to whoever holds it, without signing in, until it expires or is
 * revoked (decision 0111). Only the SHA-256 of the link's random token is stored: the table cannot
 * give a working link back, and a lookup by the hash's unique index compares no secret in the code.
 */
export const articlePreviewLinks = pgTable(
  "article_preview_links",
  {
    id: id(),
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    /** hex SHA-256 of the token in the link */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdBy: uuid("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("article_preview_links_token_idx").on(t.tokenHash),
    check("article_preview_links_expiry_check", sql`${t.expiresAt} > ${t.createdAt}`),
    // The editor's list of an article's links still working.
    index("article_preview_links_article_idx")
      .on(t.articleId, t.expiresAt)
      .where(sql`${t.revokedAt} is null`),
  ],
);

export const publishingLogs = pgTable(
  "publishing_logs",
  {
    id: id(),
    articleId: uuid("article_id").references(() => articles.id, {
      onDelete: "set null",
    }),
    /** the article's title when the log was written: the log still reads once the article is gone */
    articleTitle: text("article_title"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    status: text("status", { enum: PUBLISHING_LOG_STATUSES.values }).notNull(),
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("publishing_logs_status_check", oneOf(t.status, PUBLISHING_LOG_STATUSES.values)),
    index("publishing_logs_published_idx").on(t.publishedAt.desc()),
  ],
);

export const partners = pgTable(
  "partners",
  {
    id: id(),
    name: text("name").notNull(),
    logoUrl: text("logo_url").notNull(),
    websiteUrl: text("website_url"),
    description: text("description"),
    displayOrder: integer("display_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps,
  },
  (t) => [index("partners_active_idx").on(t.isActive, t.displayOrder)],
);

export const adsenseCodes = pgTable(
  "adsense_codes",
  {
    id: id(),
    name: text("name").notNull(),
    htmlCode: text("html_code").notNull(),
    placementType: text("placement_type", { enum: AD_PLACEMENTS.values }).notNull().default("sidebar"),
    pageType: text("page_type", { enum: AD_PAGE_TYPES.values }).notNull().default("all"),
    isActive: boolean("is_active").notNull().default(true),
    /** 0 is the highest priority. */
    priority: integer("priority").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("adsense_codes_placement_check", oneOf(t.placementType, AD_PLACEMENTS.values)),
    check("adsense_codes_page_check", oneOf(t.pageType, AD_PAGE_TYPES.values)),
    check("adsense_codes_priority_check", sql`${t.priority} >= 0`),
    check("adsense_codes_name_check", sql`btrim(${t.name}) <> '' and btrim(${t.htmlCode}) <> ''`),
    index("adsense_codes_lookup_idx")
      .on(t.placementType, t.pageType, t.priority)
      .where(sql`${t.isActive}`),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: CONTACT_STATUSES.values }).notNull().default("new"),
    readAt: timestamp("read_at", { withTimezone: true }),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("contact_messages_status_check", oneOf(t.status, CONTACT_STATUSES.values)),
    index("contact_messages_status_idx").on(t.status, t.createdAt.desc()),
  ],
);

// ─── Pet listings ────────────────────────────────────────────────────────────────────────────

export const allowedBreeds = pgTable(
  "allowed_breeds",
  {
    id: id(),
    petType: text("pet_type", { enum: PET_TYPES.values }).notNull(),
    breedName: text("breed_name").notNull(),
    breedNameEn: text("breed_name_en"),
    scientificName: text("scientific_name"),
    isLegal: boolean("is_legal").notNull().default(true),
    requiresCites: boolean("requires_cites").notNull().default(false),
    requiresLicense: boolean("requires_license").notNull().default(false),
    requiresMicrochip: boolean("requires_microchip").notNull().default(false),
    notes: text("notes"),
    ...timestamps,
  },
  (t) => [
    check("allowed_breeds_pet_type_check", oneOf(t.petType, PET_TYPES.values)),
    uniqueIndex("allowed_breeds_type_name_idx").on(t.petType, t.breedName),
    index("allowed_breeds_legal_idx")
      .on(t.petType, t.breedName)
      .where(sql`${t.isLegal}`),
  ],
);

/** One table for both shapes of the spec (DESIGN [4]): `status` is moderation, `availability` the owner's. */
export const petListings = pgTable(
  "pet_listings",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    petType: text("pet_type", { enum: PET_TYPES.values }).notNull(),
    breed: text("breed"),
    age: text("age"),
    gender: text("gender", { enum: GENDERS.values }).notNull(),
    listingType: text("listing_type", { enum: LISTING_TYPES.values }).notNull(),
    price: numeric("price", { precision: 10, scale: 2, mode: "number" }).notNull().default(0),
    locationAddress: text("location_address").notNull(),
    locationCity: text("location_city").notNull(),
    locationRegion: text("location_region").notNull(),
    locationLat: doublePrecision("location_lat").notNull(),
    locationLng: doublePrecision("location_lng").notNull(),
    contactName: text("contact_name").notNull(),
    // '' when not given: only a "solo messaggi" listing may leave them out (decision 0089). Kept NOT
    // NULL so that admin_search's concatenation below stays as it is.
    contactPhone: text("contact_phone").notNull(),
    contactEmail: text("contact_email").notNull(),
    /** "Solo messaggi": the owner is reached only by private message; no phone or e-mail is ever revealed. */
    messagesOnly: boolean("messages_only").notNull().default(false),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text("status", { enum: LISTING_STATUSES.values }).notNull().default("active"),
    availability: text("availability", { enum: LISTING_AVAILABILITY.values }).notNull().default("available"),
    // The statement of reasons of the current suspension (decision 0087): the rule broken, the
    // admin's words, and when. Null while the listing is not suspended. suspended_at also names
    // the suspension an appeal contests (listing_appeals).
    suspensionRule: text("suspension_rule", { enum: SUSPENSION_RULES.values }),
    suspensionReason: text("suspension_reason"),
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    // What D.Lgs. 135/2022 art. 11 and the rules around it ask of the ad (decision 0085). The code is
    // 15 digits (the mother's for a litter); a cat may carry the declaration instead.
    identificationCode: text("identification_code"),
    identificationIsMother: boolean("identification_is_mother").notNull().default(false),
    codeOnRequest: boolean("code_on_request").notNull().default(false),
    // A month-only birth date is stored as the month's first day, with the flag.
    birthDate: date("birth_date", { mode: "string" }),
    birthMonthOnly: boolean("birth_month_only").notNull().default(false),
    healthCertificate: boolean("health_certificate").notNull().default(false),
    sellerType: text("seller_type", { enum: SELLER_TYPES.values }),
    sellerName: text("seller_name"),
    vatNumber: text("vat_number"),
    breederCode: text("breeder_code"),
    fiscalCode: text("fiscal_code"),
    pedigree: boolean("pedigree"),
    citesNumber: text("cites_number"),
    // Set when the listing carries every legal field; null for listings published before they were
    // asked, which stay visible while their owners are asked to complete them.
    legalCompletedAt: timestamp("legal_completed_at", { withTimezone: true }),
    // Listings stay online 60 days unless renewed (decision 0093): the job closes an active listing
    // once this has passed, and mails its owner 7 days before (expiry_notified_at: mailed once,
    // cleared by a renewal). expired_at tells a listing closed by the clock (which "Rinnova" brings
    // back) from one closed otherwise.
    expiresAt: timestamp("expires_at", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '60 days'`),
    expiryNotifiedAt: timestamp("expiry_notified_at", { withTimezone: true }),
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    // The back office's search text (title, city, contact e-mail), folded once when the row is
    // written: a search re-checks trigram candidates against stored text instead of folding each
    // one again (decision 0049).
    adminSearch: text("admin_search")
      .notNull()
      .generatedAlwaysAs(sql`zampa_fold(title || ' ' || location_city || ' ' || contact_email)`),
    ...timestamps,
  },
  (t) => [
    check("pet_listings_pet_type_check", oneOf(t.petType, PET_TYPES.values)),
    check("pet_listings_gender_check", oneOf(t.gender, GENDERS.values)),
    check("pet_listings_listing_type_check", oneOf(t.listingType, LISTING_TYPES.values)),
    check("pet_listings_status_check", oneOf(t.status, LISTING_STATUSES.values)),
    check("pet_listings_availability_check", oneOf(t.availability, LISTING_AVAILABILITY.values)),
    check("pet_listings_suspension_rule_check", oneOf(t.suspensionRule, SUSPENSION_RULES.values)),
    check("pet_listings_price_check", sql`${t.price} >= 0 and (${t.listingType} = 'sale' or ${t.price} = 0)`),
    check("pet_listings_images_check", sql`cardinality(${t.images}) <= 5`),
    check("pet_listings_identification_code_check", sql`${t.identificationCode} ~ '^[0-9]{15}$'`),
    check("pet_listings_identification_mother_check", sql`not ${t.identificationIsMother} or ${t.identificationCode} is not null`),
    check("pet_listings_code_on_request_check", sql`not ${t.codeOnRequest} or (${t.petType} = 'cat' and ${t.identificationCode} is null)`),
    check("pet_listings_birth_month_check", sql`not ${t.birthMonthOnly} or extract(day from ${t.birthDate}) = 1`),
    check("pet_listings_seller_type_check", oneOf(t.sellerType, SELLER_TYPES.values)),
    check("pet_listings_vat_number_check", sql`${t.vatNumber} ~ '^[0-9]{11}$'`),
    check("pet_listings_fiscal_code_check", sql`${t.fiscalCode} ~ '^([0-9]{11}|[A-Z0-9]{16})$'`),
    // A complete listing carries what the law asks whatever its pet type; the checksums and the
    // breed catalogue's rules are the application's (listings.server.ts).
    check(
      "pet_listings_legal_complete_check",
      sql`${t.legalCompletedAt} is null or (
        ${t.healthCertificate} and ${t.sellerType} is not null
        and (${t.petType} <> 'dog' or ${t.identificationCode} is not null)
        and (${t.petType} <> 'cat' or ${t.identificationCode} is not null or ${t.codeOnRequest})
        and (${t.petType} not in ('dog', 'cat') or ${t.birthDate} is not null)
        and (${t.sellerType} <> 'breeder' or (${t.sellerName} is not null and ${t.vatNumber} is not null and ${t.breederCode} is not null))
        and (${t.sellerType} <> 'association' or (${t.sellerName} is not null and ${t.fiscalCode} is not null))
      )`,
    ),
    // A listing that can be reached by phone and e-mail carries both (decision 0089).
    check("pet_listings_contact_check", sql`${t.messagesOnly} or (${t.contactPhone} <> '' and ${t.contactEmail} <> '')`),
    check("pet_listings_lat_check", sql`${t.locationLat} between -90 and 90 and ${t.locationLng} between -180 and 180`),
    // The list's order (newest first, id breaking ties) straight from the index: a page is read
    // without sorting the whole catalogue.
    // (NULLS FIRST is what a plain ORDER BY … DESC means: the index must say the same to be used.)
    index("pet_listings_public_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("pet_listings_filter_idx").on(t.status, t.petType, t.listingType, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("pet_listings_owner_idx").on(t.userId, t.createdAt.desc()),
    // The public list's other filters and orders (decision 0094), on the public rows alone: a region
    // newest first (a small region's matches are found without reading the catalogue); the sales by
    // price, each way, newest first among equal prices (a price order is an order of the sales); the
    // position, for the box around a "Più vicini a" place; the birth dates of an age band.
    index("pet_listings_region_idx")
      .on(t.locationRegion, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'active'`),
    index("pet_listings_sale_price_idx")
      .on(t.price.asc(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'active' and ${t.listingType} = 'sale'`),
    index("pet_listings_sale_price_desc_idx")
      .on(t.price.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'active' and ${t.listingType} = 'sale'`),
    index("pet_listings_position_idx").on(t.locationLat, t.locationLng).where(sql`${t.status} = 'active'`),
    index("pet_listings_birth_date_idx").on(t.birthDate).where(sql`${t.status} = 'active' and ${t.birthDate} is not null`),
    // The back office's list in every status (/admin/pet-listings), newest first, read in index order.
    index("pet_listings_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The back office's search: any part of the title, the city or the contact e-mail, accents and
    // case aside (zampa_fold, drizzle/0003), answered by trigrams instead of reading every row.
    // One code on two listings is looked up (by the back office's search, and to flag it to the
    // moderators); most rows of other pet types have none.
    index("pet_listings_identification_code_idx")
      .on(t.identificationCode)
      .where(sql`${t.identificationCode} is not null`),
    index("pet_listings_admin_search_idx").using("gin", t.adminSearch.op("gin_trgm_ops")),
    // The expiry job's two questions (which active listings are due a notice, which are past their
    // date) read only the active rows, in date order.
    index("pet_listings_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active'`),
  ],
);

/**
 * How many times a listing's page was asked for by a person (not a robot): the owner's statistics
 * (decision 0093). Counted in each process's memory and added here in batches every few seconds.
 */
export const listingViewCounts = pgTable(
  "listing_view_counts",
  {
    listingId: uuid("listing_id")
      .primaryKey()
      .references(() => petListings.id, { onDelete: "cascade" }),
    views: bigint("views", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("listing_view_counts_views_check", sql`${t.views} >= 0`)],
);

/**
 * How many times a listing's phone number and e-mail address were revealed ("Mostra numero",
 * "Mostra email") to someone other than its owner: the owner's statistics (decision 0089). One row
 * per listing, created by the first reveal and incremented in the same statement.
 */
export const listingContactStats = pgTable(
  "listing_contact_stats",
  {
    listingId: uuid("listing_id")
      .primaryKey()
      .references(() => petListings.id, { onDelete: "cascade" }),
    phoneReveals: integer("phone_reveals").notNull().default(0),
    emailReveals: integer("email_reveals").notNull().default(0),
  },
  (t) => [check("listing_contact_stats_counts_check", sql`${t.phoneReveals} >= 0 and ${t.emailReveals} >= 0`)],
);

/**
 * A person's favourite listings (issue 30, decision 0092): one row per person and listing, so that a
 * double submit adds nothing (insert … on conflict do nothing). Both sides go with their row: an
 * erased account or a deleted listing leaves no favourite behind. The owner's count per listing
 * reads the listing_id index.
 */
export const listingFavourites = pgTable(
  "listing_favourites",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => petListings.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] }), index("listing_favourites_listing_idx").on(t.listingId)],
);

export const listingReports = pgTable(
  "listing_reports",
  {
    id: id(),
    /** Null once the listing is deleted: the back office then shows "Annuncio eliminato". */
    listingId: uuid("listing_id").references(() => petListings.id, {
      onDelete: "set null",
    }),
    reporterUserId: uuid("reporter_user_id").references(() => profiles.id, {
      onDelete: "set null",
    }),
    reporterName: text("reporter_name").notNull(),
    reporterEmail: text("reporter_email").notNull(),
    reason: text("reason", { enum: REPORT_REASONS.values }).notNull(),
    description: text("description").notNull(),
    status: text("status", { enum: REPORT_STATUSES.values }).notNull().default("pending"),
    adminNotes: text("admin_notes"),
    /** The check that filed the report (AUTOMATIC_CHECKS); null for a report by a person. */
    automaticCheck: text("automatic_check", { enum: AUTOMATIC_CHECKS.values }),
    /** The other listing an automatic check found (the one whose photo was copied); null once deleted. */
    relatedListingId: uuid("related_listing_id").references(() => petListings.id, { onDelete: "set null" }),
    /** A listing, or a private conversation: then the moderators may read that conversation (and no other). */
    subject: text("subject", { enum: REPORT_SUBJECTS.values }).notNull().default("listing"),
    conversationId: uuid("conversation_id").references((): AnyPgColumn => conversations.id, { onDelete: "set null" }),
    /** The account a conversation report is about (the other person, or the sender an automatic check found). */
    reportedUserId: uuid("reported_user_id").references(() => profiles.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("listing_reports_subject_check", oneOf(t.subject, REPORT_SUBJECTS.values)),
    index("listing_reports_conversation_idx")
      .on(t.conversationId)
      .where(sql`${t.conversationId} is not null`),
    check("listing_reports_reason_check", oneOf(t.reason, REPORT_REASONS.values)),
    check("listing_reports_automatic_check_check", oneOf(t.automaticCheck, AUTOMATIC_CHECKS.values)),
    // A check flags a pair of listings once, whichever of the two it was looking at and however many
    // requests find it at once (decision 0086): the insert does nothing on this conflict. A report
    // leaves the index when one of its listings is deleted (set null), so that deletion can never
    // collide with another report (least() would skip the null).
    uniqueIndex("listing_reports_automatic_pair_idx")
      .on(t.automaticCheck, sql`least(${t.listingId}, ${t.relatedListingId})`, sql`greatest(${t.listingId}, ${t.relatedListingId})`)
      .where(sql`${t.automaticCheck} is not null and ${t.listingId} is not null and ${t.relatedListingId} is not null`),
    index("listing_reports_related_idx").on(t.relatedListingId),
    check("listing_reports_status_check", oneOf(t.status, REPORT_STATUSES.values)),
    // A conversation's report points at the messages themselves: a few words are enough.
    check("listing_reports_description_check", sql`${t.subject} = 'conversation' or char_length(${t.description}) >= 50`),
    index("listing_reports_status_idx").on(t.status, t.createdAt.desc()),
    // The back office's "annunci segnalati" to-do (decision 0111): the few pending reports of the
    // automatic checks, counted on every back-office page, without walking every pending report.
    index("listing_reports_pending_automatic_idx")
      .on(t.automaticCheck)
      .where(sql`${t.status} = 'pending' and ${t.automaticCheck} is not null`),
    index("listing_reports_listing_idx").on(t.listingId),
    // A person's page in the back office (decision 0110): the reports they made, the conversation
    // reports about them, newest first.
    index("listing_reports_reporter_idx")
      .on(t.reporterUserId, t.createdAt.desc())
      .where(sql`${t.reporterUserId} is not null`),
    index("listing_reports_reported_user_idx")
      .on(t.reportedUserId, t.createdAt.desc())
      .where(sql`${t.reportedUserId} is not null`),
    // /admin/reports with no status filter: newest first, id breaking ties, from the index.
    index("listing_reports_created_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * An owner's appeal against a suspension (EU Digital Services Act art. 20; decision 0087): one per
 * suspension, the suspension being the listing's suspended_at when the appeal was made (unique
 * index). An admin decides it once: upheld (still suspended) or reversed (active again).
 */
export const listingAppeals = pgTable(
  "listing_appeals",
  {
    id: id(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => petListings.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    suspendedAt: timestamp("suspended_at", { withTimezone: true }).notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: APPEAL_STATUSES.values }).notNull().default("pending"),
    decidedBy: uuid("decided_by").references(() => profiles.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    adminNote: text("admin_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("listing_appeals_status_check", oneOf(t.status, APPEAL_STATUSES.values)),
    check("listing_appeals_text_check", sql`char_length(${t.text}) between 1 and 2000`),
    check("listing_appeals_decided_check", sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
    uniqueIndex("listing_appeals_suspension_idx").on(t.listingId, t.suspendedAt),
    // The back office's "Contestazioni": the appeals waiting for a decision, read from a small index.
    index("listing_appeals_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index("listing_appeals_user_idx").on(t.userId),
  ],
);

/**
 * The perceptual hash of every listing photo (decision 0086), for "has this photo been used by
 * another account?". The hash is split into four 16-bit bands, each with its own btree index: two
 * hashes within 7 bits have a band equal or one bit apart (pigeonhole), so a lookup asks the four
 * indexes for 17 values each, then measures the few candidates exactly; it stays an index lookup at
 * a million photos. Only the photo's own hash is indexed: a lookup asks for the new photo's hash
 * and for its mirror's, which finds mirrored copies with half the indexes.
 */
export const listingPhotoHashes = pgTable(
  "listing_photo_hashes",
  {
    id: id(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => petListings.id, { onDelete: "cascade" }),
    /** The listing's owner, copied so "another account" needs no join. */
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The photo as pet_listings.images holds it. */
    photoUrl: text("photo_url").notNull(),
    hash: bigint("hash", { mode: "bigint" }).notNull(),
    /** The hash of the photo's mirror image: not indexed, read to show a pair in the back office. */
    mirroredHash: bigint("mirrored_hash", { mode: "bigint" }).notNull(),
    band0: smallint("band0").notNull(),
    band1: smallint("band1").notNull(),
    band2: smallint("band2").notNull(),
    band3: smallint("band3").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("listing_photo_hashes_photo_idx").on(t.listingId, t.photoUrl),
    index("listing_photo_hashes_band0_idx").on(t.band0),
    index("listing_photo_hashes_band1_idx").on(t.band1),
    index("listing_photo_hashes_band2_idx").on(t.band2),
    index("listing_photo_hashes_band3_idx").on(t.band3),
  ],
);

// ─── Photo contests ──────────────────────────────────────────────────────────────────────────

export const contests = pgTable(
  "contests",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    prizeDescription: text("prize_description"),
    rules: text("rules"),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }).notNull(),
    status: text("status", { enum: CONTEST_STATUSES.values }).notNull().default("draft"),
    maxSubmissionsPerUser: integer("max_submissions_per_user").notNull().default(3),
    ...timestamps,
  },
  (t) => [
    check("contests_status_check", oneOf(t.status, CONTEST_STATUSES.values)),
    check("contests_dates_check", sql`${t.endDate} > ${t.startDate}`),
    check("contests_max_submissions_check", sql`${t.maxSubmissionsPerUser} between 1 and 10`),
    index("contests_public_idx").on(t.status, t.startDate.desc()),
  ],
);

export const contestSubmissions = pgTable(
  "contest_submissions",
  {
    id: id(),
    contestId: uuid("contest_id")
      .notNull()
      .references(() => contests.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    petName: text("pet_name").notNull(),
    petType: text("pet_type", { enum: CONTEST_PET_TYPES }).notNull(),
    imageUrl: text("image_url").notNull(),
    status: text("status", { enum: SUBMISSION_STATUSES.values }).notNull().default("pending"),
    /** Kept equal to the number of contest_votes rows, in the same transaction as each vote. */
    votesCount: integer("votes_count").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("contest_submissions_pet_type_check", oneOf(t.petType, CONTEST_PET_TYPES)),
    check("contest_submissions_status_check", oneOf(t.status, SUBMISSION_STATUSES.values)),
    check("contest_submissions_votes_check", sql`${t.votesCount} >= 0`),
    index("contest_submissions_contest_idx").on(t.contestId, t.status, t.votesCount.desc()),
    index("contest_submissions_user_idx").on(t.userId, t.createdAt.desc()),
    // The back office's to-do signals (decision 0111): the entries awaiting approval, site-wide and
    // per contest, counted from a small index instead of every entry.
    index("contest_submissions_pending_idx")
      .on(t.contestId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const contestVotes = pgTable(
  "contest_votes",
  {
    id: id(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => contestSubmissions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("contest_votes_one_per_user_idx").on(t.submissionId, t.userId), index("contest_votes_user_idx").on(t.userId)],
);

// ─── SEO ─────────────────────────────────────────────────────────────────────────────────────

export const seoKeywords = pgTable(
  "seo_keywords",
  {
    id: id(),
    keyword: text("keyword").notNull(),
    searchVolume: integer("search_volume").notNull().default(0),
    difficulty: integer("difficulty").notNull().default(50),
    status: text("status", { enum: KEYWORD_STATUSES.values }).notNull().default("target"),
    notes: text("notes"),
    ...timestamps,
  },
  (t) => [
    check("seo_keywords_status_check", oneOf(t.status, KEYWORD_STATUSES.values)),
    check("seo_keywords_volume_check", sql`${t.searchVolume} >= 0`),
    check("seo_keywords_difficulty_check", sql`${t.difficulty} between 1 and 100`),
    check("seo_keywords_keyword_check", sql`btrim(${t.keyword}) <> ''`),
  ],
);

export const seoRedirects = pgTable(
  "seo_redirects",
  {
    id: id(),
    fromPath: text("from_path").notNull().unique(),
    toPath: text("to_path").notNull(),
    redirectType: integer("redirect_type").notNull().default(301),
    isActive: boolean("is_active").notNull().default(true),
    hitCount: integer("hit_count").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("seo_redirects_type_check", oneOf(t.redirectType, REDIRECT_TYPES)),
    check("seo_redirects_from_check", sql`${t.fromPath} like '/%' and ${t.fromPath} not like '//%'`),
    check("seo_redirects_to_check", sql`btrim(${t.toPath}) <> ''`),
  ],
);

/** A single row (id = 1). */
export const seoSettings = pgTable(
  "seo_settings",
  {
    id: integer("id").primaryKey().default(1),
    siteName: text("site_name").notNull().default("Zampa"),
    siteDescription: text("site_description"),
    defaultOgImage: text("default_og_image"),
    googleAnalyticsId: text("google_analytics_id"),
    googleSearchConsoleCode: text("google_search_console_code"),
    facebookPixelId: text("facebook_pixel_id"),
    robotsTxt: text("robots_txt"),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [check("seo_settings_single_row_check", sql`${t.id} = 1`)],
);

// ─── AI usage ────────────────────────────────────────────────────────────────────────────────

export const apiUsageLog = pgTable(
  "api_usage_log",
  {
    id: id(),
    userId: uuid("user_id").references(() => profiles.id, {
      onDelete: "set null",
    }),
    requestType: text("request_type", {
      enum: AI_REQUEST_TYPES.values,
    }).notNull(),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    totalTokens: integer("total_tokens").notNull().default(0),
    status: text("status", { enum: AI_USAGE_STATUSES.values }).notNull(),
    errorMessage: text("error_message"),
    metadata: jsonb("metadata"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("api_usage_log_type_check", oneOf(t.requestType, AI_REQUEST_TYPES.values)),
    check("api_usage_log_status_check", oneOf(t.status, AI_USAGE_STATUSES.values)),
    index("api_usage_log_created_idx").on(t.createdAt.desc()),
    index("api_usage_log_user_idx").on(t.userId),
  ],
);

/** Daily AI usage figures per request type (Europe/Rome day), updated with each logged request. */
export const apiUsageDaily = pgTable(
  "api_usage_daily",
  {
    requestDate: date("request_date", { mode: "string" }).notNull(),
    requestType: text("request_type", {
      enum: AI_REQUEST_TYPES.values,
    }).notNull(),
    requestCount: integer("request_count").notNull().default(0),
    successCount: integer("success_count").notNull().default(0),
    errorCount: integer("error_count").notNull().default(0),
    /** refused by the daily limit (counted in request_count too) */
    rateLimitedCount: integer("rate_limited_count").notNull().default(0),
    promptTokensUsed: integer("prompt_tokens_used").notNull().default(0),
    completionTokensUsed: integer("completion_tokens_used").notNull().default(0),
    totalTokensUsed: integer("total_tokens_used").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.requestDate, t.requestType] }), check("api_usage_daily_type_check", oneOf(t.requestType, AI_REQUEST_TYPES.values))],
);

/**
 * The site-wide AI queue (decision 0055): one row per request, in arrival order (seq). A request
 * waits until a claim under an advisory lock finds it at the head, nothing running and every limit
 * met; then it runs under a lease its process renews. Starts stay as the history the daily,
 * per-minute and interval limits are counted from. A waiting row whose process stops renewing its
 * heartbeat, or a running one whose lease ran out, no longer holds the queue.
 */
export const aiRequests = pgTable(
  "ai_requests",
  {
    id: id(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    /**
     * Which quota the request counts against: the site has one ("ai"); tests give each scenario
     * its own, so that they can share one PostgreSQL database without counting each other's starts.
     */
    queue: text("queue").notNull().default("ai"),
    userId: uuid("user_id").references(() => profiles.id, {
      onDelete: "set null",
    }),
    requestType: text("request_type", {
      enum: AI_REQUEST_TYPES.values,
    }).notNull(),
    state: text("state", { enum: AI_QUEUE_STATES.values }).notNull().default("waiting"),
    enqueuedAt: timestamp("enqueued_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    /** waiting: renewed by the waiting process; running: the lease's end, renewed while it runs */
    aliveUntil: timestamp("alive_until", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("ai_requests_type_check", oneOf(t.requestType, AI_REQUEST_TYPES.values)),
    check("ai_requests_state_check", oneOf(t.state, AI_QUEUE_STATES.values)),
    index("ai_requests_open_idx")
      .on(t.queue, t.seq)
      .where(sql`${t.state} in ('waiting', 'running')`),
    index("ai_requests_started_idx")
      .on(t.queue, t.startedAt.desc())
      .where(sql`${t.startedAt} is not null`),
  ],
);

// ─── Private conversations (issue 29) ────────────────────────────────────────────────────────

/**
 * The one conversation between a person and a listing's owner about that listing. The listing's
 * title is kept, so that a conversation stays readable (for 30 days, then a job removes it) once
 * its listing is deleted: listing_deleted_at is set by a trigger on the foreign key's SET NULL (migration
 * 0023). A participant who erases the account becomes null ("utente eliminato"); their messages go
 * with them. Unread counters per side make the header's badge one indexed read.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: id(),
    listingId: uuid("listing_id").references(() => petListings.id, { onDelete: "set null" }),
    listingTitle: text("listing_title").notNull(),
    listingDeletedAt: timestamp("listing_deleted_at", { withTimezone: true }),
    /** The listing's owner, who is written to. */
    ownerId: uuid("owner_id").references(() => profiles.id, { onDelete: "set null" }),
    /** The person who wrote first ("Scrivi all'inserzionista"). */
    askerId: uuid("asker_id").references(() => profiles.id, { onDelete: "set null" }),
    ownerUnread: integer("owner_unread").notNull().default(0),
    askerUnread: integer("asker_unread").notNull().default(0),
    /** When each side was last mailed about unread messages here (at most one mail every 15 minutes). */
    ownerMailedAt: timestamp("owner_mailed_at", { withTimezone: true }),
    askerMailedAt: timestamp("asker_mailed_at", { withTimezone: true }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("conversations_unread_check", sql`${t.ownerUnread} >= 0 and ${t.askerUnread} >= 0`),
    // One conversation per person and listing, however many times "Scrivi" is pressed at once.
    uniqueIndex("conversations_listing_asker_idx")
      .on(t.listingId, t.askerId)
      .where(sql`${t.listingId} is not null and ${t.askerId} is not null`),
    // Each side's inbox, newest first, read in index order.
    index("conversations_owner_idx").on(t.ownerId, t.lastMessageAt.desc(), t.id.desc()),
    index("conversations_asker_idx").on(t.askerId, t.lastMessageAt.desc(), t.id.desc()),
    // The header's count on every signed-in page reads only the conversations with something unread,
    // however many an account has.
    index("conversations_owner_unread_idx")
      .on(t.ownerId, t.ownerUnread)
      .where(sql`${t.ownerUnread} > 0`),
    index("conversations_asker_unread_idx")
      .on(t.askerId, t.askerUnread)
      .where(sql`${t.askerUnread} > 0`),
    index("conversations_listing_deleted_idx")
      .on(t.listingDeletedAt)
      .where(sql`${t.listingDeletedAt} is not null`),
  ],
);

/** A message: text only. The scam signals it tripped are kept for the reader's warning and the moderators' counts. */
export const conversationMessages = pgTable(
  "conversation_messages",
  {
    id: id(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    scamSignals: text("scam_signals")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("conversation_messages_body_check", sql`char_length(${t.body}) between 1 and 2000`),
    index("conversation_messages_conversation_idx").on(t.conversationId, t.createdAt, t.id),
    // A sender's recent messages: the per-minute limit and the scam signals' daily count.
    index("conversation_messages_sender_idx").on(t.senderId, t.createdAt.desc()),
    // The moderators' count of recent messages with scam signals reads only those (decision 0091).
    index("conversation_messages_scam_idx")
      .on(t.createdAt)
      .where(sql`cardinality(${t.scamSignals}) > 0`),
  ],
);

/** "Blocca utente": no more messages from blocked to blocker. */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("user_blocks_blocked_idx").on(t.blockedId)],
);

/** A text search query (the words of a saved search, built once by zampa_word_query). */
const tsquery = customType<{ data: string }>({ dataType: () => "tsquery" });

// Saved searches and their alerts (issue 30, decision 0097). `query` is the list's URL query as
// saved (what "Apri" opens); the columns after it are the same criteria as the alert matcher reads
// them, derived from `query` when it is saved (app/saved-searches/criteria.server.ts).
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: text("query").notNull(),
    alert: text("alert", { enum: SEARCH_ALERTS.values }).notNull().default("daily"),
    // The one-click unsubscribe link's secret (RFC 8058): random, one per search.
    unsubscribeToken: text("unsubscribe_token").notNull(),
    petType: text("pet_type", { enum: PET_TYPES.values }),
    listingType: text("listing_type", { enum: LISTING_TYPES.values }),
    region: text("region"),
    priceMin: numeric("price_min", { precision: 10, scale: 2, mode: "number" }),
    priceMax: numeric("price_max", { precision: 10, scale: 2, mode: "number" }),
    ageBand: text("age_band"),
    withPhotos: boolean("with_photos").notNull().default(false),
    /** The words as typed and cut (null: none); `words` is their query, null when no word was usable. */
    wordsText: text("words_text"),
    words: tsquery("words"),
    areaSouth: doublePrecision("area_south"),
    areaWest: doublePrecision("area_west"),
    areaNorth: doublePrecision("area_north"),
    areaEast: doublePrecision("area_east"),
    /** Set while matches wait for a mail (the sender's work list); null once they are sent. */
    pendingSince: timestamp("pending_since", { withTimezone: true }),
    /** The last alert mail of this search (the daily digest goes out once a day). */
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("saved_searches_alert_check", oneOf(t.alert, SEARCH_ALERTS.values)),
    check("saved_searches_name_check", sql`char_length(${t.name}) between 1 and 80`),
    uniqueIndex("saved_searches_user_query_idx").on(t.userId, t.query),
    uniqueIndex("saved_searches_unsubscribe_idx").on(t.unsubscribeToken),
    // The matcher's way in: the searches with an alert that a listing's pet type, listing type and
    // region can meet, a criterion left open being '' (each listing probes 8 combinations).
    index("saved_searches_match_idx")
      .on(sql`coalesce(${t.petType}, '')`, sql`coalesce(${t.listingType}, '')`, sql`coalesce(${t.region}, '')`)
      .where(sql`${t.alert} <> 'none'`),
    // The sender's work list, per alert kind, oldest first.
    index("saved_searches_pending_idx").on(t.alert, t.pendingSince).where(sql`${t.pendingSince} is not null`),
  ],
);

// Listings that became public, for the alert matcher (filled by a trigger on pet_listings,
// drizzle/0031). A row is claimed and marked matched_at in the transaction that finds its matches,
// and kept: its primary key stops the same listing from being matched again (renewed, reinstated),
// so that a person is told of it once (decision 0098). Forgotten after 180 days.
export const listingAlertQueue = pgTable(
  "listing_alert_queue",
  {
    listingId: uuid("listing_id")
      .primaryKey()
      .references(() => petListings.id, { onDelete: "cascade" }),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
    matchedAt: timestamp("matched_at", { withTimezone: true }),
  },
  (t) => [
    index("listing_alert_queue_waiting_idx").on(t.queuedAt).where(sql`${t.matchedAt} is null`),
    index("listing_alert_queue_matched_idx").on(t.matchedAt).where(sql`${t.matchedAt} is not null`),
  ],
);

// The "Subito" mails to write (decision 0098): one row per search and matcher pass, with the
// newest listings it names and how many matched; claimed by any process's mail writer, deleted in
// the transaction that writes the mail (whose outbox name is the row's, so a retry rewrites it).
export const alertMails = pgTable(
  "alert_mails",
  {
    id: id(),
    savedSearchId: uuid("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    listingIds: uuid("listing_ids").array().notNull(),
    total: integer("total").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("alert_mails_created_idx").on(t.createdAt), index("alert_mails_search_idx").on(t.savedSearchId)],
);

// The "Ogni giorno" matches waiting for the 8:00 digest, one per (person, listing): written by the
// matcher, stamped by the sender ("Subito" matches go straight to alert_mails, decision 0098).
export const searchAlertMatches = pgTable(
  "search_alert_matches",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => petListings.id, { onDelete: "cascade" }),
    savedSearchId: uuid("saved_search_id").references(() => savedSearches.id, { onDelete: "set null" }),
    matchedAt: timestamp("matched_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index("search_alert_matches_unsent_idx").on(t.savedSearchId).where(sql`${t.sentAt} is null`),
    index("search_alert_matches_listing_idx").on(t.listingId),
  ],
);

/** One field of an audited item, before and after the write (a created item has no before, a deleted one no after). */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

// The activity log (/admin/registro, decision 0107): one row per back-office write, written in the
// write's own transaction. It names people and items by value, with no foreign key, so that it
// outlives both; a trigger refuses every UPDATE and DELETE, so the application cannot change it.
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).generatedAlwaysAsIdentity().primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    actorId: uuid("actor_id"),
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role").notNull(),
    /** the client's address as the HTTP server read it; none for work not started by a request */
    address: text("address"),
    area: text("area", { enum: AUDIT_AREAS.values }).notNull(),
    action: text("action", { enum: AUDIT_ACTIONS.values }).notNull(),
    itemId: text("item_id"),
    itemLabel: text("item_label"),
    changes: jsonb("changes").$type<AuditChange[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    check("audit_events_area_check", oneOf(t.area, AUDIT_AREAS.values)),
    check("audit_events_action_check", oneOf(t.action, AUDIT_ACTIONS.values)),
    index("audit_events_actor_idx").on(t.actorId, t.id.desc()),
    index("audit_events_area_idx").on(t.area, t.id.desc()),
    index("audit_events_item_idx").on(t.itemId, t.id.desc()),
    index("audit_events_at_idx").on(t.at.desc()),
    // /admin/registro's item filter: any part of the label, any case (decision 0108).
    index("audit_events_item_label_trgm_idx").using("gin", sql`${t.itemLabel} gin_trgm_ops`),
  ],
);

/** An item a bulk action left as it was, and why (decision 0109). */
export interface BulkFailure {
  id: string;
  label: string;
  reason: string;
}

/** What a bulk action works on: the rows of a list's filter, or rows picked by id; and its extra input. */
export interface BulkParams {
  /** the list's filter as its address gives it (q, status, category, …) */
  filter?: Record<string, string>;
  ids?: string[];
  /** a listing suspension's rule and words */
  rule?: string;
  reason?: string;
  /** the category articles move to */
  categoryId?: string;
}

// Bulk actions of the back office (decision 0109): one row per job, worked through in batches by
// id; each batch's items, their activity records and the job's counters are written in one
// transaction, so `cursor` says exactly which items are decided. A worker holds the job while
// `claimed_until` is in the future; a job whose worker died is taken up again after it.
export const bulkJobs = pgTable(
  "bulk_jobs",
  {
    id: id(),
    actorId: uuid("actor_id"),
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role").notNull(),
    address: text("address"),
    area: text("area", { enum: BULK_AREAS.values }).notNull(),
    action: text("action").notNull(),
    params: jsonb("params").$type<BulkParams>().notNull(),
    /** the form's key: a double submit finds the job already started */
    idempotencyKey: text("idempotency_key").notNull(),
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** the first BULK_FAILURES_KEPT items not changed, with their reason */
    failures: jsonb("failures").$type<BulkFailure[]>().notNull().default(sql`'[]'::jsonb`),
    /** every reason with how many items it kept unchanged */
    reasons: jsonb("reasons").$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    /** the last item decided (ids in ascending order) */
    cursor: uuid("cursor"),
    state: text("state", { enum: BULK_JOB_STATES.values }).notNull().default("queued"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    error: text("error"),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("bulk_jobs_area_check", oneOf(t.area, BULK_AREAS.values)),
    check("bulk_jobs_state_check", oneOf(t.state, BULK_JOB_STATES.values)),
    uniqueIndex("bulk_jobs_idempotency_idx").on(t.actorId, t.idempotencyKey),
    index("bulk_jobs_open_idx").on(t.state, t.claimedUntil),
  ],
);
