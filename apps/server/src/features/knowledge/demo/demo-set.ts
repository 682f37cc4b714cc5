// The demo knowledge set: short documents written for this project, one or two per department, so
// a new instance can answer questions at once. They are plain files beside this module (read from
// the package's src/ folder, which the built server finds too) and go through the same ingestion
// as uploads.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serverPackageDir } from '../../../platform/config/paths.js';
import type { Department } from '../departments.js';

export interface DemoDocument {
  /** File name, also the document name. */
  name: string;
  departments: Department[];
}

export const DEMO_DOCUMENTS: readonly DemoDocument[] = [
  { name: 'company-handbook.md', departments: ['knowledge'] },
  { name: 'it-onboarding-vpn-guide.md', departments: ['it'] },
  { name: 'devops-preprod-runbook.md', departments: ['devops_preprod'] },
  { name: 'preprod-environments.csv', departments: ['devops_preprod'] },
  { name: 'cs-escalation-policy.html', departments: ['cs_preprod'] },
  { name: 'cs-escalation-contacts.csv', departments: ['cs_preprod'] },
  { name: 'pga-go-live-notes.txt', departments: ['pga'] },
  { name: 'education-faq.html', departments: ['education'] },
];

/** The folder holding the demo files. */
export function demoDirectory(): string {
  return path.join(serverPackageDir(), 'src', 'features', 'knowledge', 'demo');
}

/** Every demo document with its bytes. */
export async function readDemoDocuments(): Promise<Array<DemoDocument & { bytes: Uint8Array }>> {
  return Promise.all(
    DEMO_DOCUMENTS.map(async (document) => ({
      ...document,
      bytes: new Uint8Array(await readFile(path.join(demoDirectory(), document.name))),
    })),
  );
}
