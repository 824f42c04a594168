import { uuidv7 } from 'uuidv7';

/** Time-ordered UUIDv7: kind to b-tree indexes and sortable by creation. */
export const newId = (): string => uuidv7();
