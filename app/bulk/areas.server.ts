// Every list that offers bulk actions, with its definition (decision 0109).
import { ARTICLE_BULK } from "~/articles/bulk.server";
import { CONTACT_BULK } from "~/contact/bulk.server";
import { CONTEST_BULK } from "~/contests/bulk.server";
import { LISTING_BULK } from "~/listings/bulk.server";
import { REPORT_BULK } from "~/listings/report-bulk.server";
import type { BulkArea } from "./actions";
import type { BulkAreaDefinition } from "./definition.server";

export const BULK_AREA_DEFINITIONS: Record<BulkArea, BulkAreaDefinition> = {
  articles: ARTICLE_BULK,
  listings: LISTING_BULK,
  contests: CONTEST_BULK,
  reports: REPORT_BULK,
  contacts: CONTACT_BULK,
};
