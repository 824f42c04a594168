export * from './auth';
export * from './common';
export * from './emit';
export * from './enums';
export * from './errors';
export * from './logs';
export * from './users';
