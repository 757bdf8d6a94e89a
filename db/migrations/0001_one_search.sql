-- One search (docs/decisions/0032): the posting lists go. Their triggers locked one row
-- shared by every provider ('v:') on each provider write; the search reads
-- service_providers through its own indexes instead. The functions that remain are
-- kept in db/sql/, which migrate applies after this.
DROP TRIGGER IF EXISTS search_postings_after_insert ON service_providers;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_postings_after_update ON service_providers;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_postings_after_delete ON service_providers;--> statement-breakpoint
DROP TRIGGER IF EXISTS search_postings_after_truncate ON service_providers;--> statement-breakpoint
DROP FUNCTION IF EXISTS search_postings_page(jsonb, jsonb, integer, integer, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS search_postings_verified(integer[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS search_postings_holding(jsonb, integer[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS search_postings_holding(jsonb, boolean, integer[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS search_postings_of(text[], integer[]);--> statement-breakpoint
DROP FUNCTION IF EXISTS search_postings_refresh_verified();--> statement-breakpoint
DROP FUNCTION IF EXISTS search_postings_apply();--> statement-breakpoint
DROP FUNCTION IF EXISTS search_postings_clear();--> statement-breakpoint
DROP FUNCTION IF EXISTS search_postings_since();--> statement-breakpoint
DROP FUNCTION IF EXISTS search_keys(boolean, boolean, boolean, text[], text[], text, text);--> statement-breakpoint
DROP FUNCTION IF EXISTS search_tokens(text);--> statement-breakpoint
DROP AGGREGATE IF EXISTS search_union(integer[]);--> statement-breakpoint
DROP TABLE IF EXISTS search_postings;--> statement-breakpoint
DROP EXTENSION IF EXISTS intarray;
