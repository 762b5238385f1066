import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingAnchors, isRelative, markdownLinks } from '../src/markdown-links.js';

const ROOT = path.resolve(__dirname, '../../..');
const DOCS = path.join(ROOT, 'docs');

/** README.md, CONTRIBUTING.md and every page of docs/ (the specs, kept word for word, included). */
function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return walk(full);
      return name.endsWith('.md') ? [full] : [];
    });
  return [path.join(ROOT, 'README.md'), path.join(ROOT, 'CONTRIBUTING.md'), ...walk(DOCS)].filter((file) =>
    existsSync(file),
  );
}

/** What is wrong with one link from `file`, or null when it resolves. */
function brokenReason(file: string, target: string): string | null {
  const [filePart, anchor] = target.split('#', 2) as [string, string | undefined];
  const resolved = filePart === '' ? file : path.resolve(path.dirname(file), decodeURI(filePart));
  if (!existsSync(resolved)) return `no file ${path.relative(ROOT, resolved)}`;
  if (anchor === undefined || !resolved.endsWith('.md')) return null;
  return headingAnchors(readFileSync(resolved, 'utf8')).has(anchor)
    ? null
    : `no heading #${anchor} in ${path.relative(ROOT, resolved)}`;
}

describe('markdown links', () => {
  it('finds links outside code and GitHub anchors of headings', () => {
    const page = [
      '# Run it (one `npm start`)',
      'See [a](./a.md#x), [site](https://example.com) and `[no](./code.md)`.',
      '```',
      '[not a link](./fenced.md)',
      '```',
      '## Run it (one `npm start`)',
    ].join('\n');
    expect(markdownLinks(page).map((link) => link.target)).toEqual(['./a.md#x', 'https://example.com']);
    expect(isRelative('https://example.com')).toBe(false);
    expect(isRelative('./a.md#x')).toBe(true);
    expect([...headingAnchors(page)]).toEqual(['run-it-one-npm-start', 'run-it-one-npm-start-1']);
  });

  it('every relative link of README.md, CONTRIBUTING.md and docs/ resolves, anchors included', () => {
    const files = markdownFiles();
    expect(files.map((file) => path.relative(ROOT, file))).toContain('README.md');
    const broken = files.flatMap((file) =>
      markdownLinks(readFileSync(file, 'utf8'))
        .filter((link) => isRelative(link.target))
        .flatMap((link) => {
          const reason = brokenReason(file, link.target);
          return reason ? [`${path.relative(ROOT, file)}:${link.line} ${link.target}: ${reason}`] : [];
        }),
    );
    expect(broken).toEqual([]);
  });
});
