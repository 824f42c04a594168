-- The reason of an ignored delivery as shown to readers who are not members of the emitting
-- application: without the emitter's header values. NULL when it is the same as error_message.
ALTER TABLE delivery_logs ADD COLUMN outsider_error_message text;

-- Reasons recorded before this column may quote header values: outsiders get a summary instead.
UPDATE delivery_logs
SET outsider_error_message = 'Filtros não atendidos (detalhes dos headers visíveis apenas para membros da aplicação)'
WHERE status = 'IGNORED' AND error_message LIKE '%(header)%';
