import { describe, expect, it } from 'vitest';
import { parseDoi } from '../../../lib/sites/doi';
import { paperKey } from '../../../lib/sites/paper-key';
import { paperOfUrl } from '../../../lib/sites/paper-of-url';

describe('paperOfUrl', () => {
  it.each([
    ['https://arxiv.org/pdf/2106.09608', { arxivId: '2106.09608' }],
    ['https://arxiv.org/pdf/2106.09608v2.pdf', { arxivId: '2106.09608', version: 2 }],
    ['https://export.arxiv.org/pdf/hep-th/9901001v1', { arxivId: 'hep-th/9901001', version: 1 }],
    ['https://arxiv.org/abs/2606.32040v3', { arxivId: '2606.32040', version: 3 }],
    ['https://arxiv.org/html/2606.32040v3#S1', { arxivId: '2606.32040', version: 3 }],
    ['https://www.alphaxiv.org/abs/2509.01234', { arxivId: '2509.01234' }],
    ['https://huggingface.co/papers/2509.01234', { arxivId: '2509.01234' }],
    ['https://doi.org/10.48550/arXiv.2106.09608', { arxivId: '2106.09608' }],
    ['https://doi.org/10.1145/3773274.3774931', { doi: '10.1145/3773274.3774931' }],
    ['https://doi.org/10.1103/PhysRevLett.128.171101?foo=1', { doi: '10.1103/physrevlett.128.171101' }],
    [
      'https://www.biorxiv.org/content/10.1101/2021.11.08.467690v2.full.pdf',
      { doi: '10.1101/2021.11.08.467690' },
    ],
    ['https://www.medrxiv.org/content/10.1101/2020.04.14.20062463v1', { doi: '10.1101/2020.04.14.20062463' }],
  ])('%s', (url, expected) => {
    expect(paperOfUrl(url)).toEqual(expected);
  });

  it.each([
    'https://arxiv.org/',
    'https://arxiv.org/list/cs.LG/new',
    'https://example.org/paper.pdf',
    'https://doi.org/',
    'https://doi.org/not-a-doi',
    'chrome://newtab/',
    '',
    'not a url',
  ])('has no paper for %j', (url) => {
    expect(paperOfUrl(url)).toBeNull();
  });
});

describe('parseDoi', () => {
  it('reads bare DOIs, doi: prefixes and doi.org URLs, in lower case', () => {
    expect(parseDoi('10.18653/v1/2021.naacl-main.208')).toBe('10.18653/v1/2021.naacl-main.208');
    expect(parseDoi('doi:10.1038/S41467-018-07210-0')).toBe('10.1038/s41467-018-07210-0');
    expect(parseDoi(' https://doi.org/10.1145/3773274.3774931 ')).toBe('10.1145/3773274.3774931');
    expect(parseDoi('http://dx.doi.org/10.1051/0004-6361/202557705')).toBe('10.1051/0004-6361/202557705');
    expect(parseDoi('https://doi.org/10.1000/a%20b')).toBeNull();
    expect(parseDoi('10.1000/xyz.')).toBe('10.1000/xyz');
  });

  it('rejects what is not a DOI', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'doi:',
      '10.1/x',
      '11.1000/x',
      '10.1000/',
      'https://doi.org/%E0',
      `10.1000/${'x'.repeat(400)}`,
    ]) {
      expect(parseDoi(bad)).toBeNull();
    }
  });
});

describe('paperKey', () => {
  it('prefers the arXiv id, then the DOI, else null', () => {
    expect(paperKey({ arxivId: '2106.09608', doi: '10.1/x' })).toBe('2106.09608');
    expect(paperKey({ doi: '10.18653/v1/2021.naacl-main.208' })).toBe('doi:10.18653/v1/2021.naacl-main.208');
    expect(paperKey({})).toBeNull();
    expect(paperKey({ arxivId: '', doi: '' })).toBeNull();
  });
});
