// Code review arrives in a later release; until then each of its operations answers 501
// not_implemented (listed in apps/server/README.md). Training uploads are the knowledge module's.
import { type Handlers, notImplementedHandler } from '../../platform/http/contract.js';

export function createFilesHandlers(): Handlers {
  const codeReview = notImplementedHandler('Code review');
  return {
    getReviewFile: codeReview,
    deleteReviewFile: codeReview,
    downloadReviewFile: codeReview,
    listReviewFiles: codeReview,
    uploadCodeReviewZip: codeReview,
  };
}
