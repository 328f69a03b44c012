-- Each app process keeps the sessions it has checked in memory for a short while. Whatever changes
-- a session (signing out, ending one, the daily renewal) or an account (deactivated, another user
-- type, a new language, two-step sign-in switched on or off) tells every process at once, through
-- NOTIFY on the ecogrid_sessions channel with the user's id, delivered when the change commits.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('ecogrid_sessions', OLD.user_id);
  ELSE
    PERFORM pg_notify('ecogrid_sessions', OLD.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_change_notice AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_change_notice AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
