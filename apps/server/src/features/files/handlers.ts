// Code review and training uploads arrive in a later release; until then each operation answers
// 501 not_implemented (listed in apps/server/README.md).
import { type Handlers, notImplementedHandler } from '../../platform/http/contract.js';

export function createFilesHandlers(): Handlers {
  const codeReview = notImplementedHandler('Code review');
  const training = notImplementedHandler('Training upload');
  return {
    getReviewFile: codeReview,
    deleteReviewFile: codeReview,
    downloadReviewFile: codeReview,
    listReviewFiles: codeReview,
    uploadCodeReviewZip: codeReview,
    uploadTrainingFiles: training,
  };
}
