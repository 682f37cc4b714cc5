import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MIN_NODE_MAJOR, unsupportedNodeMessage } from './node-version.js';

describe('the Node.js the server runs on', () => {
  it('refuses a Node older than 24 with one line naming the version it needs', () => {
    expect(unsupportedNodeMessage('20.20.2')).toBe(
      'Digital Assistant needs Node.js 24 or later; this is Node.js 20.20.2. Run it with `pnpm serve` (the repository pins Node 24) or install Node 24 LTS.',
    );
    expect(unsupportedNodeMessage('22.12.0')).toContain('needs Node.js 24 or later');
    expect(unsupportedNodeMessage('24.0.0')).toBeUndefined();
    expect(unsupportedNodeMessage('26.1.0')).toBeUndefined();
    expect(unsupportedNodeMessage(process.versions.node)).toBeUndefined();
  });

  it('says so and exits before loading anything when the machine Node is older (the built server and CLI)', () => {
    // The machine's own Node (20 here and in CI) outside the repository's pinned one.
    const machineNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
      if (!existsSync(path)) return false;
      const version = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
      return Number(version.split('.')[0]) < MIN_NODE_MAJOR;
    });
    const dist = (name: string) => fileURLToPath(new URL(`../dist/${name}`, import.meta.url));
    if (!machineNode || !existsSync(dist('main.js'))) return;
    for (const entry of ['main.js', 'cli.js']) {
      const result = spawnSync(machineNode, [dist(entry), 'user', 'list'], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, DATA_DIR: '/nonexistent-node-version-test' },
        timeout: 20_000,
      });
      expect(result.status, entry).toBe(1);
      expect(result.stderr.trim(), entry).toMatch(
        /^Digital Assistant needs Node\.js 24 or later; this is Node\.js \d+/,
      );
      expect(result.stderr.trim().split('\n'), entry).toHaveLength(1);
    }
  });
});
