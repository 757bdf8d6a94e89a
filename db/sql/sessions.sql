-- Sign-ins and password links that must end with a change of the provider's row. Triggers,
-- so that no code path that makes the change can forget them.

-- A provider taken off the listing (approval withdrawn, application reset to pending) is
-- signed out everywhere: its token version moves on, so every session token it holds
-- stops working.
CREATE OR REPLACE FUNCTION end_sessions_of_unlisted_provider() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_approved AND NOT NEW.is_approved THEN
    NEW.token_version := OLD.token_version + 1;
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER service_providers_end_sessions_when_unlisted
  BEFORE UPDATE OF is_approved ON service_providers
  FOR EACH ROW EXECUTE FUNCTION end_sessions_of_unlisted_provider();

-- A password link belongs to the address it was mailed to: when a provider's login e-mail
-- changes to another mailbox, its open links end. A set-password link mailed to a
-- mistyped address must not outlive the admin's correction, nor a reset link the
-- provider's move to a new address. The same address in another case is the same
-- mailbox: its links stay open.
CREATE OR REPLACE FUNCTION end_password_links_of_changed_email() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE password_tokens SET used_at = now()
   WHERE provider_id = NEW.id AND used_at IS NULL;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER service_providers_end_password_links_when_email_changes
  AFTER UPDATE OF email ON service_providers
  FOR EACH ROW WHEN (lower(OLD.email) IS DISTINCT FROM lower(NEW.email))
  EXECUTE FUNCTION end_password_links_of_changed_email();
