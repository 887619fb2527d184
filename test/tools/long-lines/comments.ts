// Re-wraps comment lines over the width at word boundaries, keeping each line's prefix (`// `, ` * `).
// Only a paragraph holding a long line is touched, from that line on, so a second pass changes nothing.
import ts from 'typescript5';

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** A comment line: its prefix (indent and marker) and its words. */
interface Line {
  lead: string;
  text: string;
}

/** A line that starts a paragraph of its own: blank, indented further, a list item, a JSDoc tag. */
const HARD = /^(\s|[-*•]\s|\d+[.)]\s|@|$)/;
/** Directives a tool reads as they stand. */
const DIRECTIVE = /^\s*(\/\/\/?|\/\*\*?)\s*(eslint|@ts-|prettier-ignore|global\s|<reference)/;

/** Every comment of the file once: the leading and trailing comments of each token. */
export function commentRanges(sf: ts.SourceFile): ts.CommentRange[] {
  const found = new Map<number, ts.CommentRange>();
  const add = (ranges: ts.CommentRange[] | undefined) => ranges?.forEach((r) => found.set(r.pos, r));
  const visit = (node: ts.Node): void => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(sf);
    if (children.length === 0) {
      add(ts.getLeadingCommentRanges(sf.text, node.pos));
      add(ts.getTrailingCommentRanges(sf.text, node.end));
    }
    children.forEach(visit);
  };
  visit(sf);
  return [...found.values()].sort((a, b) => a.pos - b.pos);
}

/** Greedy fill of `words` after `lead`, continuation lines after `next`. */
function fill(words: string[], lead: string, next: string, width: number): Line[] {
  const out: Line[] = [];
  let text = '';
  for (const word of words) {
    const candidate = text ? `${text} ${word}` : word;
    if (text && (out.length ? next : lead).length + candidate.length > width) {
      out.push({ lead: out.length ? next : lead, text });
      text = word;
    } else text = candidate;
  }
  out.push({ lead: out.length ? next : lead, text });
  return out;
}

/** The lines with each paragraph holding a long line re-filled from that line on; `next` leads added lines. */
export function reflow(lines: Line[], next: string, width: number): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < lines.length;) {
    let end = i + 1;
    while (end < lines.length && !HARD.test(lines[end]!.text) && !lines[end - 1]!.text.startsWith(' ')) end++;
    const long = lines.slice(i, end).findIndex((l) => (l.lead + l.text).length > width);
    if (long < 0) out.push(...lines.slice(i, end));
    else {
      const first = lines[i + long]!;
      out.push(...lines.slice(i, i + long));
      const indent = /^\s*(?:[-*•]\s+|\d+[.)]\s+)?/.exec(first.text)![0];
      const words = lines
        .slice(i + long, end)
        .flatMap((l) => l.text.trim().split(/\s+/))
        .filter(Boolean);
      const head = first.lead + /^\s*/.exec(first.text)![0];
      out.push(...fill(words, head, next.trimEnd() + ' ' + ' '.repeat(indent.length), width));
    }
    i = end;
  }
  return out;
}

const render = (lines: Line[]) => lines.map((l) => (l.lead + l.text).trimEnd()).join('\n');

/** Edits that re-wrap the long comment lines of the file; trailing `//` comments move above their line. */
export function commentEdits(sf: ts.SourceFile, width: number, codeStarts: Set<number>): Edit[] {
  const text = sf.text;
  const lineStart = (pos: number) => text.lastIndexOf('\n', pos - 1) + 1;
  const lineEnd = (pos: number) => (text.indexOf('\n', pos) + 1 || text.length + 1) - 1;
  const long = (pos: number) => lineEnd(pos) - lineStart(pos) > width;
  const edits: Edit[] = [];
  const ranges = commentRanges(sf).filter((r) => !DIRECTIVE.test(text.slice(r.pos, r.end)));
  const ownLine = (r: ts.CommentRange) => text.slice(lineStart(r.pos), r.pos).trim() === '';
  const line = ts.SyntaxKind.SingleLineCommentTrivia;
  for (let i = 0; i < ranges.length; i++) {
    const r = ranges[i]!;
    const indent = text.slice(lineStart(r.pos), r.pos);
    if (r.kind === line && ownLine(r)) {
      // A run of `//` lines one under the other, at one column, is one comment.
      let j = i + 1;
      while (j < ranges.length) {
        const n = ranges[j]!;
        const gap = text.slice(ranges[j - 1]!.end, n.pos);
        if (n.kind !== line || !/^\n[ \t]*$/.test(gap) || gap.length - 1 !== indent.length) break;
        j++;
      }
      const group = ranges.slice(i, j);
      i = j - 1;
      if (!group.some((g) => long(g.pos))) continue;
      const lines = group.map((g) => {
        const [, marker, rest] = /^(\/\/+ ?)(.*)$/.exec(text.slice(g.pos, g.end))!;
        return { lead: indent + marker, text: rest!.trimEnd() };
      });
      const start = lineStart(r.pos);
      edits.push({ start, end: group.at(-1)!.end, text: render(reflow(lines, indent + '// ', width)) });
    } else if (r.kind === line && long(r.pos)) {
      // A comment after code goes above the line, if that line starts with a token (not inside a literal).
      const start = lineStart(r.pos);
      const lead = /^[ \t]*/.exec(text.slice(start))![0];
      if (!codeStarts.has(start + lead.length)) continue;
      const words = text
        .slice(r.pos, r.end)
        .replace(/^\/\/+ ?/, '')
        .trim()
        .split(/\s+/);
      const codeEnd = start + text.slice(start, r.pos).trimEnd().length;
      edits.push({ start, end: start, text: render(fill(words, lead + '// ', lead + '// ', width)) + '\n' });
      edits.push({ start: codeEnd, end: r.end, text: '' });
    } else if (r.kind !== line && ownLine(r) && text.slice(r.end, lineEnd(r.end)).trim() === '') {
      if (!(indent + text.slice(r.pos, r.end)).split('\n').some((row) => row.length > width)) continue;
      edits.push(...blockEdit(text, r, indent, width));
    }
  }
  return edits;
}

/** A `/* … *\/` comment re-wrapped; a one-line doc comment stays compact: `/** words` … ` * words *\/`. */
function blockEdit(text: string, r: ts.CommentRange, indent: string, width: number): Edit[] {
  const raw = text.slice(r.pos, r.end);
  const rows = raw.split('\n');
  const opener = /^\/\*\*? ?/.exec(rows[0]!)![0];
  const closesAlone = rows.length > 1 && /^\s*\*\/$/.test(rows.at(-1)!);
  const lines: Line[] = rows.slice(0, closesAlone ? -1 : undefined).map((row, n) => {
    if (n === 0) return { lead: indent + opener, text: row.slice(opener.length) };
    const [, lead, rest] = /^(\s*\*?(?!\/) ?)(.*)$/.exec(row)!;
    return { lead: lead!, text: rest! };
  });
  const last = lines.at(-1)!;
  // The closing `*/` is glued to the last word (by a character no source holds) so it never wraps alone.
  if (!closesAlone) last.text = last.text.replace(/\s*\*\/$/, '\u0001*/');
  const next = indent + ' * ';
  const body = render(reflow(lines, next, width)).replace('\u0001', ' ');
  const wrapped = body + (closesAlone ? '\n' + rows.at(-1) : '');
  return wrapped === indent + raw ? [] : [{ start: r.pos - indent.length, end: r.end, text: wrapped }];
}
