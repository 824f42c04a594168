-- An application's own egress proxy, used instead of OUTBOUND_PROXY_URL for its outbound sends:
-- {url, password, exclude}; url carries no password, password is sealed with SECRET_KEY (null: none).
-- NULL: the global proxy.
ALTER TABLE applications ADD COLUMN outbound_proxy jsonb;
