// What a person reads: the review JSON of the screen (spec section 3: folders, files, functions
// with their performance and readability markdown), the REVIEW.md written next to each file in the
// download, and the summary at its root.
import type { components } from '../../generated/contract.js';
import type { FileReview, Finding, FunctionReview, Section } from './analyze/types.js';

type ReviewFileJson = components['schemas']['ReviewFileJson'];
type ReviewItem = components['schemas']['ReviewItem'];
type ReviewFolderItem = components['schemas']['ReviewFolderItem'];
type ReviewFileItem = components['schemas']['ReviewFileItem'];

const EMPTY: Record<Section, string> = {
  performance: 'No performance improvements found for this function.',
  readability: 'No readability improvements found for this function.',
};

function fence(code: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}python\n${code}\n${ticks}`;
}

function findingMarkdown(finding: Finding): string {
  const origin = finding.source === 'ruff' ? 'ruff' : finding.source === 'model' ? 'model' : 'review check';
  const lines = [`- **${finding.code}** (line ${finding.line}, ${origin}): ${finding.message}`];
  if (finding.before !== undefined && finding.after !== undefined) {
    lines.push(
      '',
      '  Before:',
      '',
      indent(fence(finding.before)),
      '',
      '  After:',
      '',
      indent(fence(finding.after)),
    );
  }
  return lines.join('\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n');
}

/** One section of a function as markdown. */
export function sectionMarkdown(fn: FunctionReview, section: Section): string {
  const findings = fn.findings.filter((finding) => finding.section === section);
  if (findings.length === 0) return EMPTY[section];
  return findings.map(findingMarkdown).join('\n\n');
}

/** The review tree of the screen, folders first then files, each by name. */
export function buildReviewJson(name: string, files: readonly FileReview[]): ReviewFileJson {
  const root: ReviewFolderItem = { type: 'folder', name, contents: [] };
  const folders = new Map<string, ReviewFolderItem>([['', root]]);
  const folderOf = (path: string): ReviewFolderItem => {
    const existing = folders.get(path);
    if (existing) return existing;
    const slash = path.lastIndexOf('/');
    const parent = folderOf(slash < 0 ? '' : path.slice(0, slash));
    const folder: ReviewFolderItem = { type: 'folder', name: path.slice(slash + 1), contents: [] };
    parent.contents.push(folder);
    folders.set(path, folder);
    return folder;
  };
  for (const file of files) {
    const slash = file.path.lastIndexOf('/');
    const item: ReviewFileItem = {
      type: 'file',
      name: file.path.slice(slash + 1),
      path: file.path,
      functions: file.functions.map((fn) => ({
        name: fn.name,
        function: fn.source,
        performance: sectionMarkdown(fn, 'performance'),
        readability: sectionMarkdown(fn, 'readability'),
        qualifiedName: fn.qualifiedName,
        line: fn.line,
        endLine: fn.endLine,
        findings: fn.findings.map((finding) => ({ ...finding })),
      })),
      ...(file.error ? { error: file.error } : {}),
    };
    folderOf(slash < 0 ? '' : file.path.slice(0, slash)).contents.push(item);
  }
  const sort = (items: ReviewItem[]) => {
    items.sort((left, right) =>
      left.type === right.type ? left.name.localeCompare(right.name) : left.type === 'folder' ? -1 : 1,
    );
    for (const item of items) if (item.type === 'folder') sort(item.contents);
  };
  sort(root.contents);
  return { name, contents: root.contents };
}

/** The REVIEW.md written next to a Python file in the download. */
export function fileReviewMarkdown(file: FileReview): string {
  const lines = [`# Review of \`${file.path}\``, ''];
  if (file.error) {
    lines.push(file.error, '', 'The file is in the download as it was uploaded.');
    return `${lines.join('\n')}\n`;
  }
  const changes: string[] = [];
  if (file.docstringsAdded > 0) changes.push(`${file.docstringsAdded} generated docstring(s) inserted`);
  if (file.appliedFixes.length > 0)
    changes.push(`ruff's safe fixes applied (${file.appliedFixes.join(', ')})`);
  lines.push(
    changes.length > 0
      ? `The file in this download is the enhanced version: ${changes.join('; ')}. The other suggestions below are for you to apply.`
      : 'The file in this download is unchanged; the suggestions below are for you to apply.',
    '',
  );
  if (file.moduleFindings.length > 0) {
    lines.push('## Module level', '', file.moduleFindings.map(findingMarkdown).join('\n\n'), '');
  }
  if (file.functions.length === 0) lines.push('The file defines no functions.', '');
  for (const fn of file.functions) {
    lines.push(
      `## Function: ${fn.name} (lines ${fn.line}-${fn.endLine})`,
      '',
      '### Performance Enhancement',
      '',
      sectionMarkdown(fn, 'performance'),
      '',
      '### Readability Enhancement',
      '',
      sectionMarkdown(fn, 'readability'),
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}

export interface ReviewSummary {
  name: string;
  files: readonly FileReview[];
  otherFiles: number;
  ruffVersion: string;
}

/** The summary at the root of the download. */
export function summaryMarkdown(summary: ReviewSummary): string {
  const reviewed = summary.files.filter((file) => !file.error);
  const unparsed = summary.files.filter((file) => file.error);
  const functions = reviewed.reduce((total, file) => total + file.functions.length, 0);
  const findings = reviewed.flatMap((file) => [
    ...file.moduleFindings,
    ...file.functions.flatMap((fn) => fn.findings),
  ]);
  const byCode = new Map<string, number>();
  for (const finding of findings) byCode.set(finding.code, (byCode.get(finding.code) ?? 0) + 1);
  const top = [...byCode.entries()]
    .sort((left, right) => right[1] - left[1] || left[0].localeCompare(right[0]))
    .slice(0, 15);
  const count = (section: Section) => findings.filter((finding) => finding.section === section).length;
  const lines = [
    `# Code review of ${summary.name}`,
    '',
    `- Python files reviewed: ${reviewed.length}`,
    `- Functions reviewed: ${functions}`,
    `- Performance suggestions: ${count('performance')}`,
    `- Readability suggestions: ${count('readability')}`,
    `- Docstrings generated: ${reviewed.reduce((total, file) => total + file.docstringsAdded, 0)}`,
    `- Other files (carried through untouched): ${summary.otherFiles}`,
    `- Checked with ruff ${summary.ruffVersion} and the review's own syntax-tree checks (DA1xx)`,
    '',
  ];
  if (unparsed.length > 0) {
    lines.push(
      '## Files that are not valid Python',
      '',
      ...unparsed.map((file) => `- \`${file.path}\`: ${file.error}`),
      '',
    );
  }
  if (top.length > 0) {
    lines.push(
      '## Most frequent findings',
      '',
      '| Rule | Count |',
      '| --- | --- |',
      ...top.map(([code, n]) => `| ${code} | ${n} |`),
      '',
    );
  }
  lines.push('Each Python file has its review next to it (`<file>.REVIEW.md`).', '');
  return lines.join('\n');
}
