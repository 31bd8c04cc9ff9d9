import { describe, expect, it } from 'vitest';
import { compileQuery, describeQuery, MAX_QUERY_DEPTH } from '../../../../lib/topics/query';
import { agenticRl, robotRl, worldModels } from './papers';
import { compiled, matches } from './query-test-helpers';

const canonical = (query: string): string => describeQuery(compiled(query));

describe('query grammar', () => {
  it('reads terms side by side as AND', () => {
    expect(canonical('agents tools')).toBe('agents AND tools');
    expect(matches('agents tools', agenticRl)).toBe(true);
    expect(matches('agents locomotion', agenticRl)).toBe(false);
  });

  it('binds AND tighter than OR: a OR b AND c is a OR (b AND c)', () => {
    expect(canonical('locomotion OR agents AND tools')).toBe('locomotion OR (agents AND tools)');
    // Read left to right, (locomotion OR agents) AND tools would reject the robotics paper.
    expect(matches('locomotion OR agents AND tools', robotRl)).toBe(true);
    expect(matches('agents AND tools OR locomotion', robotRl)).toBe(true);
  });

  it('binds ANDNOT tighter than OR: a OR b ANDNOT c is a OR (b ANDNOT c)', () => {
    expect(canonical('locomotion OR agents ANDNOT friction')).toBe('locomotion OR (agents ANDNOT friction)');
    expect(matches('locomotion OR agents ANDNOT friction', robotRl)).toBe(true);
    expect(matches('locomotion OR agents ANDNOT tools', agenticRl)).toBe(false);
  });

  it('reads AND and ANDNOT left to right among themselves', () => {
    expect(canonical('agents ANDNOT locomotion AND tools')).toBe('agents AND tools ANDNOT locomotion');
    expect(matches('agents ANDNOT locomotion AND tools', agenticRl)).toBe(true);
    expect(matches('agents ANDNOT tools AND survey', agenticRl)).toBe(false);
  });

  it('lets parentheses override precedence', () => {
    expect(canonical('(locomotion OR agents) AND tools')).toBe('(locomotion OR agents) AND tools');
    expect(matches('(locomotion OR agents) AND tools', robotRl)).toBe(false);
    expect(canonical('agents ANDNOT (tools AND locomotion)')).toBe('agents ANDNOT (tools AND locomotion)');
    expect(matches('agents ANDNOT (tools AND locomotion)', agenticRl)).toBe(true);
    expect(matches('agents ANDNOT (tools OR locomotion)', agenticRl)).toBe(false);
  });

  it('applies a field prefix to the next word only', () => {
    expect(canonical('ti:world model')).toBe('ti:world AND model');
    const paper = { title: 'A world of difference', abstract: 'We fit a model.', categories: [] };
    expect(matches('ti:world model', paper)).toBe(true);
    expect(matches('ti:world ti:model', paper)).toBe(false);
  });

  it('applies a field prefix to a quoted phrase and to a parenthesised group', () => {
    expect(canonical('ti:"world model"')).toBe('ti:"world model"');
    expect(matches('ti:"world models"', worldModels)).toBe(true);
    expect(matches('ti:"latent world model"', worldModels)).toBe(false);
    expect(canonical('au:(smith OR jones) cat:cs.RO')).toBe('(au:smith OR au:jones) AND cat:cs.RO');
    expect(matches('au:(smith OR jones) cat:cs.RO', robotRl)).toBe(true);
    expect(matches('au:(smith OR jones) cat:cs.RO', agenticRl)).toBe(false);
  });

  it('lets a field inside a group override the group', () => {
    expect(canonical('ti:(planning OR abs:video)')).toBe('ti:planning OR abs:video');
    expect(matches('ti:(navigation OR abs:video)', worldModels)).toBe(true);
    expect(matches('ti:(navigation OR video)', worldModels)).toBe(false);
  });

  it('accepts prefixes in any case and with a space before the term', () => {
    expect(canonical('TI:agentic')).toBe('ti:agentic');
    expect(canonical('ti: agentic')).toBe('ti:agentic');
    expect(canonical('Cat:cs.LG')).toBe('cat:cs.LG');
  });

  it('renders whole archives as cat:X.* whether written cat:X or cat:X.*', () => {
    expect(canonical('cat:cs')).toBe('cat:cs.*');
    expect(canonical('cat:cs.*')).toBe('cat:cs.*');
    expect(canonical('cat:"hep-th"')).toBe('cat:hep-th.*');
  });

  it('treats typographic quotes like straight ones', () => {
    expect(canonical('\u201Cworld model\u201D')).toBe('"world model"');
  });

  it('flattens redundant parentheses and nested chains', () => {
    expect(canonical('((agents)) OR ((tools OR (survey)))')).toBe('agents OR tools OR survey');
    expect(canonical('(agents (tools ANDNOT robot)) ANDNOT x')).toBe(
      'agents AND tools ANDNOT robot ANDNOT x',
    );
  });

  it(`accepts ${MAX_QUERY_DEPTH} levels of parentheses`, () => {
    const deep = `${'('.repeat(MAX_QUERY_DEPTH)}agents${')'.repeat(MAX_QUERY_DEPTH)}`;
    expect(canonical(deep)).toBe('agents');
    const nested = `${'(survey OR '.repeat(MAX_QUERY_DEPTH)}agents${')'.repeat(MAX_QUERY_DEPTH)}`;
    expect(matches(nested, agenticRl)).toBe(true);
    expect(matches(nested, robotRl)).toBe(false);
  });

  it('renders a query that compiles back to the same rendering', () => {
    const queries = [
      'agents tools',
      'a OR b ANDNOT c OR (d e)',
      'ti:"world model" ANDNOT (cat:cs.RO OR cat:eess)',
      'au:(smith OR "Jane Q. Doe") agent*',
      '"OR" "AND" RL',
      '(x ANDNOT y) ANDNOT (z ANDNOT w)',
      'abs:(on-policy distillation) cat:cs.*',
    ];
    for (const query of queries) {
      const once = canonical(query);
      expect(canonical(once), query).toBe(once);
    }
  });

  it('keeps the source text on the compiled query', () => {
    const result = compileQuery(' agents ');
    expect(result.ok && result.query.source).toBe(' agents ');
  });
});

describe('topic: field', () => {
  it('takes a pack topic id and describes it back as written', () => {
    expect(canonical('topic:llm-agents AND ti:memory')).toBe('topic:llm-agents AND ti:memory');
    expect(canonical('topic:(3d-gaussian-splatting)')).toBe('topic:3d-gaussian-splatting');
  });

  it('rejects what is not a topic id, at its position', () => {
    for (const bad of ['topic:"LLM Agents"', 'topic:LLM-Agents', 'topic:llm_agents', 'topic:agent*']) {
      const result = compileQuery(bad);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.message).toMatch(/not a topic id/);
        expect(result.error.position).toBe(6);
      }
    }
  });
});
