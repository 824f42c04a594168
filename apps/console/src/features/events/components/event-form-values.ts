import {
  DEFAULT_BODY_TEMPLATE,
  EVENT_QUEUE_DEFAULTS,
  eventFormToRequest,
  type TEvent,
  type TEventForm,
  type TEventFormValues,
  type TUpdateEventRequest,
} from '@wm/contracts';

/** A new event's form starts from these values. */
export const newEventFormValues = (applicationId = ''): TEventFormValues => ({
  applicationId,
  name: '',
  alias: '',
  visibility: 'PUBLIC',
  queueType: 'IMMEDIATE',
  enableCallbacks: true,
  callbackUrl: '',
  callbackAuthType: 'NONE',
  callbackAuthDetails: {},
  bodyTemplate: DEFAULT_BODY_TEMPLATE,
  ...EVENT_QUEUE_DEFAULTS,
  schema: '',
  examples: '',
  schemaValidation: 'OFF',
});

/** The edit form of a stored event; absent queue settings start at the defaults. */
export const eventToFormValues = (event: TEvent): TEventFormValues => ({
  applicationId: event.applicationId,
  name: event.name,
  alias: event.alias,
  visibility: event.visibility,
  queueType: event.queueType,
  enableCallbacks: event.enableCallbacks,
  callbackUrl: event.callbackUrl ?? '',
  callbackAuthType: event.callbackAuthType,
  callbackAuthDetails: event.callbackAuthDetails ?? {},
  bodyTemplate: event.bodyTemplate ? JSON.stringify(event.bodyTemplate, null, 2) : '',
  delayBetweenSends: event.delayBetweenSends ?? EVENT_QUEUE_DEFAULTS.delayBetweenSends,
  messageTtl: event.messageTtl ?? EVENT_QUEUE_DEFAULTS.messageTtl,
  maxRetries: event.maxRetries ?? EVENT_QUEUE_DEFAULTS.maxRetries,
  priority: event.priority ?? EVENT_QUEUE_DEFAULTS.priority,
  schema: event.schema ? JSON.stringify(event.schema, null, 2) : '',
  examples: event.examples.length > 0 ? JSON.stringify(event.examples, null, 2) : '',
  schemaValidation: event.schemaValidation,
});

/** PUT payload: the create payload, with an emptied template cleared explicitly. */
export const eventFormToUpdate = (form: TEventForm): TUpdateEventRequest => ({
  ...eventFormToRequest(form),
  bodyTemplate: form.bodyTemplate.trim() ? JSON.parse(form.bodyTemplate) : null,
});
