-- The search's set algebra with each list cut down before it is united (issue 15's speed
-- goal; docs/decisions/0030, "Cut down before the union"). intarray's union costs many
-- times its intersection, and a word's lists can be long ('cape' is in 56,551 ids of
-- five tokens at 100,000 providers): each list is now intersected with what the search
-- has found so far (`within`) before the union, so no union is larger than the answer.
-- Each word of a term is looked for among the matches of the words before it, and a
-- place term's own words among the providers whose name holds it. Replaces the helpers
-- of 0023 (they gain `within`) and restates search_postings_page to use them.
DROP FUNCTION search_postings_matching(jsonb, integer[]);--> statement-breakpoint
DROP FUNCTION search_postings_holding(jsonb, boolean);--> statement-breakpoint
DROP FUNCTION search_postings_holding(jsonb);--> statement-breakpoint
DROP FUNCTION search_postings_of(text[]);--> statement-breakpoint

-- The union of the postings of these keys, each cut down to `within` first (NULL: all).
CREATE OR REPLACE FUNCTION search_postings_of(wanted text[], within integer[]) RETURNS integer[]
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  found integer[];
BEGIN
  SELECT search_union(CASE WHEN within IS NULL THEN ids ELSE ids & within END) INTO found
    FROM search_postings WHERE key = ANY(wanted);
  RETURN coalesce(found, '{}');
END
$$;--> statement-breakpoint

-- The union of the postings whose key is LIKE a word's pattern ("like") and, when the word
-- must start a word of the token, whose token matches that regular expression ("start"),
-- each cut down to `within` first (NULL: all).
CREATE OR REPLACE FUNCTION search_postings_holding(word jsonb, within integer[]) RETURNS integer[]
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  found integer[];
BEGIN
  SELECT search_union(CASE WHEN within IS NULL THEN ids ELSE ids & within END) INTO found
    FROM search_postings
   WHERE key LIKE word->>'like'
     AND (word->>'start' IS NULL OR substr(key, 3) ~ (word->>'start'));
  RETURN coalesce(found, '{}');
END
$$;--> statement-breakpoint

-- The providers of `within` (NULL: all) holding every word of `words` (a JSON array of
-- search_postings_holding's words), each looked for among those holding the words before
-- it; or with `any_word`, any of them.
CREATE OR REPLACE FUNCTION search_postings_holding(words jsonb, any_word boolean, within integer[])
  RETURNS integer[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  word jsonb;
  found integer[];
BEGIN
  FOR word IN SELECT jsonb_array_elements(words) LOOP
    IF any_word THEN
      found := coalesce(found, '{}') | search_postings_holding(word, within);
    ELSE
      found := search_postings_holding(word, coalesce(found, within));
      EXIT WHEN found = '{}';
    END IF;
  END LOOP;
  RETURN coalesce(found, '{}');
END
$$;--> statement-breakpoint

-- What one term matches, among `within` (NULL: all): a service or place it names (keys),
-- its own words (wordStarts when a short word must start a word; a place word in the name
-- only, so they are looked for among the providers whose name holds it) or a typo's
-- (nearKeys, nearWords).
CREATE OR REPLACE FUNCTION search_postings_matching(term jsonb, within integer[]) RETURNS integer[]
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  own_words jsonb := CASE WHEN jsonb_typeof(term->'wordStarts') = 'array'
                          THEN term->'wordStarts' ELSE term->'words' END;
  own_within integer[] := within;
BEGIN
  IF (term->>'place')::boolean THEN
    own_within := search_postings_holding(term->'name', false, within);
  END IF;
  RETURN search_postings_of(ARRAY(SELECT jsonb_array_elements_text(term->'keys')), within)
    | search_postings_holding(own_words, false, own_within)
    | search_postings_of(ARRAY(SELECT jsonb_array_elements_text(term->'nearKeys')), within)
    | search_postings_holding(term->'nearWords', true, within);
END
$$;--> statement-breakpoint

-- The page (`take` ids from `skip`) and total of a search, in the recommended order: the
-- most relevant first, then premium, verified today, rating, name and id.
--   terms:   [{name, words, wordStarts, keys, nearKeys, nearWords, place}], one a term
--   filters: {keySets: [[key, ...], ...] (each a union; all of them hold), premium, verified}
-- Relevance is summed over the terms: 4 when the name holds the term, 3 when the provider
-- offers the service or serves the place it names, 2 when its other words hold it, 1 for a
-- typo's match. The matches are split, term by term, into pieces of one relevance each
-- (intersections only: intarray's unions and differences cost many times more), kept one
-- after another in one array. Each relevance falls into four groups (premium and
-- verified, premium, verified, the rest), counted by intersections too, and only the
-- blocks the page falls in are put together, then read in one of two ways: walked down
-- the ranking index (premium, rating, name, id), each id looked up among the block's (idx,
-- an index-only scan that stops after the page), or read by their ids and sorted whole,
-- whichever reads less: a walk passes about (skip + take) * (the group's providers) /
-- (the block's size) ids, each costing 1 / look_ups_per_row of reading a row by its id
-- (300: measured on the bench's 100,000 providers; the tests set 0 and a billion to
-- compare the two ways).
CREATE OR REPLACE FUNCTION search_postings_page(
  terms jsonb, filters jsonb, skip integer, take integer, look_ups_per_row integer DEFAULT 300,
  OUT total integer, OUT page integer[]
) LANGUAGE plpgsql STABLE AS $$
DECLARE
  term_count integer := jsonb_array_length(terms);
  term jsonb;
  premium integer[] := search_postings_of(ARRAY['p:'], NULL);
  verified integer[];
  since date;
  approved integer;
  matches integer[];
  key_set jsonb;
  part integer[];
  n integer[];
  k integer[];
  o integer[];
  left_over integer;
  -- The pieces: piece j is pieces[starts[j] : starts[j] + sizes[j] - 1], of relevance scores[j].
  pieces integer[];
  starts integer[];
  sizes integer[];
  scores integer[];
  next_pieces integer[];
  next_starts integer[];
  next_sizes integer[];
  next_scores integer[];
  piece integer[];
  in_premium integer[];
  in_verified integer[];
  with_premium integer;
  with_verified integer;
  with_both integer;
  block_sizes integer[];
  block integer[];
  wanted integer;
  group_size integer;
BEGIN
  -- Verified today: the 'v:' posting less those whose checks lapsed since its day.
  SELECT v.ids, v.as_of INTO verified, since FROM search_postings AS v WHERE v.key = 'v:';
  verified := coalesce(verified, '{}');
  IF since < sa_today() THEN
    verified := verified - coalesce((
      SELECT array_agg(sp.id) FROM service_providers AS sp
       -- Both values of is_premium, so the range is read from the index that leads with it.
       WHERE sp.is_approved AND sp.is_premium IN (false, true)
         AND sp.verified_until >= since AND sp.verified_until < sa_today()), '{}');
  END IF;

  -- The matches: the filters (NULL until one narrows them), then each term within them.
  FOR key_set IN SELECT jsonb_array_elements(filters->'keySets') LOOP
    matches := search_postings_of(ARRAY(SELECT jsonb_array_elements_text(key_set)), matches);
  END LOOP;
  IF (filters->>'premium')::boolean THEN matches := coalesce(matches & premium, premium); END IF;
  IF (filters->>'verified')::boolean THEN matches := coalesce(matches & verified, verified); END IF;
  FOR i IN 0..term_count - 1 LOOP
    matches := search_postings_matching(terms->i, matches);
  END LOOP;
  total := icount(coalesce(matches, '{}'));
  page := '{}';
  IF total = 0 OR take <= 0 THEN RETURN; END IF;

  -- The pieces, term by term: each piece of the terms before split by this term's level.
  pieces := matches;
  starts := '{1}';
  sizes := ARRAY[total];
  scores := '{0}';
  FOR i IN 0..term_count - 1 LOOP
    term := terms->i;
    -- This term's levels among the matches: the name (4), the service or place it names
    -- (3), its other words (2); the rest of the matches match it by a typo (1).
    n := search_postings_holding(term->'name', false, matches);
    k := search_postings_of(ARRAY(SELECT jsonb_array_elements_text(term->'keys')), matches) - n;
    o := search_postings_holding(term->'words', false, matches) - n - k;
    next_pieces := '{}';
    next_starts := '{}';
    next_sizes := '{}';
    next_scores := '{}';
    FOR j IN 1..cardinality(starts) LOOP
      piece := pieces[starts[j] : starts[j] + sizes[j] - 1];
      left_over := sizes[j];
      FOR level IN REVERSE 4..1 LOOP
        part := CASE level
          WHEN 4 THEN piece & n
          WHEN 3 THEN piece & k
          WHEN 2 THEN piece & o
          ELSE piece - n - k - o
        END;
        CONTINUE WHEN part = '{}';
        next_starts := next_starts || cardinality(next_pieces) + 1;
        next_sizes := next_sizes || cardinality(part);
        next_scores := next_scores || scores[j] + level;
        next_pieces := next_pieces || part;
        left_over := left_over - cardinality(part);
        EXIT WHEN left_over = 0;
      END LOOP;
    END LOOP;
    pieces := next_pieces;
    starts := next_starts;
    sizes := next_sizes;
    scores := next_scores;
  END LOOP;

  in_premium := premium & matches;
  in_verified := verified & matches;
  FOR score IN REVERSE 4 * term_count..term_count LOOP
    CONTINUE WHEN NOT score = ANY(scores);
    -- The sizes of the score's four blocks, in the listing's order of groups.
    block_sizes := '{0, 0, 0, 0}';
    FOR j IN 1..cardinality(starts) LOOP
      CONTINUE WHEN scores[j] <> score;
      piece := pieces[starts[j] : starts[j] + sizes[j] - 1];
      with_premium := icount(piece & in_premium);
      with_verified := icount(piece & in_verified);
      with_both := icount(piece & in_premium & in_verified);
      block_sizes := ARRAY[
        block_sizes[1] + with_both,
        block_sizes[2] + with_premium - with_both,
        block_sizes[3] + with_verified - with_both,
        block_sizes[4] + sizes[j] - with_premium - with_verified + with_both];
    END LOOP;
    FOR rank_group IN 1..4 LOOP
      IF skip >= block_sizes[rank_group] THEN
        skip := skip - block_sizes[rank_group];
        CONTINUE;
      END IF;
      block := '{}';
      FOR j IN 1..cardinality(starts) LOOP
        CONTINUE WHEN scores[j] <> score;
        piece := pieces[starts[j] : starts[j] + sizes[j] - 1];
        block := block || CASE rank_group
          WHEN 1 THEN piece & in_premium & in_verified
          WHEN 2 THEN (piece & in_premium) - in_verified
          WHEN 3 THEN (piece & in_verified) - in_premium
          ELSE piece - in_premium - in_verified
        END;
      END LOOP;
      wanted := least(take - cardinality(page), block_sizes[rank_group] - skip);
      IF rank_group > 2 AND approved IS NULL THEN
        SELECT coalesce(sum(approved_count), 0)::integer INTO approved
          FROM provider_counts WHERE service = '*';
      END IF;
      group_size := CASE WHEN rank_group <= 2 THEN icount(premium) ELSE approved - icount(premium) END;
      -- Planned on each call (EXECUTE): the best plan depends on the block and the page.
      -- The block's pieces lie one after another, unsorted, which idx and ANY allow.
      IF (skip + wanted)::bigint * group_size < block_sizes[rank_group]::bigint * look_ups_per_row THEN
        EXECUTE 'SELECT ARRAY(SELECT sp.id FROM service_providers AS sp
                  WHERE sp.is_approved AND sp.is_premium = $2 AND idx($1, sp.id) > 0
                  ORDER BY sp.is_premium DESC, sp.rating DESC, sp.name, sp.id
                  LIMIT $3 OFFSET $4)'
          INTO part USING block, rank_group <= 2, wanted, skip;
      ELSE
        EXECUTE 'SELECT ARRAY(SELECT sp.id FROM service_providers AS sp
                  WHERE sp.id = ANY($1)
                  ORDER BY sp.is_premium DESC, sp.rating DESC, sp.name, sp.id
                  LIMIT $2 OFFSET $3)'
          INTO part USING block, wanted, skip;
      END IF;
      page := page || part;
      skip := 0;
      IF cardinality(page) >= take THEN RETURN; END IF;
    END LOOP;
  END LOOP;
END
$$;
