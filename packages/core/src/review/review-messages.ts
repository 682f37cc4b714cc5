/**
 * Texts of the Code Review screen. Every message is the spec's (section 8, Files: code review
 * messages; sections 2 and 5 for the screen's words) except where marked as ours.
 */
export const reviewMessages = {
  // Info
  fetching: 'Fetching file list.',
  deleting: 'Deleting file.',
  downloading: 'Downloading file enhancements zip.',
  uploadPending: 'File upload and revision pending...',
  // Success
  fetched: 'Fetched latest file info.',
  deleted: 'Successfully deleted file.',
  uploaded: 'File upload and revision successful.',
  downloaded: 'File download successful.',
  // Errors
  fetchError: 'Error fetching latest files.',
  viewError: 'Error getting file info.',
  deleteError: 'Error deleting file.',
  uploadError:
    'Error uploading zip file. Reduce uploaded zip file size/complexity if upload failure persists.',
  downloadError: 'Error downloading zip file. Check console logs for more information',
  noZip: 'No zip provided for upload.',
  /** Ours: a chosen file that is not a .zip (spec section 5: "accepts only .zip"). */
  notZip: (name: string) => `'${name}' is not a .zip file: choose a .zip of your Python files.`,
  /** Ours: several files chosen or dropped at once (spec section 5: "one file at a time"). */
  oneZipOnly: 'Choose one .zip file at a time.',
  /** The delete confirmation (spec section 5). */
  confirmDelete: (name: string) => `Are you sure to delete '${name}'?`,
  // Screen words
  title: 'Code Review Agent',
  searchPlaceholder: 'Search files...',
  supportedFormats: 'Supported Formats: .zip',
  uploadedLabel: 'Uploaded',
  functionTitle: (name: string) => `Function: ${name}`,
  performanceTitle: 'Performance Enhancement',
  readabilityTitle: 'Readability Enhancement',
} as const;
