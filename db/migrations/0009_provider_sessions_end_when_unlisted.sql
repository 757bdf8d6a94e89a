-- A provider taken off the listing (approval withdrawn, application reset to pending) is
-- signed out everywhere: its token version moves on, so every session token it holds
-- stops working (issue 11). A trigger, so no code path that unapproves can forget it.
CREATE FUNCTION end_sessions_of_unlisted_provider() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_approved AND NOT NEW.is_approved THEN
    NEW.token_version := OLD.token_version + 1;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER service_providers_end_sessions_when_unlisted
BEFORE UPDATE OF is_approved ON service_providers
FOR EACH ROW EXECUTE FUNCTION end_sessions_of_unlisted_provider();
