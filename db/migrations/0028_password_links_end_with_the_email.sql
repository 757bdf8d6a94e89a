-- A password link belongs to the address it was mailed to: when a provider's login e-mail
-- changes to another mailbox, its open links end. A set-password link mailed to a
-- mistyped address must not outlive the admin's correction, nor a reset link the
-- provider's move to a new address. A trigger, so no code path that changes the e-mail
-- can forget it (as 0009 does for sessions). The same address in another case is the
-- same mailbox: its links stay open.
CREATE FUNCTION end_password_links_of_changed_email() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE password_tokens SET used_at = now()
   WHERE provider_id = NEW.id AND used_at IS NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER service_providers_end_password_links_when_email_changes
AFTER UPDATE OF email ON service_providers
FOR EACH ROW WHEN (lower(OLD.email) IS DISTINCT FROM lower(NEW.email))
EXECUTE FUNCTION end_password_links_of_changed_email();
