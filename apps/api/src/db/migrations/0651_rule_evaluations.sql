-- Why each candidate rule of a POST /v1/emit-rules fired or not ([{ruleId, ruleName, isMatch,
-- conditions: [{field, operator, isMatch, reason}]}]): bounded reasons, never a copy of the data.
-- Written when the log settles; null for logs of events and for rules logs of earlier versions.
ALTER TABLE event_logs ADD COLUMN rule_evaluations jsonb;
