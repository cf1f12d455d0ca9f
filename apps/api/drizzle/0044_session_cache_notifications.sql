-- Custom SQL migration file, put your code below! ---- hand-written:
-- Every API process keeps the sessions it has read for the catalogue's reads (src/auth/session-cache.ts).
-- What a cached session holds comes from its row in `sessions`, its user and its pharmacy's name, so
-- a change to any of them notifies the channel `botica_sessions` at commit: `s:<session id>` when a
-- session ends, `u:<user id>` when a user changes or goes, `c:<client id>` when a pharmacy's name
-- changes, `*` when the sessions are truncated. Each process drops what the message names.
CREATE OR REPLACE FUNCTION botica_session_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('botica_sessions', '*');
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('botica_sessions', 's:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('botica_sessions', 'u:' || OLD.id);
  ELSE
    PERFORM pg_notify('botica_sessions', 'c:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_session_changed AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION botica_session_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_session_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION botica_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_changed AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION botica_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION botica_session_changed();
--> statement-breakpoint
CREATE TRIGGER clients_session_changed AFTER UPDATE OF name ON clients
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION botica_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION botica_session_changed();
--> statement-breakpoint
CREATE TRIGGER clients_session_truncated AFTER TRUNCATE ON clients
  FOR EACH STATEMENT EXECUTE FUNCTION botica_session_changed();
