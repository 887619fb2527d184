// Splits a string or template literal on a long line into `'…' + '…'` pieces at spaces; a template only
// between its spans at the top level, never inside `${}`. Each split is checked: the pieces parse and
// spell the same text and substitutions, in the same order, as the literal did.
import ts from 'typescript5';
import type { Edit } from './comments';

type Literal = ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression;

const isLiteral = (node: ts.Node): node is Literal =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);

/** Where a `+` of pieces would change the program or cannot stand: types, names, module paths, directives. */
function fixed(node: Literal): boolean {
  const p = node.parent;
  if (ts.isLiteralTypeNode(p) || ts.isTaggedTemplateExpression(p) || ts.isExpressionStatement(p)) return true;
  if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isExternalModuleReference(p)) return true;
  if (ts.isModuleDeclaration(p) || ts.isEnumMember(p) || ts.isJsxAttribute(p) || ts.isImportAttribute(p)) return true;
  if ('name' in p && p.name === node) return true;
  if (ts.isAsExpression(p) && p.type.getText() === 'const') return true;
  if (
    ts.isCallExpression(p) &&
    (p.expression.kind === ts.SyntaxKind.ImportKeyword || p.expression.getText() === 'require')
  )
    return true;
  return false;
}

/** Whether the pieces need parentheses where the literal stands (prettier drops those it does not need). */
function needsParens(node: Literal): boolean {
  const p = node.parent;
  if (ts.isBinaryExpression(p)) {
    const op = p.operatorToken.kind;
    const tighter = [
      ts.SyntaxKind.AsteriskToken,
      ts.SyntaxKind.SlashToken,
      ts.SyntaxKind.PercentToken,
      ts.SyntaxKind.AsteriskAsteriskToken,
      ts.SyntaxKind.MinusToken,
    ];
    return tighter.includes(op);
  }
  return !(
    ts.isVariableDeclaration(p) ||
    ts.isPropertyAssignment(p) ||
    ts.isCallExpression(p) ||
    ts.isNewExpression(p) ||
    ts.isArrayLiteralExpression(p) ||
    ts.isReturnStatement(p) ||
    ts.isThrowStatement(p) ||
    ts.isArrowFunction(p) ||
    ts.isParenthesizedExpression(p) ||
    ts.isTemplateSpan(p) ||
    ts.isConditionalExpression(p) ||
    ts.isParameter(p) ||
    ts.isPropertyDeclaration(p) ||
    ts.isBindingElement(p) ||
    ts.isCaseClause(p) ||
    ts.isSpreadElement(p)
  );
}

/** The literal's text as [start, end) ranges of its source, each either literal text or a whole `${…}`. */
function parts(node: Literal, sf: ts.SourceFile): { start: number; end: number; text: boolean }[] {
  if (!ts.isTemplateExpression(node)) return [{ start: node.getStart(sf) + 1, end: node.end - 1, text: true }];
  const out = [{ start: node.head.getStart(sf) + 1, end: node.head.end - 2, text: true }];
  for (const span of node.templateSpans) {
    const lit = span.literal;
    const litStart = lit.getStart(sf) + 1;
    out.push({ start: out.at(-1)!.end, end: litStart, text: false });
    out.push({ start: litStart, end: lit.end - (ts.isTemplateTail(lit) ? 1 : 2), text: true });
  }
  return out;
}

/** Places after a space (not an escaped one) where the literal may be cut, in order. */
function cutPoints(node: Literal, sf: ts.SourceFile): number[] {
  const text = sf.text;
  const points: number[] = [];
  const all = parts(node, sf);
  const last = all.at(-1)!.end;
  for (const part of all.filter((p) => p.text))
    for (let i = part.start; i < part.end; i++) {
      if (text[i] !== ' ' || i + 1 >= last) continue;
      let slashes = 0;
      while (text[i - 1 - slashes] === '\\') slashes++;
      if (slashes % 2 === 0 && text[i + 1] !== ' ') points.push(i + 1);
    }
  return points;
}

/** The literal's meaning: its cooked text and the source of its substitutions, in order, texts merged. */
function meaning(expr: ts.Expression, sf: ts.SourceFile): string[] | undefined {
  if (ts.isParenthesizedExpression(expr)) return meaning(expr.expression, sf);
  if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = meaning(expr.left, sf);
    const right = meaning(expr.right, sf);
    if (!left || !right) return undefined;
    return left.at(-1)?.startsWith('t') && right[0]?.startsWith('t')
      ? [...left.slice(0, -1), left.at(-1)! + right[0]!.slice(1), ...right.slice(1)]
      : [...left, ...right];
  }
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return ['t' + expr.text];
  if (!ts.isTemplateExpression(expr)) return undefined;
  const out = ['t' + expr.head.text];
  for (const span of expr.templateSpans) out.push('e' + span.expression.getText(sf), 't' + span.literal.text);
  return out
    .filter((m) => m !== 't')
    .reduce<string[]>((acc, m) => {
      if (m.startsWith('t') && acc.at(-1)?.startsWith('t')) acc[acc.length - 1] += m.slice(1);
      else acc.push(m);
      return acc;
    }, []);
}

/** The pieces the literal becomes, each at most `room` characters of source text where spaces allow. */
export function splitLiteral(node: Literal, sf: ts.SourceFile, room: number): string | undefined {
  const text = sf.text;
  const all = parts(node, sf);
  const first = all[0]!.start;
  const end = all.at(-1)!.end;
  const cuts = [first];
  let prev = -1;
  for (const point of cutPoints(node, sf)) {
    if (point - cuts.at(-1)! > room && prev > cuts.at(-1)!) cuts.push(prev);
    prev = point;
  }
  if (end - cuts.at(-1)! > room && prev > cuts.at(-1)!) cuts.push(prev);
  if (cuts.length < 2) return undefined;
  const quote = text[first - 1]!;
  const pieces = [...cuts, end].slice(1).map((cut, i) => quote + text.slice(cuts[i], cut) + quote);
  const joined = needsParens(node) ? `(${pieces.join(' + ')})` : pieces.join(' + ');
  const check = ts.createSourceFile('check.ts', `(${joined})`, ts.ScriptTarget.Latest, true);
  const statement = check.statements[0];
  const diagnostics = (check as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics;
  if (diagnostics.length || !statement || !ts.isExpressionStatement(statement)) return undefined;
  const before = JSON.stringify(meaning(node, sf));
  return before === JSON.stringify(meaning(statement.expression, check)) ? joined : undefined;
}

/** Edits that split the literals on long lines. */
export function literalEdits(sf: ts.SourceFile, width: number, longLines: Set<number>): Edit[] {
  const edits: Edit[] = [];
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node): void => {
    if (isLiteral(node) && !fixed(node)) {
      const start = node.getStart(sf);
      const [from, to] = [lineOf(start), lineOf(node.end)];
      const onLong = [...longLines].some((l) => l >= from && l <= to);
      const indent = /^[ \t]*/.exec(sf.text.slice(sf.getLineStarts()[from]))![0].length;
      const room = Math.max(40, width - indent - 12);
      const split = onLong && from === to && node.end - start - 2 > room ? splitLiteral(node, sf, room) : undefined;
      if (split) return void edits.push({ start, end: node.end, text: split });
    }
    // Inside `${}` nothing is cut: the template around it is the one to split, and cutting
    // within a template of many lines (a page, a style sheet) leaves its lines as long.
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
  };
  visit(sf);
  return edits;
}
