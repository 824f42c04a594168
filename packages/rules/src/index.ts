export {
  checkRegexPattern,
  compileRegex,
  MAX_REGEX_LENGTH,
  type RegexCheck,
} from './conditions/check-regex-pattern';
export {
  type CompiledCondition,
  type CompiledRule,
  type CompileOptions,
  type ConditionKind,
  compileCondition,
  compileRule,
} from './conditions/compile-rule';
export { evaluateCompiledRule, evaluateRule, matchCompiledRule } from './conditions/evaluate-rule';
export {
  type ConditionExplanation,
  explainRule,
  MAX_EXPLAINED_REASON,
  MAX_EXPLAINED_RULES,
  type RuleExplanation,
} from './conditions/explain-rule';
export {
  type CompiledRuleSet,
  compileRuleSet,
  matchRuleSet,
  type RuleSetEntry,
  type RuleSetStep,
  runRuleSet,
} from './conditions/match-rule-set';
export { parseTimestamp } from './conditions/parse-timestamp';
export * from './conditions/types';
export type { ScanMeter } from './conditions/value-forms';
export { compareNumbers, containsText, isEqual } from './filters/compare-values';
export { evaluateFilter } from './filters/evaluate-filter';
export { evaluateFilters, summariseFailures } from './filters/evaluate-filters';
export { readHeader } from './filters/read-header';
export * from './filters/types';
export { buildRoutePayload, type EmitPayload, MAX_PAYLOAD_INDEX } from './integration/build-route-payload';
export { buildRulePayload, type RulePayload } from './integration/build-rule-payload';
export { generateRegexSample } from './integration/generate-regex-sample';
export {
  buildIngestSampleBody,
  INGEST_SECRET_VARIABLES,
  type IngestCurlInput,
  renderIngestCurl,
} from './integration/render-ingest-curl';
export {
  API_KEY_VARIABLE,
  EMIT_RULES_PATH,
  emitRulesUrl,
  INTEGRATION_LANGUAGES,
  type IntegrationCodeInput,
  type IntegrationLanguage,
  isIntegrationLanguage,
  renderIntegrationCode,
} from './integration/render-integration-code';
export { getPath, getSegments, readSegments } from './paths/get-path';
export { isForbiddenKey, type Lookup, MISSING } from './paths/own-property';
export { MAX_PATH_LENGTH, MAX_PATH_SEGMENTS, parsePath } from './paths/parse-path';
export {
  buildSamplePayload,
  type SampleField,
  type SampleFieldType,
  sampleValueFor,
} from './samples/build-sample-payload';
export {
  type BreakingChange,
  type BreakingChangeKind,
  findBreakingChanges,
  type SchemaComparison,
} from './schemas/find-breaking-changes';
export { inferSchema } from './schemas/infer-schema';
export { listSchemaPaths } from './schemas/list-schema-paths';
export { findTemplatePlaceholders } from './templates/find-template-placeholders';
export {
  type DeliveryBodyInput,
  isEmptyTemplate,
  renderDeliveryBody,
  renderEventPayload,
} from './templates/render-delivery-body';
export { MAX_TEMPLATE_DEPTH, renderTemplate, toInterpolatedText } from './templates/render-template';
export { type PlaceholderToken, scanPlaceholders } from './templates/scan-placeholders';
export * from './templates/types';
export { isDecimalNumberText, toFiniteNumber } from './values/parse-number';
