-- The premium and verified providers in a posting of their own ('pv:'), so that a page
-- within a score's premium providers is placed without the verified list (issue 15's
-- speed goal; docs/decisions/0030, "The premium and verified in a list of their own").
-- Splitting a score into the listing's four groups intersected it with the verified list
-- (50,929 ids at 100,000 providers, 204 KB), which intarray copies and checks whole for
-- each intersection, after reading it out of TOAST: 0.4 to 1.1 ms of a 3 to 5 ms search.
-- Yet a first page most often falls among a score's premium providers, and those are told
-- apart by the premium list (12,705) and 'pv:', premium's verified part. Now a score is
-- split into its premium providers, and those into 'pv:''s and the rest; the verified list
-- is read, once, only when a page reaches past a score's premium providers (or filters by
-- verification). 'pv:' counts, like 'v:', from the day 'v:' holds (those that lapsed
-- since are taken out at read time), is kept by the same triggers (its key comes from
-- search_keys) and moved on with 'v:'. The answers are those of 0026.
CREATE OR REPLACE FUNCTION search_keys(
  is_approved boolean, is_premium boolean, is_verified boolean,
  services text[], area_values text[], search_text text, name text
) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT k FROM (
    SELECT 's:' || s FROM unnest(services) AS s
    UNION SELECT 'a:' || a FROM unnest(area_values) AS a
    UNION SELECT 'p:' WHERE is_premium
    UNION SELECT 'v:' WHERE is_verified
    UNION SELECT 'pv:' WHERE is_premium AND is_verified
    UNION SELECT 'w:' || t FROM search_tokens(search_text) AS t
    UNION SELECT 'n:' || t FROM search_tokens(left(search_text, length(name))) AS t
  ) AS keys(k)
  WHERE is_approved
$$;--> statement-breakpoint
-- The verified postings counted from today (runDueJobs calls this daily; a search works
-- out today's sets whatever their day).
CREATE OR REPLACE FUNCTION search_postings_refresh_verified() RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  today date := sa_today();
BEGIN
  IF search_postings_since() < today THEN
    UPDATE search_postings
       SET as_of = today,
           ids = (SELECT coalesce(sort(array_agg(id)), '{}') FROM service_providers
                   WHERE is_approved AND verified_until >= today)
     WHERE key = 'v:';
    INSERT INTO search_postings AS sp (key, ids)
      SELECT 'pv:', coalesce(sort(array_agg(id)), '{}') FROM service_providers
       WHERE is_approved AND is_premium AND verified_until >= today
    ON CONFLICT (key) DO UPDATE SET ids = excluded.ids;
  END IF;
END
$$;--> statement-breakpoint
-- 'pv:' as the triggers would have kept it, counted from the day 'v:' holds.
INSERT INTO search_postings AS sp (key, ids)
  SELECT 'pv:', coalesce(sort(array_agg(p.id)), '{}') FROM service_providers AS p
   WHERE p.is_approved AND p.is_premium
     AND p.verified_until >= (SELECT as_of FROM search_postings WHERE key = 'v:')
ON CONFLICT (key) DO UPDATE SET ids = excluded.ids;--> statement-breakpoint
DROP FUNCTION search_postings_page(jsonb, jsonb, integer, integer, integer);--> statement-breakpoint

-- The 'v:' posting less `lapsed` (the providers whose checks lapsed since its day).
CREATE FUNCTION search_postings_verified(lapsed integer[]) RETURNS integer[]
  LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN lapsed = '{}' THEN ids ELSE ids - lapsed END
    FROM (SELECT coalesce((SELECT v.ids FROM search_postings AS v WHERE v.key = 'v:'), '{}') AS ids)
      AS v
$$;--> statement-breakpoint

-- The page (`take` ids from `skip`) and total of a search, in the recommended order: the
-- most relevant first, then premium, verified today, rating, name and id.
--   terms:   [{name, words, wordStarts, keys, nearKeys, nearWords, place}], one a term
--   filters: {keySets: [[key, ...], ...] (each a union; all of them hold), premium, verified}
-- Relevance is summed over the terms: 4 when the name holds the term, 3 when the provider
-- offers the service or serves the place it names, 2 when its other words hold it, 1 for a
-- typo's match. The matches are split, term by term, into pieces of one relevance each,
-- kept one after another in one array. Then, from the highest relevance down, each
-- relevance's pieces are united into its block; a block wholly before the page is passed
-- over by its size, and the others are split into the listing's four groups (premium and
-- verified, premium, verified, the rest): by their premium matches and those of 'pv:',
-- then, only when the page reaches past the premium ones, by their verified matches. Each
-- group the page falls in is read in one of two ways: walked down the ranking index
-- (premium, rating, name, id), each id looked up among the group's (idx, an index-only
-- scan that stops after the page), or read by their ids and sorted whole, whichever reads
-- less: a walk passes about (skip + take) * (the group's providers) / (the group's
-- matches) ids, each costing 1 / look_ups_per_row of reading a row by its id (300:
-- measured on the bench's 100,000 providers; the tests set 0 and a billion to compare
-- the two ways).
CREATE FUNCTION search_postings_page(
  terms jsonb, filters jsonb, skip integer, take integer, look_ups_per_row integer DEFAULT 300,
  OUT total integer, OUT page integer[]
) LANGUAGE plpgsql STABLE AS $$
DECLARE
  term_count integer := jsonb_array_length(terms);
  term jsonb;
  premium search_ids;
  premium_verified search_ids;
  -- Read when first needed (search_postings_verified): NULL until then.
  verified search_ids;
  since date;
  lapsed search_ids;
  approved integer;
  matches search_ids;
  key_set jsonb;
  part search_ids;
  n search_ids;
  k search_ids;
  o search_ids;
  n_empty boolean;
  k_empty boolean;
  o_empty boolean;
  -- Each term's lists from its matching, one after another: term i's keyed, named and
  -- worded are kept[kept_starts[3i+1..3i+3] ...] of kept_sizes (NULL: not read).
  keyed search_ids;
  named search_ids;
  worded search_ids;
  near search_ids;
  word_starts boolean;
  kept search_ids := '{}';
  kept_starts search_ids := '{}';
  kept_sizes search_ids := '{}';
  left_over integer;
  -- The pieces: piece j is pieces[starts[j] : starts[j] + sizes[j] - 1], of relevance scores[j].
  pieces search_ids;
  starts search_ids;
  sizes search_ids;
  scores search_ids;
  next_pieces search_ids;
  next_starts search_ids;
  next_sizes search_ids;
  next_scores search_ids;
  piece search_ids;
  in_premium search_ids;
  in_both search_ids;
  in_verified search_ids;
  block_sizes search_ids;
  block search_ids;
  wanted integer;
  group_size integer;
BEGIN
  -- Read whole once (a list read INTO a variable stays in TOAST, read again at each use).
  SELECT p.ids INTO premium FROM search_postings AS p WHERE p.key = 'p:';
  premium := coalesce(premium, '{}');
  -- Verified today: the postings less those whose checks lapsed since their day.
  SELECT v.as_of INTO since FROM search_postings AS v WHERE v.key = 'v:';
  lapsed := '{}';
  IF since < sa_today() THEN
    lapsed := coalesce((
      SELECT sort(array_agg(sp.id)) FROM service_providers AS sp
       -- Both values of is_premium, so the range is read from the index that leads with it.
       WHERE sp.is_approved AND sp.is_premium IN (false, true)
         AND sp.verified_until >= since AND sp.verified_until < sa_today()), '{}');
  END IF;
  SELECT pv.ids INTO premium_verified FROM search_postings AS pv WHERE pv.key = 'pv:';
  premium_verified := coalesce(premium_verified, '{}');
  IF lapsed <> '{}' THEN premium_verified := premium_verified - lapsed; END IF;

  -- The matches: the filters (NULL until one narrows them), then each term within them,
  -- keeping the lists each term read.
  FOR key_set IN SELECT jsonb_array_elements(filters->'keySets') LOOP
    matches := search_postings_of(ARRAY(SELECT jsonb_array_elements_text(key_set)), matches);
  END LOOP;
  IF (filters->>'premium')::boolean THEN matches := coalesce(matches & premium, premium); END IF;
  IF (filters->>'verified')::boolean THEN
    verified := search_postings_verified(lapsed);
    matches := coalesce(matches & verified, verified);
  END IF;
  FOR i IN 0..term_count - 1 LOOP
    -- What the term matches: a service or place it names (keys), its own words
    -- (wordStarts when a short word must start a word; a place word in the name only, so
    -- they are looked for among the providers whose name holds it) or a typo's (nearKeys,
    -- nearWords). Kept for its relevance: the keys' list, a place's name matches, and its
    -- words' when they are the relevance's words (empty for a place, whose matches are
    -- all named or keyed; NULL when the relevance must read them itself).
    term := terms->i;
    word_starts := jsonb_typeof(term->'wordStarts') = 'array';
    keyed := search_postings_of(ARRAY(SELECT jsonb_array_elements_text(term->'keys')), matches);
    near := search_postings_of(ARRAY(SELECT jsonb_array_elements_text(term->'nearKeys')), matches)
      | search_postings_holding(term->'nearWords', true, matches);
    IF (term->>'place')::boolean THEN
      named := search_postings_holding(term->'name', false, matches);
      matches := keyed | near | search_postings_holding(
        CASE WHEN word_starts THEN term->'wordStarts' ELSE term->'words' END, false, named);
      worded := CASE WHEN near = '{}' THEN '{}'::integer[] END;
    ELSE
      named := NULL;
      worded := search_postings_holding(
        CASE WHEN word_starts THEN term->'wordStarts' ELSE term->'words' END, false, matches);
      matches := keyed | near | worded;
      IF word_starts THEN worded := NULL; END IF;
    END IF;
    kept_starts := kept_starts
      || ARRAY[cardinality(kept) + 1,
               cardinality(kept) + 1 + cardinality(keyed),
               cardinality(kept) + 1 + cardinality(keyed) + coalesce(cardinality(named), 0)];
    kept_sizes := kept_sizes || ARRAY[cardinality(keyed), cardinality(named), cardinality(worded)];
    kept := kept || keyed || coalesce(named, '{}') || coalesce(worded, '{}');
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
    -- (3), its other words (2); the rest of the matches match it by a typo (1). The lists
    -- the term's matching read, cut down to the matches; the others read now.
    n := CASE WHEN kept_sizes[3 * i + 2] IS NULL
              THEN search_postings_holding(term->'name', false, matches)
              ELSE kept[kept_starts[3 * i + 2] : kept_starts[3 * i + 2] + kept_sizes[3 * i + 2] - 1]
                   & matches END;
    k := (kept[kept_starts[3 * i + 1] : kept_starts[3 * i + 1] + kept_sizes[3 * i + 1] - 1]
          & matches) - n;
    o := CASE WHEN kept_sizes[3 * i + 3] IS NULL
              THEN search_postings_holding(term->'words', false, matches)
              ELSE kept[kept_starts[3 * i + 3] : kept_starts[3 * i + 3] + kept_sizes[3 * i + 3] - 1]
                   & matches END - n - k;
    n_empty := cardinality(n) = 0;
    k_empty := cardinality(k) = 0;
    o_empty := cardinality(o) = 0;
    next_pieces := '{}';
    next_starts := '{}';
    next_sizes := '{}';
    next_scores := '{}';
    FOR j IN 1..cardinality(starts) LOOP
      piece := pieces[starts[j] : starts[j] + sizes[j] - 1];
      left_over := sizes[j];
      FOR level IN REVERSE 4..1 LOOP
        -- An empty level takes nothing without an intersection; a piece that no level
        -- above took is of the last level whole.
        part := CASE
          WHEN level = 4 THEN CASE WHEN n_empty THEN '{}' ELSE piece & n END
          WHEN level = 3 THEN CASE WHEN k_empty THEN '{}' ELSE piece & k END
          WHEN level = 2 THEN CASE WHEN o_empty THEN '{}' ELSE piece & o END
          WHEN left_over = sizes[j] THEN piece
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

  FOR score IN REVERSE 4 * term_count..term_count LOOP
    CONTINUE WHEN NOT score = ANY(scores);
    -- The score's matches: its pieces united (each is sorted and they are disjoint, so the
    -- union is a merge; left unsorted, every intersection below would sort them). A score
    -- wholly before the page is passed over by its size alone.
    block := NULL;
    FOR j IN 1..cardinality(starts) LOOP
      CONTINUE WHEN scores[j] <> score;
      piece := pieces[starts[j] : starts[j] + sizes[j] - 1];
      block := CASE WHEN block IS NULL THEN piece ELSE block | piece END;
    END LOOP;
    IF skip >= cardinality(block) THEN
      skip := skip - cardinality(block);
      CONTINUE;
    END IF;
    -- Its four groups, in the listing's order: its premium matches, those of them also
    -- verified, and only if the page reaches past them, its verified matches.
    in_premium := CASE WHEN cardinality(premium) = 0 THEN '{}' ELSE block & premium END;
    in_both := CASE WHEN cardinality(in_premium) = 0 THEN '{}' ELSE in_premium & premium_verified END;
    block_sizes := ARRAY[cardinality(in_both), cardinality(in_premium) - cardinality(in_both)];
    FOR rank_group IN 1..4 LOOP
      IF rank_group = 3 THEN
        verified := coalesce(verified, search_postings_verified(lapsed));
        in_verified := block & verified;
        block_sizes := block_sizes || ARRAY[
          cardinality(in_verified) - cardinality(in_both),
          cardinality(block) - cardinality(in_premium) - cardinality(in_verified) + cardinality(in_both)];
      END IF;
      IF skip >= block_sizes[rank_group] THEN
        skip := skip - block_sizes[rank_group];
        CONTINUE;
      END IF;
      piece := CASE rank_group
        WHEN 1 THEN in_both
        WHEN 2 THEN in_premium - in_both
        WHEN 3 THEN in_verified - in_premium
        ELSE block - in_premium - in_verified
      END;
      wanted := least(take - cardinality(page), block_sizes[rank_group] - skip);
      IF rank_group > 2 AND approved IS NULL THEN
        SELECT coalesce(sum(approved_count), 0)::integer INTO approved
          FROM provider_counts WHERE service = '*';
      END IF;
      group_size := CASE WHEN rank_group <= 2 THEN icount(premium) ELSE approved - icount(premium) END;
      -- Planned on each call (EXECUTE): the best plan depends on the group and the page.
      IF (skip + wanted)::bigint * group_size < block_sizes[rank_group]::bigint * look_ups_per_row THEN
        EXECUTE 'SELECT ARRAY(SELECT sp.id FROM service_providers AS sp
                  WHERE sp.is_approved AND sp.is_premium = $2 AND idx($1, sp.id) > 0
                  ORDER BY sp.is_premium DESC, sp.rating DESC, sp.name, sp.id
                  LIMIT $3 OFFSET $4)'
          INTO part USING piece, rank_group <= 2, wanted, skip;
      ELSE
        EXECUTE 'SELECT ARRAY(SELECT sp.id FROM service_providers AS sp
                  WHERE sp.id = ANY($1)
                  ORDER BY sp.is_premium DESC, sp.rating DESC, sp.name, sp.id
                  LIMIT $2 OFFSET $3)'
          INTO part USING piece, wanted, skip;
      END IF;
      page := page || part;
      skip := 0;
      IF cardinality(page) >= take THEN RETURN; END IF;
    END LOOP;
  END LOOP;
END
$$;
