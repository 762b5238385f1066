/** A link written in a Markdown file: its target as written and the line it is on. */
export interface MarkdownLink {
  target: string;
  line: number;
}

const FENCE = /^\s*(```|~~~)/;
const INLINE_LINK = /\]\(([^()\s]+)(?:\s+"[^"]*")?\)/g;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

/**
 * Lines outside fenced code blocks, with their 1-based numbers (a code block's `](` is not a link);
 * `text` without inline code, `raw` as written.
 */
function proseLines(markdown: string): Array<{ text: string; raw: string; line: number }> {
  const lines: Array<{ text: string; raw: string; line: number }> = [];
  let inFence = false;
  markdown.split('\n').forEach((text, index) => {
    if (FENCE.test(text)) {
      inFence = !inFence;
      return;
    }
    if (!inFence) lines.push({ text: text.replace(/`[^`]*`/g, ''), raw: text, line: index + 1 });
  });
  return lines;
}

export function markdownLinks(markdown: string): MarkdownLink[] {
  return proseLines(markdown).flatMap(({ text, line }) =>
    [...text.matchAll(INLINE_LINK)].map((match) => ({ target: match[1]!, line })),
  );
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { raw } of proseLines(markdown)) {
    const heading = HEADING.exec(raw);
    if (!heading) continue;
    const slug = heading[2]!
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Links to other sites and mail addresses are not checked here: only the repository's own files. */
export function isRelative(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target);
}
