-- Why and when the delivery engine set a subscription FAILED, so the console can say it and an
-- operator can decide to reactivate it: 'GONE' (the target answered 410) or 'CONSECUTIVE_FAILURES'.
-- Both are cleared when the subscription is set to another status.
ALTER TABLE subscriptions ADD COLUMN disabled_reason text;
ALTER TABLE subscriptions ADD COLUMN disabled_at timestamptz;
