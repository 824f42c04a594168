import './locale';

export * from './auth';
export * from './common';
export * from './enums';
export * from './errors';
export * from './event-logs';
export * from './users';
