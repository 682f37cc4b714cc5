import { type ReviewTreeNode, reviewMessages, reviewTreeIndent } from '@digital-assistant/react';
import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { Button as AriaButton, Tree, TreeItem, TreeItemContent } from 'react-aria-components';
import { AlertIcon, ChevronRightIcon, CodeIcon, FileIcon } from '../icons/icons';

/** Props of `CodeReviewTree`. */
export interface CodeReviewTreeProps {
  /** The review's folders, files and functions (`useCodeReview().view.tree`). */
  tree: readonly ReviewTreeNode[];
  /** Ids of the folders and files shown open. */
  expanded: readonly string[];
  onToggle: (id: string) => void;
  /** Id of the function shown. */
  selectedId: string | null;
  onSelectFunction: (id: string) => void;
  /** A link under the shown function was used: scroll to that section ('performance' | 'readability'). */
  onShowSection: (section: 'performance' | 'readability') => void;
  /** @default 'Review files' */
  'aria-label'?: string;
}

const SECTION_SEPARATOR = '::section::';

function FolderIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      className="da-icon"
    >
      <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    </svg>
  );
}

function Indented({ level, children }: { level: number; children: React.ReactNode }) {
  return (
    <div className="da-review-tree-row" style={{ paddingInlineStart: reviewTreeIndent(level) }}>
      {children}
    </div>
  );
}

function renderNode(node: ReviewTreeNode, selectedId: string | null): React.ReactNode {
  if (node.kind === 'function') {
    const isCurrent = node.id === selectedId;
    return (
      <TreeItem
        key={node.id}
        id={node.id}
        textValue={node.qualifiedName}
        className="da-review-tree-item"
        data-kind="function"
        data-current={isCurrent || undefined}
      >
        <TreeItemContent>
          {({ isExpanded }) => (
            <Indented level={node.level}>
              {isCurrent ? (
                <AriaButton
                  slot="chevron"
                  className="da-review-tree-chevron"
                  data-expanded={isExpanded || undefined}
                >
                  <ChevronRightIcon />
                </AriaButton>
              ) : (
                <span className="da-review-tree-chevron-space" aria-hidden="true" />
              )}
              <CodeIcon />
              <span className="da-review-tree-label">{node.qualifiedName}</span>
              {isCurrent ? <span className="da-visually-hidden"> (shown)</span> : null}
            </Indented>
          )}
        </TreeItemContent>
        {isCurrent
          ? (['performance', 'readability'] as const).map((section) => (
              <TreeItem
                key={`${node.id}${SECTION_SEPARATOR}${section}`}
                id={`${node.id}${SECTION_SEPARATOR}${section}`}
                textValue={
                  section === 'performance'
                    ? reviewMessages.performanceTitle
                    : reviewMessages.readabilityTitle
                }
                className="da-review-tree-item"
                data-kind="section"
              >
                <TreeItemContent>
                  <Indented level={node.level + 1}>
                    <span className="da-review-tree-chevron-space" aria-hidden="true" />
                    <span className="da-review-tree-link">
                      {section === 'performance'
                        ? reviewMessages.performanceTitle
                        : reviewMessages.readabilityTitle}
                    </span>
                  </Indented>
                </TreeItemContent>
              </TreeItem>
            ))
          : null}
      </TreeItem>
    );
  }
  const children = node.children.map((child) => renderNode(child, selectedId));
  return (
    <TreeItem
      key={node.id}
      id={node.id}
      textValue={node.name}
      className="da-review-tree-item"
      data-kind={node.kind}
      hasChildItems={node.children.length > 0 || Boolean(node.error)}
    >
      <TreeItemContent>
        {({ isExpanded, hasChildItems }) => (
          <Indented level={node.level}>
            {hasChildItems ? (
              <AriaButton
                slot="chevron"
                className="da-review-tree-chevron"
                data-expanded={isExpanded || undefined}
              >
                <ChevronRightIcon />
              </AriaButton>
            ) : (
              <span className="da-review-tree-chevron-space" aria-hidden="true" />
            )}
            {node.kind === 'folder' ? <FolderIcon /> : node.error ? <AlertIcon /> : <FileIcon />}
            <span className="da-review-tree-label">{node.name}</span>
          </Indented>
        )}
      </TreeItemContent>
      {node.error ? (
        <TreeItem
          id={`${node.id}${SECTION_SEPARATOR}error`}
          textValue={node.error}
          className="da-review-tree-item"
          data-kind="error"
        >
          <TreeItemContent>
            <Indented level={node.level + 1}>
              <span className="da-review-tree-chevron-space" aria-hidden="true" />
              <span className="da-review-tree-error">Not valid Python: {node.error}</span>
            </Indented>
          </TreeItemContent>
        </TreeItem>
      ) : null}
      {children}
    </TreeItem>
  );
}

/**
 * The review's tree of folders, files and functions (spec section 2): folders and files collapse,
 * a function shows its review, and under the function shown two links go to its 'Performance
 * Enhancement' and 'Readability Enhancement' sections. Each level is indented 10px more, from 10px,
 * up to level 8. Arrow keys move and open or close, Enter acts.
 */
export function CodeReviewTree({
  tree,
  expanded,
  onToggle,
  selectedId,
  onSelectFunction,
  onShowSection,
  'aria-label': ariaLabel = 'Review files',
}: CodeReviewTreeProps) {
  // The shown function's section links can be folded away like a folder; showing another unfolds them.
  const [hiddenFor, setHiddenFor] = useState<string | null>(null);
  const isSectionsHidden = hiddenFor !== null && hiddenFor === selectedId;
  const setSectionsHidden = (isHidden: boolean) => setHiddenFor(isHidden ? selectedId : null);
  const branches = new Set<string>();
  const functions = new Set<string>();
  const collect = (nodes: readonly ReviewTreeNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'function') functions.add(node.id);
      else {
        branches.add(node.id);
        collect(node.children);
      }
    }
  };
  collect(tree);
  const expandedKeys = new Set<Key>(expanded);
  if (selectedId && !isSectionsHidden) expandedKeys.add(selectedId);
  return (
    <Tree
      aria-label={ariaLabel}
      className="da-review-tree"
      selectionMode="none"
      expandedKeys={expandedKeys}
      onExpandedChange={(keys) => {
        const next = new Set([...keys].map(String));
        if (selectedId) setSectionsHidden(!next.has(selectedId));
        for (const id of branches) if (next.has(id) !== expanded.includes(id)) onToggle(id);
      }}
      onAction={(key) => {
        const id = String(key);
        if (functions.has(id)) onSelectFunction(id);
        else if (branches.has(id)) onToggle(id);
        else if (id.endsWith(`${SECTION_SEPARATOR}performance`)) onShowSection('performance');
        else if (id.endsWith(`${SECTION_SEPARATOR}readability`)) onShowSection('readability');
      }}
    >
      {tree.map((node) => renderNode(node, selectedId))}
    </Tree>
  );
}
