import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { rules, users } from '../db/schema';
import { matchSearch, matchValue } from './pagination';

const dialect = new PgDialect();
const render = (condition: ReturnType<typeof matchValue>) =>
  condition ? (({ sql, params }) => ({ sql, params }))(dialect.sqlToQuery(condition)) : undefined;

describe('list filters', () => {
  it('When a query leaves a value out (absent or empty), then its filter adds no condition', () => {
    expect(matchValue(users.email, undefined)).toBeUndefined();
    expect(matchValue(users.email, '')).toBeUndefined();
    expect(matchSearch(undefined, users.name, users.email)).toBeUndefined();
    expect(matchSearch('', users.name)).toBeUndefined();
  });

  it('When a boolean filter is false, then the list is narrowed to false rows', () => {
    expect(render(matchValue(rules.isActive, false))).toEqual({
      sql: '"rules"."is_active" = $1',
      params: [false],
    });
  });

  it('When a term has LIKE wildcards, then they are searched as text in every column', () => {
    expect(render(matchSearch('50%_a\\b', users.name, users.email))).toEqual({
      sql: '("users"."name" ilike $1 or "users"."email" ilike $2)',
      params: ['%50\\%\\_a\\\\b%', '%50\\%\\_a\\\\b%'],
    });
  });
});
