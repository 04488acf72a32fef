import type { TestProject } from 'vitest/node';
import { findSqld } from '../fixtures/sqld';
import { createTemplateDb } from '../fixtures/test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
    /** The sqld binary when this project runs on a libSQL server; empty for the embedded file. */
    sqldPath: string;
  }
}

/** Seeds the template database once; the server-sqld project also finds (or unpacks) sqld. */
export default async function setup(project: TestProject) {
  project.provide('templateDb', await createTemplateDb());
  let sqldPath = '';
  if (project.name === 'server-sqld') {
    const found = findSqld();
    if ('unavailable' in found) throw new Error(found.unavailable);
    sqldPath = found.path;
    console.log(`Server tests on a libSQL server use ${sqldPath}`);
  }
  project.provide('sqldPath', sqldPath);
}
