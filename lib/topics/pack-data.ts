import agents from './pack/agents.json';
import eess from './pack/eess.json';
import generative from './pack/generative.json';
import ir from './pack/ir.json';
import llm from './pack/llm.json';
import meta from './pack/meta.json';
import ml from './pack/ml.json';
import nlp from './pack/nlp.json';
import rl from './pack/rl.json';
import robotics from './pack/robotics.json';
import science from './pack/science.json';
import se from './pack/se.json';
import security from './pack/security.json';
import society from './pack/society.json';
import stats from './pack/stats.json';
import systems from './pack/systems.json';
import theory from './pack/theory.json';
import vision from './pack/vision.json';

/**
 * The source pack, unvalidated: `compilePack` checks and compiles it (tests, the bench, and the compiled
 * pack in ./pack/compiled.json). One file per field keeps the data reviewable.
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
