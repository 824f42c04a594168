/** The row an `INSERT … RETURNING` of one row answers; none would be a driver fault, not a user's. */
export function insertedRow<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('INSERT … RETURNING answered no row');
  return row;
}
