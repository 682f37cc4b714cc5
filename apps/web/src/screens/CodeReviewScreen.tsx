/**
 * /codereview: the Code Review Agent screen. The headless review store (`useCodeReview`) holds the
 * list, the upload, the review being viewed and the messages; the ui page draws them; downloads are
 * saved through the browser.
 */
import { useCodeReview } from '@digital-assistant/react';
import { CodeReviewPage, saveFile } from '@digital-assistant/ui';

export function CodeReviewScreen() {
  const review = useCodeReview({ saveFile });
  return <CodeReviewPage {...review} />;
}
