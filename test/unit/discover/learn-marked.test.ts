import { describe, expect, it } from 'vitest';
import { withYesTerms } from '../../../lib/discover/learn-marked';
import type { LearnPaper } from '../../../lib/discover/learn-topic';

const paper = (id: string, title: string, abstract = ''): LearnPaper => ({
  id,
  title,
  abstract,
  categories: ['cs.CV'],
});

describe('withYesTerms: a "yes" mark never makes the query broader (issue 37)', () => {
  const geo = paper('y1', 'Image geolocalization from street views', 'Where was this photo taken?');
  const satellite = paper('y2', 'Cross-view matching of ground and satellite images', 'Drone to satellite.');
  const pose = paper('n1', 'Cross-view relative pose estimation', 'Pose from two cross-view images.');

  it('keeps the query when it already matches every "yes" paper, even if all examples learn another', () => {
    expect(withYesTerms('"geolocalization"', [geo], [], '"Cross-View"')).toBe('"geolocalization"');
  });

  it('adds a term that matches a missed "yes" paper and no paper marked "not this"', () => {
    expect(
      withYesTerms('"geolocalization"', [geo, satellite], [pose], '"Cross-View" OR "satellite images"'),
    ).toBe('"geolocalization" OR "satellite images"');
  });

  it('never adds a term that matches a paper marked "not this"', () => {
    expect(withYesTerms('"geolocalization"', [satellite], [pose], '"Cross-View"')).toBe('"geolocalization"');
  });
});
