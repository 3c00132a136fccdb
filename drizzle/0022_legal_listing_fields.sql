ALTER TABLE "pet_listings" ADD COLUMN "identification_code" text;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "identification_is_mother" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "code_on_request" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "birth_month_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "health_certificate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "seller_type" text;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "seller_name" text;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "breeder_code" text;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "fiscal_code" text;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "pedigree" boolean;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "cites_number" text;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "legal_completed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pet_listings_identification_code_idx" ON "pet_listings" USING btree ("identification_code") WHERE "pet_listings"."identification_code" is not null;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD CONSTRAINT "pet_listings_identification_code_check" CHECK ("pet_listings"."identification_code" ~ '^[0-9]{15}$');--> statement-breakpoint
ALTER TABLE "pet_listings" ADD CONSTRAINT "pet_listings_identification_mother_check" CHECK (not "pet_listings"."identification_is_mother" or "pet_listings"."identification_code" is not null);--> statement-breakpoint
ALTER TABLE "pet_listings" ADD CONSTRAINT "pet_listings_code_on_request_check" CHECK (not "pet_listings"."code_on_request" or ("pet_listings"."pet_type" = 'cat' and "pet_listings"."identification_code" is null));--> statement-breakpoint
ALTER TABLE "pet_listings" ADD CONSTRAINT "pet_listings_birth_month_check" CHECK (not "pet_listings"."birth_month_only" or extract(day from "pet_listings"."birth_date") = 1);--> statement-breakpoint
ALTER TABLE "pet_listings" ADD CONSTRAINT "pet_listings_seller_type_check" CHECK ("pet_listings"."seller_type" in ('private', 'breeder', 'association'));--> statement-breakpoint
ALTER TABLE "pet_listings" ADD CONSTRAINT "pet_listings_vat_number_check" CHECK ("pet_listings"."vat_number" ~ '^[0-9]{11}$');--> statement-breakpoint
ALTER TABLE "pet_listings" ADD CONSTRAINT "pet_listings_fiscal_code_check" CHECK ("pet_listings"."fiscal_code" ~ '^([0-9]{11}|[A-Z0-9]{16})$');--> statement-breakpoint
ALTER TABLE "pet_listings" ADD CONSTRAINT "pet_listings_legal_complete_check" CHECK ("pet_listings"."legal_completed_at" is null or (
        "pet_listings"."health_certificate" and "pet_listings"."seller_type" is not null
        and ("pet_listings"."pet_type" <> 'dog' or "pet_listings"."identification_code" is not null)
        and ("pet_listings"."pet_type" <> 'cat' or "pet_listings"."identification_code" is not null or "pet_listings"."code_on_request")
        and ("pet_listings"."pet_type" not in ('dog', 'cat') or "pet_listings"."birth_date" is not null)
        and ("pet_listings"."seller_type" <> 'breeder' or ("pet_listings"."seller_name" is not null and "pet_listings"."vat_number" is not null and "pet_listings"."breeder_code" is not null))
        and ("pet_listings"."seller_type" <> 'association' or ("pet_listings"."seller_name" is not null and "pet_listings"."fiscal_code" is not null))
      ));--> statement-breakpoint
-- The demo accounts' listings (app/seed/data/users.ts) get legal values that pass every rule
-- (decision 0085): a deterministic Italian code (380…) for dogs, cats and breeds the catalogue marks
-- for a microchip, a month-only birth date from their free-text age (at least three months before
-- the listing was published), a private seller and the health declaration. Anybody else's listing is
-- left as it was: nobody can invent a stranger's microchip code; those listings stay visible with
-- legal_completed_at null, and their owners are asked to complete them.
WITH demo AS (
  SELECT l.id, l.pet_type, l.breed, l.listing_type, l.description, l.age, l.created_at,
    coalesce(b.requires_microchip, false) AS requires_microchip,
    row_number() OVER (ORDER BY l.title, l.created_at, l.id) AS n
  FROM pet_listings l
  JOIN profiles p ON p.id = l.user_id
  LEFT JOIN allowed_breeds b ON b.pet_type = l.pet_type AND b.breed_name = l.breed
  WHERE p.email IN (
    'admin@zampa.test', 'giulia.rossi@zampa.test', 'marco.bianchi@zampa.test', 'francesca.esposito@zampa.test',
    'luca.ferrari@zampa.test', 'chiara.romano@zampa.test', 'alessandro.colombo@zampa.test'
  )
), aged AS (
  SELECT demo.*,
    CASE
      WHEN age ~* '(\d+)\s*ann' THEN (substring(age FROM '(?i)(\d+)\s*ann'))::int * 12
      WHEN age ~* '(\d+)\s*mes' THEN (substring(age FROM '(?i)(\d+)\s*mes'))::int
      ELSE 12
    END AS months
  FROM demo
)
UPDATE pet_listings l SET
  identification_code = CASE WHEN a.pet_type IN ('dog', 'cat') OR a.requires_microchip THEN '380260' || lpad(a.n::text, 9, '0') END,
  birth_date = CASE WHEN a.pet_type IN ('dog', 'cat')
    THEN date_trunc('month', a.created_at - make_interval(months => greatest(a.months, 3)))::date END,
  birth_month_only = a.pet_type IN ('dog', 'cat'),
  health_certificate = true,
  seller_type = 'private',
  pedigree = CASE WHEN a.listing_type = 'sale' AND a.pet_type IN ('dog', 'cat') AND a.breed IS NOT NULL AND a.breed <> 'Meticcio'
    THEN a.description ILIKE '%pedigree%' END,
  legal_completed_at = now()
FROM aged a
WHERE l.id = a.id;
