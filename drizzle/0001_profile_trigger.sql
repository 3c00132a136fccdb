-- A profile exists for every account, created in the same statement (so the same transaction)
-- as the account row: an account can never be left without its profile, nor a profile without
-- its account. The full name comes from the account's name given at sign-up.
CREATE OR REPLACE FUNCTION zampa_create_profile() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profiles (id, email, full_name, role)
  VALUES (NEW.id, NEW.email, btrim(NEW.name), 'user')
  ON CONFLICT (id) DO NOTHING;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_create_profile AFTER INSERT ON users
FOR EACH ROW EXECUTE FUNCTION zampa_create_profile();
--> statement-breakpoint
-- A confirmed e-mail change on the account is mirrored in the profile.
CREATE OR REPLACE FUNCTION zampa_sync_profile_email() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET email = NEW.email, updated_at = now() WHERE id = NEW.id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_sync_profile_email AFTER UPDATE OF email ON users
FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email)
EXECUTE FUNCTION zampa_sync_profile_email();
