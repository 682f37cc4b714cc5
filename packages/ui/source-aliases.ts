import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Tests and Storybook run against the sibling packages' sources, so they need no build of them first:
// `@digital-assistant/<pkg>` -> ../<pkg>/src/index.ts and `@digital-assistant/<pkg>/<entry>` -> ../<pkg>/src/<entry>.ts,
// or ../<pkg>/src/<entry>/index.ts for an entry that is a folder (the SDK's `testing`).
const packages = ['core', 'react', 'sdk'];

/** The widget's stories (in this Storybook too) import this package by its name: its source, not its build. */
const selfAliases = [
  // Its stylesheets, `styles.css` or one part (`@digital-assistant/ui/Chat/ChatScreen.css`), as in src/.
  {
    find: /^@digital-assistant\/ui\/(.+\.css)/,
    replacement: `${fileURLToPath(new URL('src/', import.meta.url))}$1`,
  },
  { find: /^@digital-assistant\/ui$/, replacement: fileURLToPath(new URL('src/index.ts', import.meta.url)) },
];

/** Vite `resolve.alias` entries for the workspace packages whose source is present. */
export const sourceAliases = [
  ...selfAliases,
  ...packages.flatMap((name) => {
    const source = fileURLToPath(new URL(`../${name}/src/`, import.meta.url));
    if (!existsSync(`${source}index.ts`)) return [];
    const folderEntries = readdirSync(source, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(`${source}${entry.name}/index.ts`))
      .map((entry) => ({
        find: new RegExp(`^@digital-assistant/${name}/${entry.name}$`),
        replacement: `${source}${entry.name}/index.ts`,
      }));
    return [
      { find: new RegExp(`^@digital-assistant/${name}$`), replacement: `${source}index.ts` },
      ...folderEntries,
      { find: new RegExp(`^@digital-assistant/${name}/([\\w-]+)$`), replacement: `${source}$1.ts` },
    ];
  }),
];
