-- How an application's consumers see the portal: the sites allowed to embed it in an iframe (the
-- page's Content-Security-Policy frame-ancestors; none when empty) and its brand (name, colour, logo).
ALTER TABLE applications
  ADD COLUMN portal_settings jsonb NOT NULL
  DEFAULT '{"allowedOrigins": [], "accentColor": null, "logoUrl": null, "displayName": null}'::jsonb;
