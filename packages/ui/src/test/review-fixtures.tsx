/**
 * Code review fixtures for the stories and tests: files in every status, a review JSON with nested
 * folders, classes, async functions and a file that does not parse, and the page's props built from
 * them with the headless package's own rules (so pages, labels and the tree are the real ones).
 */
import {
  buildReviewTree,
  canDeleteReviewFile,
  canDownloadReviewFile,
  canViewReviewFile,
  firstReviewFunction,
  initiallyExpanded,
  type ReviewMessage,
  type ReviewTreeFunction,
  reviewPage,
  walkReviewTree,
} from '@digital-assistant/react';
import type { ReviewFile, ReviewFileJson } from '@digital-assistant/sdk';
import { useState } from 'react';
import { CodeReviewPage, type CodeReviewPageProps } from '../CodeReview/CodeReviewPage';

export const reviewFiles: ReviewFile[] = [
  { fileId: 'f1', filename: 'billing-service.zip', status: 'success', progress: null, reason: null },
  {
    fileId: 'f2',
    filename: 'inventory-sync.zip',
    status: 'pending',
    progress: { done: 7, total: 18 },
    reason: null,
  },
  {
    fileId: 'f3',
    filename: 'legacy-scripts.zip',
    status: 'failed',
    progress: null,
    reason: 'The zip holds no Python (.py) files to review.',
  },
  { fileId: 'f4', filename: 'Data-Pipeline.zip', status: 'success', progress: null, reason: null },
];

/** 45 succeeded files: three pages. */
export const manyReviewFiles: ReviewFile[] = Array.from({ length: 45 }, (_, index) => ({
  fileId: `m${index + 1}`,
  filename: `project-${String(index + 1).padStart(2, '0')}.zip`,
  status: 'success',
  progress: null,
  reason: null,
}));

const cartTotal = `@property
def total(self) -> float:
    result = 0
    for i in range(len(self.items)):
        result += self.items[i].price * self.items[i].quantity
    return result`;

const fetchAll = `async def fetch_all(session, urls):
    pages = []
    for url in urls:
        if url not in list(SEEN):
            pages.append(await session.get(url))
    return pages`;

export const reviewJson: ReviewFileJson = {
  name: 'billing-service',
  contents: [
    {
      type: 'folder',
      name: 'billing',
      contents: [
        {
          type: 'folder',
          name: 'models',
          contents: [
            {
              type: 'file',
              name: 'cart.py',
              path: 'billing/models/cart.py',
              functions: [
                {
                  name: 'total',
                  qualifiedName: 'Cart.total',
                  line: 12,
                  endLine: 17,
                  function: cartTotal,
                  performance:
                    '- **DA102** (line 15, check): `range(len(self.items))` only indexes `self.items`: iterate over it directly.\n\n  ```python\n  return sum(item.price * item.quantity for item in self.items)\n  ```',
                  readability:
                    '- **D102** (line 13, ruff): Missing docstring in public method.\n\n  ```python\n  """Return the total price of the cart\'s items.\n\n  Returns:\n      float: The sum of price times quantity.\n  """\n  ```',
                },
                {
                  name: 'add',
                  qualifiedName: 'Cart.add',
                  line: 19,
                  endLine: 20,
                  function: 'def add(self, item):\n    self.items.append(item)',
                  performance: 'No performance suggestion for this function.',
                  readability: '- **D102** (line 19, ruff): Missing docstring in public method.',
                },
              ],
            },
          ],
        },
        {
          type: 'file',
          name: 'client.py',
          path: 'billing/client.py',
          functions: [
            {
              name: 'fetch_all',
              qualifiedName: 'fetch_all',
              line: 8,
              endLine: 13,
              function: fetchAll,
              performance:
                '- **DA103** (line 11, check): `url not in list(SEEN)` builds a list on every pass: build a set once before the loop.',
              readability: '- **D103** (line 8, ruff): Missing docstring in public function.',
            },
          ],
        },
        {
          type: 'file',
          name: 'broken.py',
          path: 'billing/broken.py',
          functions: [],
          error: "line 3, column 9: Expected ':'",
        },
      ],
    },
  ],
};

/** A review nested eleven folders deep: the indentation stops growing at level 8. */
export const deepReviewJson: ReviewFileJson = {
  name: 'deep',
  contents: [
    Array.from({ length: 11 }, (_, index) => `level${index}`).reduceRight<ReviewFileJson['contents'][number]>(
      (inner, name) => ({ type: 'folder', name, contents: [inner] }),
      {
        type: 'file',
        name: 'leaf.py',
        functions: [
          { name: 'leaf', function: 'def leaf():\n    return 1', performance: 'None.', readability: 'None.' },
        ],
      },
    ),
  ],
};

const noop = () => {};
const asyncNoop = async () => {};

/** Options of {@link reviewPageProps}. */
export interface ReviewPageFixture {
  files?: readonly ReviewFile[];
  filter?: string;
  page?: number;
  message?: ReviewMessage | null;
  isBusy?: boolean;
  uploadProgress?: number | null;
  isUploadOpen?: boolean;
  uploadFile?: File | null;
  uploadError?: string | null;
  hasFetched?: boolean;
  listError?: string | null;
  /** Opens this review. */
  review?: ReviewFileJson;
  selectedId?: string;
}

/** The page's props from a few facts, with no-op actions (override any). */
export function reviewPageProps(
  fixture: ReviewPageFixture = {},
  actions: Partial<CodeReviewPageProps> = {},
): CodeReviewPageProps {
  const files = fixture.files ?? reviewFiles;
  const isBusy = fixture.isBusy ?? false;
  const tree = fixture.review ? buildReviewTree(fixture.review) : null;
  const selectedId = tree ? (fixture.selectedId ?? firstReviewFunction(tree)?.id ?? null) : null;
  const selectedFunction = tree
    ? ((walkReviewTree(tree).find((node) => node.kind === 'function' && node.id === selectedId) as
        | ReviewTreeFunction
        | undefined) ?? null)
    : null;
  return {
    message: fixture.message ?? null,
    uploadProgress: fixture.uploadProgress ?? null,
    isBusy,
    currentPage: reviewPage(files, fixture.filter ?? '', fixture.page ?? 1),
    filter: fixture.filter ?? '',
    hasFetched: fixture.hasFetched ?? true,
    listError: fixture.listError ?? null,
    isUploadOpen: fixture.isUploadOpen ?? false,
    uploadFile: fixture.uploadFile ?? null,
    uploadError: fixture.uploadError ?? null,
    view:
      tree && fixture.review
        ? {
            fileId: 'f1',
            filename: 'billing-service.zip',
            review: fixture.review,
            tree,
            expanded: initiallyExpanded(tree),
            selectedId,
          }
        : null,
    selectedFunction,
    actionsFor: (file) => ({
      canView: !isBusy && canViewReviewFile(file),
      canDownload: !isBusy && canDownloadReviewFile(file),
      canDelete: !isBusy && canDeleteReviewFile(file),
    }),
    refresh: asyncNoop,
    setFilter: noop,
    setPage: noop,
    openUpload: noop,
    closeUpload: noop,
    chooseUploadFile: noop,
    removeUploadFile: noop,
    submitUpload: asyncNoop,
    viewFile: asyncNoop,
    closeView: noop,
    toggleExpanded: noop,
    selectFunction: noop,
    download: asyncNoop,
    deleteFile: asyncNoop,
    ...actions,
  };
}

/**
 * The page with its filter, page, tree and selection kept in React state, so stories and tests can
 * be clicked through; server actions are the given spies.
 */
export function InteractiveReviewPage({
  fixture = {},
  actions = {},
}: {
  fixture?: ReviewPageFixture;
  actions?: Partial<CodeReviewPageProps>;
}) {
  const [filter, setFilter] = useState(fixture.filter ?? '');
  const [page, setPage] = useState(fixture.page ?? 1);
  const [review, setReview] = useState(fixture.review);
  const [selectedId, setSelectedId] = useState(fixture.selectedId);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [isUploadOpen, setUploadOpen] = useState(fixture.isUploadOpen ?? false);
  const [uploadFile, setUploadFile] = useState<File | null>(fixture.uploadFile ?? null);
  const [uploadError, setUploadError] = useState<string | null>(fixture.uploadError ?? null);
  const props = reviewPageProps(
    { ...fixture, filter, page, review, selectedId, isUploadOpen, uploadFile, uploadError },
    actions,
  );
  const view = props.view && expanded ? { ...props.view, expanded } : props.view;
  return (
    <CodeReviewPage
      {...props}
      view={view}
      setFilter={(next) => {
        setFilter(next);
        setPage(1);
        actions.setFilter?.(next);
      }}
      setPage={(next) => {
        setPage(next);
        actions.setPage?.(next);
      }}
      viewFile={async (fileId) => {
        setReview(reviewJson);
        await actions.viewFile?.(fileId);
      }}
      closeView={() => {
        setReview(undefined);
        setExpanded(null);
        actions.closeView?.();
      }}
      toggleExpanded={(id) => {
        const current = view?.expanded ?? [];
        setExpanded(current.includes(id) ? current.filter((other) => other !== id) : [...current, id]);
        actions.toggleExpanded?.(id);
      }}
      selectFunction={(id) => {
        setSelectedId(id);
        actions.selectFunction?.(id);
      }}
      openUpload={() => {
        setUploadOpen(true);
        actions.openUpload?.();
      }}
      closeUpload={() => {
        setUploadOpen(false);
        setUploadFile(null);
        setUploadError(null);
        actions.closeUpload?.();
      }}
      chooseUploadFile={(files) => {
        const [file] = files;
        if (file && /\.zip$/i.test(file.name)) {
          setUploadFile(file);
          setUploadError(null);
        } else if (file) {
          setUploadError(`'${file.name}' is not a .zip file: choose a .zip of your Python files.`);
        }
        actions.chooseUploadFile?.(files);
      }}
      removeUploadFile={() => {
        setUploadFile(null);
        actions.removeUploadFile?.();
      }}
      submitUpload={async () => {
        if (!uploadFile) setUploadError('No zip provided for upload.');
        else setUploadOpen(false);
        await actions.submitUpload?.();
      }}
    />
  );
}
