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

/** A class without a docstring, and the one generated for it (what the language model is shown). */
export interface ClassReview {
  /** With the enclosing classes and functions (`Outer.Inner`). */
  name: string;
  /** Its first line, decorators included (as a function's `line`). */
  line: number;
  /** Source text, decorators included (its first few thousand characters). */
  source: string;
  generatedDocstring: string;
}

export interface FileReview {
  /** Path inside the zip. */
  path: string;
  /**
   * Set when the file was not reviewed, saying why (not valid Python, not text in its encoding, too
   * large, nested too deeply...): it has no functions then.
   */
  error?: string;
  functions: FunctionReview[];
  /** The classes without a docstring, each with the one generated for it. */
  classes?: ClassReview[];
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
