// Turns benchmark results into the Markdown table printed at the end of a run (and pasted into
// README.md): one row per database and scenario, the connection levels side by side.

/**
 * @typedef {{ scenario: string, connections: number, requestsPerSecond: number, latencyP50: number,
 *   latencyP99: number, non2xx: number, errors: number, timeouts: number }} Cell
 * @typedef {{ database: string, label: string, status: 'ok' | 'skipped' | 'failed', note?: string,
 *   cells: Cell[] }} DatabaseResult
 */

/**
 * autocannon records latencies in whole milliseconds: 0 means under one.
 * @param {number} milliseconds
 */
function formatMilliseconds(milliseconds) {
  if (milliseconds < 1) return '<1';
  return Number.isInteger(milliseconds) ? String(milliseconds) : milliseconds.toFixed(1);
}

/** @param {Cell} cell */
function hasFailures(cell) {
  return cell.non2xx > 0 || cell.errors > 0 || cell.timeouts > 0;
}

/**
 * The results table in Markdown, plus notes for skipped databases and cells with failed requests.
 * @param {DatabaseResult[]} databases
 * @param {number[]} connectionLevels
 * @param {string[]} scenarios in display order
 * @returns {string}
 */
export function formatTable(databases, connectionLevels, scenarios) {
  const header = ['Database', 'Scenario'];
  const align = ['---', '---'];
  for (const connections of connectionLevels) {
    header.push(`req/s @${connections}`, `p50 ms @${connections}`, `p99 ms @${connections}`);
    align.push('--:', '--:', '--:');
  }
  const lines = [`| ${header.join(' | ')} |`, `| ${align.join(' | ')} |`];
  const notes = [];
  for (const database of databases) {
    if (database.status !== 'ok' && database.cells.length === 0) {
      notes.push(`${database.label}: ${database.status} (${database.note ?? 'no reason given'})`);
      continue;
    }
    if (database.status !== 'ok') notes.push(`${database.label}: ${database.status} (${database.note})`);
    for (const scenario of scenarios) {
      const row = [database.label, scenario];
      let hasCells = false;
      for (const connections of connectionLevels) {
        const cell = database.cells.find(
          (candidate) => candidate.scenario === scenario && candidate.connections === connections,
        );
        if (!cell) {
          row.push('-', '-', '-');
          continue;
        }
        hasCells = true;
        const flag = hasFailures(cell) ? ' (!)' : '';
        row.push(
          `${Math.round(cell.requestsPerSecond)}${flag}`,
          formatMilliseconds(cell.latencyP50),
          formatMilliseconds(cell.latencyP99),
        );
        if (flag) {
          notes.push(
            `(!) ${database.label}, ${scenario}, ${connections} connections: ${cell.non2xx} non-2xx, ` +
              `${cell.errors} errors, ${cell.timeouts} timeouts`,
          );
        }
      }
      if (hasCells) lines.push(`| ${row.join(' | ')} |`);
    }
  }
  const table = lines.join('\n');
  return notes.length ? `${table}\n\n${notes.map((note) => `- ${note}`).join('\n')}` : table;
}
