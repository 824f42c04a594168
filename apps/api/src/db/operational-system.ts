/**
 * The system application and its one event that back operational endpoints (migration 0800): each
 * endpoint is an internal subscription of this event, so the engine delivers it like any other.
 * Nobody is a member; the access policy hides them from everyone, admins included.
 */
export const OPERATIONAL_APPLICATION_ID = '00000000-0000-7000-8000-000000000039';
export const OPERATIONAL_EVENT_ID = '00000000-0000-7000-8000-000000000040';
