// Keeps the code blocks of the guide (sdk.md) equal to the example files they show: a block after
// `<!-- example: examples/NAME.ts -->` is that file, verbatim. `node scripts/sync-examples.ts`
// rewrites the blocks from the files; `--check` only says which differ (exit 1), as the tests do.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const docsDir = fileURLToPath(new URL('..', import.meta.url));
export const guidePath = fileURLToPath(new URL('../sdk.md', import.meta.url));

const BLOCK = /<!-- (example|output): (examples\/[\w-]+\.ts) -->\n```(\w*)\n([\s\S]*?)```\n/g;

/** One block of the guide that belongs to an example: its code, or the output it prints. */
export interface GuideBlock {
  kind: 'example' | 'output';
  file: string;
  body: string;
}

/** Every example and output block of the guide, in order. */
export function guideBlocks(markdown = readFileSync(guidePath, 'utf8')): GuideBlock[] {
  return [...markdown.matchAll(BLOCK)].map((match) => ({
    kind: match[1] as GuideBlock['kind'],
    file: match[2] as string,
    body: match[4] as string,
  }));
}

/** The guide with every example block replaced by its file's text. */
export function syncedGuide(markdown = readFileSync(guidePath, 'utf8')): string {
  return markdown.replace(BLOCK, (whole, kind: string, file: string, language: string) =>
    kind === 'example'
      ? `<!-- example: ${file} -->\n\`\`\`${language}\n${readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')}\`\`\`\n`
      : whole,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const current = readFileSync(guidePath, 'utf8');
  const synced = syncedGuide(current);
  if (process.argv.includes('--check')) {
    if (synced !== current) {
      console.error(
        'sdk.md shows examples that differ from their files: run `pnpm --filter @digital-assistant/docs sync`.',
      );
      process.exit(1);
    }
  } else if (synced !== current) {
    writeFileSync(guidePath, synced);
    console.log('sdk.md: example blocks updated from docs/examples.');
  }
}
