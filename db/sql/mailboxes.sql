-- The mailbox an address reaches (src/api/mail/mailbox.ts): one rule for every "is this
-- the same person's address" check (the cap on confirmation mails, a provider's or an
-- admin's own address on a review). Case folded and any `+tag` dropped, so
-- Bob+x@Example.co.za is Bob's mailbox; at Gmail, whose addresses ignore dots and which
-- also answers at googlemail.com, the dots go and the domain is gmail.com, so
-- t.h.a.b.o@googlemail.com is thabo@gmail.com. Elsewhere dots tell mailboxes apart.
CREATE OR REPLACE FUNCTION mailbox_of(address text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
           WHEN split_part(folded, '@', 2) IN ('gmail.com', 'googlemail.com')
             THEN replace(split_part(folded, '@', 1), '.', '') || '@gmail.com'
           ELSE folded
         END
    FROM (SELECT regexp_replace(lower(address), '\+[^@]*@', '@') AS folded) AS address_folded
$$;
