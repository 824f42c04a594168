import type { RouteMethod, TEventTypeFrom } from '@wm/contracts';
import type { SchemaHolder } from '../emit/check-payload-schema';
import type { RouteEventTypes } from './read-event-type';
import type { OpenedVerification } from './verify-sender';

// The ingest routes' cache as the context holds it (types only: context.ts imports this file, and
// the file that builds it imports the context).

/** A route as its ingest URL answers: its secrets opened once, its event types by alias. */
export type IngestTarget = {
  routeId: string;
  applicationId: string;
  endpoint: string;
  method: RouteMethod;
  isActive: boolean;
  verification: OpenedVerification | null;
  eventTypeFrom: TEventTypeFrom;
  eventTypes: RouteEventTypes;
  /** The event types whose schema checks bodies (WARN or ENFORCE), by alias. */
  schemas: ReadonlyMap<string, SchemaHolder>;
};

export type IngestTargets = {
  /** The route of an ingest token; null when no route has it. */
  find(token: string): Promise<IngestTarget | null>;
  /** Stops listening for changes (if it had started); later lookups load every time. */
  stop(): Promise<void>;
};
