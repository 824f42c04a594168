-- The secret that signs an application's event callbacks (Standard Webhooks, like deliveries).
-- Stored sealed with SECRET_KEY, which SQL cannot know: each start fills it for applications that
-- lack one (db/seal-stored-secrets.ts), as it seals secrets stored in clear before this release.
ALTER TABLE applications ADD COLUMN callback_secret text;
