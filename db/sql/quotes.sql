-- Quotes on a request's copy (docs/decisions/0051). A quote sent is the provider's
-- response: the copy's timeline shows it ('responded', which also stamps the first
-- response of its assignment for responsiveness, requests.sql), and the copy counts as
-- answered (responded_at), so no reminder goes out about a request that has its quote.

CREATE OR REPLACE FUNCTION quote_sent() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO enquiry_events (enquiry_id, kind, detail, at)
    VALUES (NEW.enquiry_id, 'responded',
            -- The amount as the site writes it (formatCents): 'R7 070,78', a no-break
            -- space between thousands and a comma before the cents.
            format('Quote %s sent: R%s%s, valid until %s', NEW.version,
                   translate(to_char(NEW.total_cents / 100.0, 'FM999,999,990.00'), ',.', chr(160) || ','),
                   CASE WHEN NEW.vat_percent > 0 THEN ' including VAT' ELSE '' END,
                   to_char(NEW.valid_until, 'FMDD FMMonth YYYY')),
            NEW.created_at);
  UPDATE customer_enquiries SET responded_at = NEW.created_at
   WHERE id = NEW.enquiry_id AND responded_at IS NULL;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER quotes_sent
  AFTER INSERT ON quotes
  FOR EACH ROW EXECUTE FUNCTION quote_sent();
