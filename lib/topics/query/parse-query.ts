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
  if (tokens.length === 0) throw new QuerySyntaxError(0, 'Empty query');
  return new QueryParser(tokens, queryLength, meter).parse();
}

/** The parser's state: the tokens and where it is in them. One per query. */
class QueryParser {
  private index = 0;

  constructor(
    private readonly tokens: readonly LexToken[],
    private readonly queryLength: number,
    private readonly meter: WorkMeter,
  ) {}

  parse(): QueryNode {
    const root = this.parseOr('text', 0);
    const rest = this.peek();
    if (rest) {
      // parseOr stops only at ")" or the end, so anything left is a stray ")".
      throw new QuerySyntaxError(rest.pos, `This closing parenthesis has no opening one`);
    }
    return root;
  }

  private peek(): LexToken | undefined {
    return this.tokens[this.index];
  }

  private next(): LexToken {
    this.meter.steps++;
    const token = this.tokens[this.index++];
    if (!token) throw new QuerySyntaxError(this.queryLength, 'Unexpected end of query');
    return token;
  }

  private unclosed(opened: number, at = this.queryLength): QuerySyntaxError {
    return new QuerySyntaxError(at, `Expected a closing parenthesis for the one opened at ${opened}`);
  }

  private parseOr(field: QueryField, depth: number): QueryNode {
    const children = [this.parseAnd(field, depth)];
    for (let token = this.peek(); token?.kind === 'or'; token = this.peek()) {
      this.next();
      if (!startsTerm(this.peek())) throw new QuerySyntaxError(token.pos, 'OR needs a term on its right');
      children.push(this.parseAnd(field, depth));
    }
    return makeOr(children, this.meter);
  }

  private parseAnd(field: QueryField, depth: number): QueryNode {
    const first = this.peek();
    if (first && (first.kind === 'and' || first.kind === 'or' || first.kind === 'andnot')) {
      throw new QuerySyntaxError(first.pos, `${operatorName(first.kind)} needs a term on its left`);
    }
    const operands: AndOperand[] = [{ negated: false, node: this.parseUnary(field, depth) }];
    for (let token = this.peek(); token; token = this.peek()) {
      if (token.kind === 'and' || token.kind === 'andnot') {
        this.next();
        if (!startsTerm(this.peek())) {
          throw new QuerySyntaxError(token.pos, `${operatorName(token.kind)} needs a term on its right`);
        }
        operands.push({ negated: token.kind === 'andnot', node: this.parseUnary(field, depth) });
      } else if (startsTerm(token)) {
        operands.push({ negated: false, node: this.parseUnary(field, depth) });
      } else {
        break;
      }
    }
    return makeAnd(operands, this.meter);
  }

  private parseUnary(field: QueryField, depth: number): QueryNode {
    const token = this.peek();
    if (token?.kind !== 'field') return this.parsePrimary(field, depth);
    this.next();
    const after = this.peek();
    if (!startsTerm(after) || after?.kind === 'field') {
      throw new QuerySyntaxError(
        token.pos,
        `${token.field}: needs a word, a quoted phrase or a parenthesised group after it`,
      );
    }
    return this.parsePrimary(token.field, depth);
  }

  private parsePrimary(field: QueryField, depth: number): QueryNode {
    const token = this.next();
    switch (token.kind) {
      case 'word':
      case 'phrase':
        return buildTerm(field, { text: token.text, pos: token.pos, quoted: token.kind === 'phrase' });
      case 'lparen':
        return this.parseGroup(field, depth, token.pos);
      default:
        // parseAnd and parseUnary have already dealt with operators and fields, so this is a stray ")".
        throw new QuerySyntaxError(token.pos, 'This closing parenthesis has no opening one');
    }
  }

  /** After "(": the group up to its ")". */
  private parseGroup(field: QueryField, depth: number, opened: number): QueryNode {
    if (depth >= MAX_QUERY_DEPTH) {
      throw new QuerySyntaxError(
        opened,
        `Parentheses are nested too deeply (at most ${MAX_QUERY_DEPTH} levels)`,
      );
    }
    const first = this.peek();
    if (!first) throw this.unclosed(opened);
    if (first.kind === 'rparen') throw new QuerySyntaxError(opened, 'Empty parentheses');
    const inner = this.parseOr(field, depth + 1);
    const close = this.peek();
    if (close?.kind !== 'rparen') throw this.unclosed(opened, close?.pos);
    this.next();
    return inner;
  }
}

function startsTerm(token: LexToken | undefined): boolean {
  return (
    token !== undefined &&
    (token.kind === 'word' || token.kind === 'phrase' || token.kind === 'field' || token.kind === 'lparen')
  );
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
