import type { TestProject } from 'vitest/node';
import { dropTestDatabases, listRunDatabases, newTestRunId } from './postgres-test-databases';

/** Gives the PostgreSQL projects' files one run id, and drops the run's databases after the last file. */
export default function setup(project: TestProject) {
  const runId = newTestRunId(Date.now());
  project.provide('testRunId', runId);
  return async () => dropTestDatabases(await listRunDatabases(runId, Date.now()));
}
