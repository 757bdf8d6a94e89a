-- The search's vocabulary (docs/decisions/0028): search_words holds the words of the
-- providers' texts, so that a word typed with a small typo ('survelance', 'higveld') can
-- be matched to the words providers use. A provider's write adds its own new words and
-- nothing else: no row shared by other providers is locked or rewritten (an existing
-- word is skipped by ON CONFLICT DO NOTHING without a lock).

-- The words of a text worth correcting: letters only, 4 or more (shorter words and codes
-- such as 'cat6' must be typed exactly). Not STRICT, and read in FROM, so that PostgreSQL
-- writes its body into the triggers' statements, planned once a session: a set-returning
-- call in a select list is parsed and planned again on every provider's save.
CREATE OR REPLACE FUNCTION search_words_of(body text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT DISTINCT w FROM regexp_split_to_table(body, '[^a-z]+') AS w WHERE length(w) >= 4 $$;

CREATE OR REPLACE FUNCTION remember_new_search_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w.word FROM new_rows AS n, search_words_of(n.search_text) AS w(word)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION remember_changed_search_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w.word
      FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id, search_words_of(n.search_text) AS w(word)
     WHERE n.search_text IS DISTINCT FROM o.search_text
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- One statement-level trigger per event (a transition table serves one event only): a
-- batch of 1,000 inserted providers costs one INSERT of their distinct words.
CREATE OR REPLACE TRIGGER service_providers_search_words_insert AFTER INSERT ON service_providers
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION remember_new_search_words();

CREATE OR REPLACE TRIGGER service_providers_search_words_update AFTER UPDATE ON service_providers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION remember_changed_search_words();
