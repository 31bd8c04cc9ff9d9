import { describe, expect, it } from 'vitest';
import {
  type ArxivIdParts,
  formatArxivId,
  parseArxivId,
  parseArxivIdList,
} from '../../../lib/sites/arxiv-id';

const cases: [string, ArxivIdParts][] = [
  ['2509.01234', { id: '2509.01234' }],
  ['2509.01234v3', { id: '2509.01234', version: 3 }],
  ['2606.32040', { id: '2606.32040' }],
  ['0704.0001', { id: '0704.0001' }],
  ['1412.9999v12', { id: '1412.9999', version: 12 }],
  ['1501.00001', { id: '1501.00001' }],
  ['hep-th/9901001', { id: 'hep-th/9901001' }],
  ['hep-th/9901001v2', { id: 'hep-th/9901001', version: 2 }],
  ['cond-mat/0207270', { id: 'cond-mat/0207270' }],
  ['acc-phys/9411001', { id: 'acc-phys/9411001' }],
  // The subject class is not part of an old-style id: arXiv's canonical form keeps the archive only.
  ['math.AG/0601001', { id: 'math/0601001' }],
  ['math.GT/0309136v1', { id: 'math/0309136', version: 1 }],
  ['cs.AI/0011004', { id: 'cs/0011004' }],
  ['HEP-TH/9901001', { id: 'hep-th/9901001' }],
  ['  2509.01234  ', { id: '2509.01234' }],
  ['arXiv:2509.01234', { id: '2509.01234' }],
  ['arxiv:2509.01234v2', { id: '2509.01234', version: 2 }],
  ['arXiv: 2509.01234', { id: '2509.01234' }],
  ['arXiv:hep-th/9901001', { id: 'hep-th/9901001' }],
  ['arXiv:2106.09608 [cs.LG]', { id: '2106.09608' }],
  ['arXiv:2106.09608v2 [cond-mat.stat-mech]', { id: '2106.09608', version: 2 }],
  ['https://arxiv.org/abs/2509.01234', { id: '2509.01234' }],
  ['https://arxiv.org/abs/2509.01234v3', { id: '2509.01234', version: 3 }],
  ['http://arxiv.org/abs/hep-ex/0307015', { id: 'hep-ex/0307015' }],
  ['https://arxiv.org/abs/math.AG/0601001v2', { id: 'math/0601001', version: 2 }],
  ['https://arxiv.org/abs/2106.09608?context=cs.AI', { id: '2106.09608' }],
  ['https://export.arxiv.org/abs/1902.02534', { id: '1902.02534' }],
  ['https://www.arxiv.org/abs/1902.02534v2', { id: '1902.02534', version: 2 }],
  ['arxiv.org/abs/2509.01234', { id: '2509.01234' }],
  ['https://arxiv.org/pdf/2509.01234', { id: '2509.01234' }],
  ['https://arxiv.org/pdf/2509.01234v3', { id: '2509.01234', version: 3 }],
  ['https://arxiv.org/pdf/2509.01234v3.pdf', { id: '2509.01234', version: 3 }],
  ['https://arxiv.org/pdf/1703.10593.pdf', { id: '1703.10593' }],
  ['https://arxiv.org/pdf/hep-th/9901001v1.pdf', { id: 'hep-th/9901001', version: 1 }],
  ['https://arxiv.org/html/2509.01234', { id: '2509.01234' }],
  ['https://arxiv.org/html/2509.01234v3', { id: '2509.01234', version: 3 }],
  ['https://arxiv.org/html/2509.01234v3#S2.SS1', { id: '2509.01234', version: 3 }],
  ['https://arxiv.org/html/2509.01234v3/', { id: '2509.01234', version: 3 }],
  ['https://arxiv.org/html/2509.01234/v2', { id: '2509.01234', version: 2 }],
  ['https://arxiv.org/html/2509.01234v2/x1.png', { id: '2509.01234', version: 2 }],
  ['https://arxiv.org/format/2509.01234', { id: '2509.01234' }],
  ['https://www.alphaxiv.org/abs/2509.01234', { id: '2509.01234' }],
  ['https://alphaxiv.org/abs/2509.01234v2', { id: '2509.01234', version: 2 }],
  ['https://www.alphaxiv.org/overview/2606.32040', { id: '2606.32040' }],
  ['https://huggingface.co/papers/2509.01234', { id: '2509.01234' }],
  ['huggingface.co/papers/2106.09608', { id: '2106.09608' }],
  ['10.48550/arXiv.2509.01234', { id: '2509.01234' }],
  ['10.48550/ARXIV.2509.01234', { id: '2509.01234' }],
  ['doi:10.48550/arXiv.2106.09608', { id: '2106.09608' }],
  ['https://doi.org/10.48550/arXiv.2606.32040', { id: '2606.32040' }],
  ['https://dx.doi.org/10.48550/arXiv.math/0703055', { id: 'math/0703055' }],
  ['doi.org/10.48550/arXiv.1902.02534', { id: '1902.02534' }],
];

const garbage = [
  '',
  '   ',
  'garbage',
  '2513.00001', // month 13
  '2500.00001', // month 0
  '0703.0001', // the new scheme started in April 2007
  '0612.0001',
  '2509.0123', // four digits after 2014
  '1401.00001', // five digits before 2015
  '2509.123456',
  '2509.00000',
  '2509.01234v0',
  '2509.01234v',
  '2509.01234v99999',
  '2509-01234',
  '25090.1234',
  'hep-th/9901',
  'hep-th/99010011',
  'hep-th/9913001', // month 13
  'hep-th/0704001', // old scheme ended in March 2007
  'hep-th/9107001', // arXiv began in August 1991
  'foo/9901001', // not an archive
  'math.AGX/0601001',
  '/abs/2509.01234',
  'arXiv:',
  'arXiv:arXiv:2509.01234',
  '10.1145/3773274.3774931',
  '10.48550/arXiv.garbage',
  'https://example.org/abs/2509.01234',
  'https://arxiv.org/',
  'https://arxiv.org/abs/',
  'https://arxiv.org/list/cs.LG/2509.01234',
  'https://arxiv.org/abs/2509.01234extra',
  'ftp://arxiv.org/abs/2509.01234',
  'javascript:alert(1)//2509.01234',
  'https://huggingface.co/models/2509.01234',
  'https://doi.org/10.1145/3773274.3774931',
  'https://arxiv.org/abs/%E0%A4%A',
  '2509.01234 and more',
  '<script>2509.01234</script>',
];

describe('parseArxivId', () => {
  it.each(cases)('%s', (input, expected) => {
    expect(parseArxivId(input)).toEqual(expected);
  });

  it.each(garbage.map((g) => [g]))('rejects %j', (input) => {
    expect(parseArxivId(input)).toBeNull();
  });

  it('rejects non-strings and huge input without throwing', () => {
    expect(parseArxivId(undefined as unknown as string)).toBeNull();
    expect(parseArxivId(42 as unknown as string)).toBeNull();
    expect(parseArxivId(`${'9'.repeat(100_000)}`)).toBeNull();
    expect(parseArxivId(`arXiv:2509.01234${' '.repeat(5000)}`)).toBeNull();
  });

  it('round-trips through formatArxivId', () => {
    for (const [, parts] of cases) expect(parseArxivId(formatArxivId(parts))).toEqual(parts);
  });

  it('never throws on random strings or mutated ids, and whatever it accepts is normalised', () => {
    let seed = 0x2606_3204;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fff_ffff;
      return seed / 0x8000_0000;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const alphabet = [...'arXiv:0123456789./-vhepthmathAG[]%#?:=_ \t\n<>"\'\\\u00e9\u{1F600}'];
    const soup = () => Array.from({ length: Math.floor(random() * 40) }, () => pick(alphabet)).join('');
    const mutate = (text: string) => {
      let out = text;
      for (let k = Math.floor(random() * 4); k > 0; k--) {
        const at = Math.floor(random() * (out.length + 1));
        const op = random();
        if (op < 0.33) out = out.slice(0, at) + pick(alphabet) + out.slice(at);
        else if (op < 0.66) out = out.slice(0, at) + out.slice(at + 1);
        else out = out.slice(0, at) + pick(alphabet) + out.slice(at + 1);
      }
      return out;
    };
    let accepted = 0;
    for (let i = 0; i < 5000; i++) {
      const input = random() < 0.5 ? soup() : mutate(pick(cases)[0]);
      const parsed = parseArxivId(input);
      if (parsed === null) continue;
      accepted++;
      expect(parsed.id).toMatch(/^(?:\d{4}\.\d{4,5}|[a-z]+(?:-[a-z]+)?\/\d{7})$/);
      if (parsed.version !== undefined) expect(parsed.version).toBeGreaterThanOrEqual(1);
      expect(parseArxivId(formatArxivId(parsed))).toEqual(parsed);
    }
    // Unmutated and harmlessly mutated ids come up often enough for the property to be exercised.
    expect(accepted).toBeGreaterThan(200);
  });
});

describe('parseArxivIdList', () => {
  it('reads pasted ids one a line or space separated, once each, without versions, and names the rest', () => {
    const text = '2509.01234v2\narXiv:2509.01235  https://arxiv.org/abs/hep-th/9901001\n2509.01234, nonsense';
    expect(parseArxivIdList(text)).toEqual({
      ids: ['2509.01234', '2509.01235', 'hep-th/9901001'],
      invalid: ['nonsense'],
    });
    expect(parseArxivIdList('  \n ')).toEqual({ ids: [], invalid: [] });
  });
});

describe('parseArxivIdList on a huge paste (issue 33, item 5)', () => {
  it('reads 100,000 pasted ids (1.3 MB) in linear time, each once', () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => `2609.${String(i).padStart(5, '0')}`);
    ids[0] = '2609.00001'; // 00000 is no id; and one repeat
    const started = performance.now();
    const parsed = parseArxivIdList(ids.join('\n'));
    const took = performance.now() - started;
    expect(parsed.ids).toHaveLength(99_999);
    expect(parsed.invalid).toEqual([]);
    // Quadratic (an includes per id) took 12-19 s here; linear takes a fraction of a second.
    expect(took).toBeLessThan(3000);
  });
});
