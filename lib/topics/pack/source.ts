import agents from '../data/agents.json';
import eess from '../data/eess.json';
import generative from '../data/generative.json';
import ir from '../data/ir.json';
import llm from '../data/llm.json';
import meta from '../data/meta.json';
import ml from '../data/ml.json';
import nlp from '../data/nlp.json';
import rl from '../data/rl.json';
import robotics from '../data/robotics.json';
import science from '../data/science.json';
import se from '../data/se.json';
import security from '../data/security.json';
import society from '../data/society.json';
import stats from '../data/stats.json';
import systems from '../data/systems.json';
import theory from '../data/theory.json';
import vision from '../data/vision.json';

/**
 * The source pack, unvalidated: `compilePack` checks and compiles it (tests, the bench, and the compiled
 * pack in ../data/compiled.json). One file per field keeps the data reviewable.
 */
export const PACK_DATA: unknown = {
  ...meta,
  topics: [
    ...agents,
    ...eess,
    ...generative,
    ...ir,
    ...llm,
    ...ml,
    ...nlp,
    ...rl,
    ...robotics,
    ...science,
    ...se,
    ...security,
    ...society,
    ...stats,
    ...systems,
    ...theory,
    ...vision,
  ],
};
