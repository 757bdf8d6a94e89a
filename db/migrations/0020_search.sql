-- Search that reads like people type (issue 15, point 1; docs/decisions/0028-search-that-reads-people.md).
-- The words of the providers' texts (search_text), so that a word typed with a small typo
-- ('survelance', 'higveld') can be matched to the words providers use: the trigram index
-- finds the candidates, the API keeps the ones a typo or two away. Words are added as
-- providers are written and never removed: a word no provider uses any more only leads
-- to a LIKE that matches nothing.
CREATE TABLE "search_words" ("word" text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The words of a text worth correcting: letters only, 4 or more (shorter words and codes
-- such as 'cat6' must be typed exactly).
CREATE OR REPLACE FUNCTION search_words_of(body text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT DISTINCT w FROM regexp_split_to_table(body, '[^a-z]+') AS w WHERE length(w) >= 4 $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION remember_new_search_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT search_words_of(n.search_text) FROM new_rows AS n
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION remember_changed_search_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT search_words_of(n.search_text)
      FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
     WHERE n.search_text IS DISTINCT FROM o.search_text
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- One statement-level trigger per event (a transition table serves one event only): a
-- batch of 1,000 inserted providers costs one INSERT of their distinct words.
CREATE TRIGGER "service_providers_search_words_insert" AFTER INSERT ON "service_providers"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION remember_new_search_words();--> statement-breakpoint
CREATE TRIGGER "service_providers_search_words_update" AFTER UPDATE ON "service_providers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION remember_changed_search_words();--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT search_words_of(search_text) FROM "service_providers"
  ON CONFLICT DO NOTHING;
