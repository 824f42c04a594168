import { rmSync } from 'node:fs';
import { prepareTemplateDataDir, TEMPLATE_DIR_ENV } from './support/server';

/** One set-up database for the whole run; workers inherit its path through the environment. */
export default async function globalSetup() {
  const template = await prepareTemplateDataDir();
  process.env[TEMPLATE_DIR_ENV] = template;
  return () => rmSync(template, { recursive: true, force: true });
}
