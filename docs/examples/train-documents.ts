import { setTimeout as sleep } from 'node:timers/promises';
import { createClient, listKnowledgeDocuments, uploadTrainingFiles } from '@digital-assistant/sdk';

// Needs the `train` feature (CORE_ADMINS have it).
const client = createClient({ baseUrl: process.env.DA_BASE_URL, token: process.env.DA_TOKEN });

const handbook = new File(
  ['# Parking\n\nVisitors park on level -2 of the garage; ask reception for a ticket.\n'],
  'parking.md',
  { type: 'text/markdown' },
);
// `department` names who may read it (it, devops_preprod, cs_preprod, pga, education);
// without it, every department may.
const uploaded = await uploadTrainingFiles(client, [handbook], { fields: { department: ['it'] } });
if (uploaded.error) throw new Error(`Upload refused: ${uploaded.error.error}`);
console.log(uploaded.data.message);
for (const rejected of uploaded.data.rejected ?? [])
  console.log(`Refused ${rejected.name}: ${rejected.reason}`);

// Follow the ingestion through the File Status list, an extension: a server without it says so.
for (;;) {
  const result = await listKnowledgeDocuments(client);
  if (result.unsupported) {
    console.log(
      `No File Status on this server (${result.reason}); uploaded: ${uploaded.data.files.join(', ')}`,
    );
    break;
  }
  const document = result.data.documents.find((candidate) => candidate.document === 'parking.md');
  if (document && document.state !== 'queued' && document.state !== 'parsing') {
    console.log(`${document.document}: ${document.status} (${document.departments.join(', ')})`);
    break;
  }
  await sleep(500);
}
