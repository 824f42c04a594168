-- Mutual TLS: a subscription may present a client certificate (and trust its own CA bundle) to
-- its endpoint. One object per subscription: {certificate, privateKey, passphrase?, caBundle?,
-- subject, validTo}; privateKey and passphrase are sealed with SECRET_KEY like auth details.
ALTER TABLE subscriptions ADD COLUMN client_tls jsonb;
