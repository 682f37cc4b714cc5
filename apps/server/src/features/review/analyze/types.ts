// What the analysis of one Python file produces.

export type Section = 'performance' | 'readability';
export type FindingSource = 'ruff' | 'check' | 'model';

/** One suggestion for a function (the contract's `ReviewFinding`). */
export interface Finding {
  section: Section;
  source: FindingSource;
  /** Rule code: ruff's (`PERF401`) or the project's own (`DA101`). */
  code: string;
  message: string;
  /** 1-based line in the file. */
  line: number;
  before?: string;
  after?: string;
}

export interface FunctionReview {
  name: string;
  qualifiedName: string;
  className?: string;
  line: number;
  endLine: number;
  /** Source text, decorators included. */
  source: string;
  findings: Finding[];
  /** The Google-style docstring generated when the function has none. */
  generatedDocstring?: string;
}

export interface FileReview {
  /** Path inside the zip. */
  path: string;
  /** Set when the file is not valid Python (or not text in its encoding): it has no functions then. */
  error?: string;
  functions: FunctionReview[];
  /** ruff's findings outside every function (imports, module docstring...). */
  moduleFindings: Finding[];
  /**
   * The enhanced source (docstrings inserted, ruff's safe fixes applied; the original text when none
   * apply). Absent for a file that was not reviewed: the download keeps its bytes as they were.
   */
  enhanced?: string;
  /**
   * The encoding the file declares (PEP 263: `# -*- coding: latin-1 -*-`) when it is not UTF-8: its
   * text was read in it and `enhanced` is written back in it.
   */
  encoding?: string;
  /** ruff fixes applied to `enhanced`, by rule code. */
  appliedFixes: string[];
  docstringsAdded: number;
}
