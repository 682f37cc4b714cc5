/**
 * Messages of the Train Bot upload and the File Status page, in one place so the hooks, the screens
 * and the tests show the same text. 'Error during file upload' is the spec's (section 8, Files); the
 * rest is ours, worded like the spec's file messages.
 */
export const knowledgeMessages = {
  uploadTitle: 'Train Bot',
  successTitle: 'Upload successful',
  /** Submit pressed with no file chosen. */
  noFileChosen: 'Add at least one file to upload.',
  /** The upload failed; the server's reason follows when it gave one. */
  uploadError: 'Error during file upload',
  uploaded: (count: number) =>
    `${count === 1 ? '1 file was' : `${count} files were`} uploaded and queued for ingestion.`,
  notStored: (count: number) => `${count === 1 ? '1 file was' : `${count} files were`} not stored.`,
  fetchDocumentsError: 'Error fetching file status.',
  documentDeleted: (name: string) => `Successfully deleted ${name}.`,
  deleteDocumentError: (name: string) => `Error deleting ${name}.`,
  documentReingesting: (name: string) => `${name} is queued for ingestion again.`,
  reingestDocumentError: (name: string) => `Error re-ingesting ${name}.`,
} as const;
