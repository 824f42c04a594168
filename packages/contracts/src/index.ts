import './locale';

export * from './applications';
export * from './auth';
export * from './auth-details';
export * from './common';
export * from './common-passwords';
export * from './emit';
export * from './enums';
export * from './errors';
export * from './event-logs';
export * from './event-rules';
export * from './events';
export * from './json-field';
export * from './logs';
export * from './profile';
export * from './routes';
export * from './subscriptions';
export * from './users';
