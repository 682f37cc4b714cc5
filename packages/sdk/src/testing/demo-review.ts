/**
 * The demo server's code review: zip uploads, the list of review files, the review JSON, the
 * download and delete, answered the way the reference server answers them ('No file provided'
 * without a file, a sentence saying why a file is refused, 409 for a pending file). The review is
 * simulated: every listing moves each pending file one Python file further (`progress`), then to
 * `success` (or `failed` for a zip named `*broken*.zip`); `isReviewPaused` keeps them where they are.
 */
import type { components, ReviewFile, ReviewFileJson, User } from '../types';
import { errorReply } from './contract-fake';
import type { ContractHandlers } from './operation-types';

/** A review file as the demo server keeps it. */
export interface DemoReviewFile extends ReviewFile {
  /** E-mail of who uploaded it: only they see it. */
  owner: string;
  /** The review JSON once it succeeded. @default a small package with two files (see `demoReviewJson`) */
  review?: ReviewFileJson;
}

/** What the demo server holds of the code review. */
export interface DemoReviewState {
  sessionUser: User | null;
  /** Every user's review files, in upload order. */
  reviewFiles: DemoReviewFile[];
  /** Keeps pending reviews where they are when listed. */
  isReviewPaused: boolean;
}

type ReviewFunction = components['schemas']['ReviewFunction'];

const reviewFunction = (
  qualifiedName: string,
  source: string,
  line: number,
  performance: string,
  readability: string,
): ReviewFunction => ({
  name: qualifiedName.split('.').at(-1) ?? qualifiedName,
  qualifiedName,
  function: source,
  line,
  endLine: line + source.split('\n').length - 1,
  performance,
  readability,
  findings: [],
});

/** The review the demo server gives a zip: folder `{name}/shop` with `cart.py` and `util.py`. */
export function demoReviewJson(name: string): ReviewFileJson {
  const base = name.replace(/\.zip$/i, '');
  return {
    name: base,
    contents: [
      {
        type: 'folder',
        name: 'shop',
        contents: [
          {
            type: 'file',
            name: 'cart.py',
            path: 'shop/cart.py',
            functions: [
              reviewFunction(
                'Cart.total',
                'def total(self):\n    result = 0\n    for i in range(len(self.items)):\n        result += self.items[i].price\n    return result',
                4,
                '- **DA102** (line 6, check): iterate over `self.items` directly instead of indexing through `range(len(...))`.\n\n```python\nreturn sum(item.price for item in self.items)\n```',
                '- **D102** (line 4, ruff): Missing docstring in public method.\n\n```python\n"""Return the total price of the items."""\n```',
              ),
              reviewFunction(
                'Cart.names',
                "async def names(self):\n    text = ''\n    for item in self.items:\n        text += item.name\n    return text",
                10,
                "- **DA101** (line 13, check): build the string with `''.join(...)` instead of `+=` in a loop.\n\n```python\nreturn ''.join(item.name for item in self.items)\n```",
                'No readability suggestion for this function.',
              ),
            ],
          },
          {
            type: 'file',
            name: 'util.py',
            path: 'shop/util.py',
            functions: [
              reviewFunction(
                'slugify',
                "def slugify(text):\n    return text.lower().replace(' ', '-')",
                1,
                'No performance suggestion for this function.',
                '- **D103** (line 1, ruff): Missing docstring in public function.',
              ),
            ],
          },
        ],
      },
    ],
  };
}

/** A zip with no entries (its end-of-central-directory record alone): what the download answers. */
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

/** Python files each simulated review goes through, one per listing. */
const DEMO_REVIEW_FILES = 3;

/** The code review operations over `state`. */
export function createDemoReviewHandlers(
  state: DemoReviewState,
  { now }: { now: () => string },
): ContractHandlers {
  let sequence = 0;
  const unauthenticated = () => errorReply(401, 'unauthenticated', 'Not signed in');
  const mine = () => state.reviewFiles.filter((file) => file.owner === state.sessionUser?.email);
  const find = (fileId: string) => mine().find((file) => file.fileId === fileId);
  const notFound = () => errorReply(404, 'not_found', 'File not found.');
  const unavailable = (file: DemoReviewFile) =>
    errorReply(
      409,
      'conflict',
      file.status === 'pending'
        ? `The review of '${file.filename}' is still pending: it can be viewed and downloaded once it succeeds.`
        : `The review of '${file.filename}' failed: ${file.reason ?? 'no reason was recorded'}. Upload the zip again to retry.`,
    );
  const advance = (file: DemoReviewFile) => {
    if (file.status !== 'pending' || state.isReviewPaused) return;
    // The first listing opens the zip (total known), each later one reviews one more file.
    const done = file.progress?.total ? file.progress.done + 1 : 0;
    if (done < DEMO_REVIEW_FILES) {
      file.progress = { done, total: DEMO_REVIEW_FILES };
      return;
    }
    file.progress = null;
    if (/broken/i.test(file.filename)) {
      file.status = 'failed';
      file.reason = 'The review stopped: the zip could not be read again.';
    } else {
      file.status = 'success';
    }
  };
  const listed = ({ owner: _owner, review: _review, ...file }: DemoReviewFile): ReviewFile => file;

  return {
    'POST /api/file/code_analysis': async ({ body }) => {
      if (!state.sessionUser) return unauthenticated();
      const files = body.getAll('files').filter((value): value is File => typeof value !== 'string');
      if (files.length === 0) return errorReply(400, 'validation_failed', 'No file provided');
      if (files.length > 1) return errorReply(400, 'validation_failed', 'Upload one zip at a time.');
      const [file] = files as [File];
      const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
      if (head[0] !== 0x50 || head[1] !== 0x4b) {
        return errorReply(
          400,
          'validation_failed',
          'The file is not a zip archive, or a damaged one (invalid signature). Upload a .zip of your Python files.',
        );
      }
      const entry: DemoReviewFile = {
        fileId: `review-${++sequence}`,
        filename: file.name,
        status: 'pending',
        progress: { done: 0, total: 0 },
        reason: null,
        uploadedAt: now(),
        owner: state.sessionUser.email,
      };
      state.reviewFiles.push(entry);
      return { status: 200, body: { fileId: entry.fileId, name: entry.filename, status: 'pending' } };
    },
    'POST /api/file/files': () => {
      if (!state.sessionUser) return unauthenticated();
      const files = mine();
      for (const file of files) advance(file);
      return { status: 200, body: { files: files.map(listed) } };
    },
    'POST /api/file/file': ({ body }) => {
      if (!state.sessionUser) return unauthenticated();
      const file = find(body.fileId);
      if (!file) return notFound();
      if (file.status !== 'success') return unavailable(file);
      return { status: 200, body: file.review ?? demoReviewJson(file.filename) };
    },
    'POST /api/file/download': ({ body }) => {
      if (!state.sessionUser) return unauthenticated();
      const file = find(body.fileId);
      if (!file) return notFound();
      if (file.status !== 'success') return unavailable(file);
      const name = `${file.filename.replace(/\.zip$/i, '')}-enhanced.zip`;
      return new Response(EMPTY_ZIP.slice(), {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="${name}"`,
        },
      });
    },
    'POST /api/file/delete': ({ body }) => {
      if (!state.sessionUser) return unauthenticated();
      const file = find(body.fileId);
      if (!file) return notFound();
      if (file.status === 'pending') {
        return errorReply(
          409,
          'conflict',
          `The review of '${file.filename}' is still pending: it can be deleted once it ends.`,
        );
      }
      state.reviewFiles = state.reviewFiles.filter((other) => other !== file);
      return { status: 200, body: { message: `Deleted '${file.filename}'.` } };
    },
  };
}
