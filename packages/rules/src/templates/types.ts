export type TemplateContext = {
  eventId: string;
  eventName: string;
  timestamp: string;
  data: unknown;
  payload: unknown;
};

/** Fixed placeholders; `{{payload.a.b}}` and `{{data.a.b}}` read paths into the context. */
export const TEMPLATE_PLACEHOLDERS = ['#eventId#', '#eventName#', '#timestamp#', '#data#'] as const;

export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
