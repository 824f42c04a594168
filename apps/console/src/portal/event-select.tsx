import type { PortalEvent } from './portal-api';

/** The labelled choice of one of the session's events, as the create and edit forms offer it. */
export function EventSelect({
  label,
  events,
  value,
  onChange,
}: {
  label: string;
  events: PortalEvent[];
  value: string;
  onChange: (eventId: string) => void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {events.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name} ({item.alias})
          </option>
        ))}
      </select>
    </label>
  );
}
