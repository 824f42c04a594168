import './locale';

export * from './auth';
export * from './auth-details';
export * from './common';
export * from './enums';
export * from './errors';
export * from './events';
export * from './json-field';
export * from './subscriptions';
export * from './users';
