export * from './applications';
export * from './automation';
export * from './deliveries';
export * from './endpoints';
export * from './events';
export * from './portal';
export * from './queue';
export * from './users';
