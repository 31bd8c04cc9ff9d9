import { buildTerm } from './build-term';
import type { LexToken } from './lex-query';
import {
  MAX_QUERY_DEPTH,
  type QueryField,
  type QueryNode,
  QuerySyntaxError,
  type WorkMeter,
} from './query-ast';

/**
 * Recursive descent over the lexed tokens. Grammar (operators are case-sensitive capitals):
 *
 *   query   := or EOF
 *   or      := and ( "OR" and )*
 *   and     := unary ( ( "AND" | "ANDNOT" )? unary )*     -- two terms side by side mean AND
 *   unary   := FIELD? primary                            -- ti: abs: au: cat: apply to the next primary
 *   primary := WORD | "PHRASE" | "(" or ")"
 *
 * Precedence: AND and ANDNOT bind tighter than OR, and are read left to right among themselves, so
 * `a OR b ANDNOT c` is `a OR (b ANDNOT c)` and `a ANDNOT b AND c` is `(a ANDNOT b) AND c` (a, c, and not b).
 * (arXiv's own search reads all three strictly left to right; binding AND tighter is the convention of
 * every other boolean syntax, and surprises nobody who writes `x AND y OR z`.)
 * A field inside a group overrides the group's: in `ti:(a OR abs:b)`, b is searched in the abstract.
 *
 * Each token is consumed once and recursion only happens at "(", whose depth is bounded, so parsing is
 * linear in the query and cannot overflow the stack.
 */
export function parseQuery(tokens: readonly LexToken[], queryLength: number, meter: WorkMeter): QueryNode {
  let index = 0;
  const peek = (): LexToken | undefined => tokens[index];
  const next = (): LexToken => {
    meter.steps++;
    const token = tokens[index++];
    if (!token) throw new QuerySyntaxError(queryLength, 'Unexpected end of query');
    return token;
  };
  const startsTerm = (token: LexToken | undefined): boolean =>
    token !== undefined &&
    (token.kind === 'word' || token.kind === 'phrase' || token.kind === 'field' || token.kind === 'lparen');

  const unclosed = (opened: number, at = queryLength): QuerySyntaxError =>
    new QuerySyntaxError(at, `Expected a closing parenthesis for the one opened at ${opened}`);

  function parseOr(field: QueryField, depth: number): QueryNode {
    const children = [parseAnd(field, depth)];
    for (let token = peek(); token?.kind === 'or'; token = peek()) {
      next();
      if (!startsTerm(peek())) throw new QuerySyntaxError(token.pos, 'OR needs a term on its right');
      children.push(parseAnd(field, depth));
    }
    return makeOr(children, meter);
  }

  function parseAnd(field: QueryField, depth: number): QueryNode {
    const first = peek();
    if (first && (first.kind === 'and' || first.kind === 'or' || first.kind === 'andnot')) {
      throw new QuerySyntaxError(first.pos, `${operatorName(first.kind)} needs a term on its left`);
    }
    const operands: AndOperand[] = [{ negated: false, node: parseUnary(field, depth) }];
    for (let token = peek(); token; token = peek()) {
      if (token.kind === 'and' || token.kind === 'andnot') {
        next();
        if (!startsTerm(peek())) {
          throw new QuerySyntaxError(token.pos, `${operatorName(token.kind)} needs a term on its right`);
        }
        operands.push({ negated: token.kind === 'andnot', node: parseUnary(field, depth) });
      } else if (startsTerm(token)) {
        operands.push({ negated: false, node: parseUnary(field, depth) });
      } else {
        break;
      }
    }
    return makeAnd(operands, meter);
  }

  function parseUnary(field: QueryField, depth: number): QueryNode {
    const token = peek();
    if (token?.kind !== 'field') return parsePrimary(field, depth);
    next();
    const after = peek();
    if (!startsTerm(after) || after?.kind === 'field') {
      throw new QuerySyntaxError(
        token.pos,
        `${token.field}: needs a word, a quoted phrase or a parenthesised group after it`,
      );
    }
    return parsePrimary(token.field, depth);
  }

  function parsePrimary(field: QueryField, depth: number): QueryNode {
    const token = next();
    switch (token.kind) {
      case 'word':
      case 'phrase':
        return buildTerm(field, { text: token.text, pos: token.pos, quoted: token.kind === 'phrase' });
      case 'lparen': {
        if (depth >= MAX_QUERY_DEPTH) {
          throw new QuerySyntaxError(
            token.pos,
            `Parentheses are nested too deeply (at most ${MAX_QUERY_DEPTH} levels)`,
          );
        }
        const first = peek();
        if (!first) throw unclosed(token.pos);
        if (first.kind === 'rparen') throw new QuerySyntaxError(token.pos, 'Empty parentheses');
        const inner = parseOr(field, depth + 1);
        const close = peek();
        if (close?.kind !== 'rparen') throw unclosed(token.pos, close?.pos);
        next();
        return inner;
      }
      default:
        // parseAnd and parseUnary have already dealt with operators and fields, so this is a stray ")".
        throw new QuerySyntaxError(token.pos, 'This closing parenthesis has no opening one');
    }
  }

  if (tokens.length === 0) throw new QuerySyntaxError(0, 'Empty query');
  const root = parseOr('text', 0);
  const rest = peek();
  if (rest) {
    // parseOr stops only at ")" or the end, so anything left is a stray ")".
    throw new QuerySyntaxError(rest.pos, `This closing parenthesis has no opening one`);
  }
  return root;
}

function operatorName(kind: 'and' | 'or' | 'andnot'): string {
  return kind.toUpperCase();
}

/** A chain of one is just its term; nested chains are flattened later, in one pass (normalize-query.ts). */
function makeOr(children: QueryNode[], meter: WorkMeter): QueryNode {
  meter.steps++;
  return children.length === 1 && children[0] ? children[0] : { type: 'or', children };
}

interface AndOperand {
  negated: boolean;
  node: QueryNode;
}

function makeAnd(operands: readonly AndOperand[], meter: WorkMeter): QueryNode {
  meter.steps++;
  const only = operands[0];
  if (operands.length === 1 && only && !only.negated) return only.node;
  return {
    type: 'and',
    all: operands.filter((operand) => !operand.negated).map((operand) => operand.node),
    none: operands.filter((operand) => operand.negated).map((operand) => operand.node),
  };
}
