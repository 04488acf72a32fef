import type { TestProject } from 'vitest/node';
import { createTemplateDb } from '../fixtures/test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
  }
}

export default async function setup(project: TestProject) {
  project.provide('templateDb', await createTemplateDb());
}
